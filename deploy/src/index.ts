export type { HelmResult, KubeObject, TemplateOptions } from './helm.ts';
export { chartDir, helm, parseManifests, template, templateRaw } from './helm.ts';
export type { Kubectl } from './kubectl.ts';
export { kubectlFor } from './kubectl.ts';
