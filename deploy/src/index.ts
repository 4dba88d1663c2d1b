export { bundlePathFor, bundleServices } from './bundles.ts';
export type { HelmResult, KubeObject, TemplateOptions } from './helm.ts';
export { chartDir, helm, parseManifests, template, templateRaw } from './helm.ts';
export type { Kubectl } from './kubectl.ts';
export { kubectlFor } from './kubectl.ts';
export type { LocalNatsNode } from './local-nats.ts';
export { localNatsConfig } from './local-nats.ts';
export type { Container, LocalPodPlan, PodSpec, RenderedWorkload } from './local-pod.ts';
export { localPath, localPod, renderedData, renderedWorkloads } from './local-pod.ts';
export {
  COMPILE_CACHE_FLAG,
  EXPOSE_GC_FLAG,
  MAGLEV_TOP_TIER_FLAG,
  SERVICE_ENV,
  SERVICE_NODE_FLAGS,
  services,
} from './services.ts';
