// @kruise-ts/api/crd: the TypeBox schemas of every kind and the CRD manifests generated from them, for the
// tools that install or render CRDs (launcher, chart, devcluster, tests). Services import @kruise-ts/api, which
// never loads the schema library.

export {
  buildCrd,
  buildCrds,
  buildCrdsWithConversionWebhook,
  type ConversionWebhookOptions,
  type CustomResourceDefinition,
} from './crd/generate.ts';
export { kindSchemas } from './crd/kind-schemas.ts';
export { crdFileName, renderCrd } from './crd/render.ts';
export * from './schema/advancedcronjob.ts';
export * from './schema/broadcastjob.ts';
export * from './schema/cloneset.ts';
export * from './schema/helpers.ts';
export * from './schema/meta.ts';
export * from './schema/pod.ts';
export * from './schema/shared.ts';
export * from './schema/sidecarset.ts';
export * from './schema/statefulset.ts';
