// @kruise-ts/api: one definition per apps.kruise.io kind and version (src/schema) and everything derived from
// it — TS types, Kruise's defaulting and validation, lossless v1alpha1⇄v1beta1 conversion — for services to load
// at run time. The schemas themselves and the CRD manifests built from them are `@kruise-ts/api/crd` (src/crd.ts):
// loading TypeBox costs every process ~4–6 MiB (docs/performance.md, "Idle memory").

// Any kind, chosen by kind and apiVersion (admission webhooks).
export { defaultObject, validateObject } from './by-kind.ts';
export { claimCompatibleWithoutSize, claimStorage } from './claim-compare.ts';
export * from './constants.ts';
// Conversion (conversion webhook).
export {
  cloneSetV1alpha1ToV1beta1,
  cloneSetV1beta1ToV1alpha1,
  convertCloneSetToV1alpha1,
  convertCloneSetToV1beta1,
} from './conversion/cloneset.ts';
export { ConversionError, convertObject } from './conversion/convert.ts';
export {
  advancedCronJobV1alpha1ToV1beta1,
  advancedCronJobV1beta1ToV1alpha1,
  broadcastJobV1alpha1ToV1beta1,
  broadcastJobV1beta1ToV1alpha1,
  convertAdvancedCronJobToV1alpha1,
  convertAdvancedCronJobToV1beta1,
  convertBroadcastJobToV1alpha1,
  convertBroadcastJobToV1beta1,
} from './conversion/jobs.ts';
export {
  convertSidecarSetToV1alpha1,
  convertSidecarSetToV1beta1,
  sidecarSetV1alpha1ToV1beta1,
  sidecarSetV1beta1ToV1alpha1,
} from './conversion/sidecarset.ts';
export { type StashEntry, stashAnnotation, withoutConversionStash } from './conversion/stash.ts';
export {
  convertStatefulSetToV1alpha1,
  convertStatefulSetToV1beta1,
  statefulSetV1alpha1ToV1beta1,
  statefulSetV1beta1ToV1alpha1,
} from './conversion/statefulset.ts';
// CRD names (plural, scope, versions); the CRDs themselves are in @kruise-ts/api/crd.
export {
  group,
  type KindInfo,
  type KindName,
  kindInfo,
  kinds,
  storageVersion,
  type Version,
  versions,
} from './crd/kinds.ts';
// Defaulting (mutating webhook).
export { defaultAdvancedCronJobV1alpha1, defaultAdvancedCronJobV1beta1 } from './defaults/advancedcronjob.ts';
export { defaultBroadcastJobV1alpha1, defaultBroadcastJobV1beta1 } from './defaults/broadcastjob.ts';
export { defaultCloneSetV1alpha1, defaultCloneSetV1beta1 } from './defaults/cloneset.ts';
export { type DefaultingOptions, shouldInjectTemplateDefaults } from './defaults/options.ts';
export { defaultPersistentVolumeClaim, defaultPodSpec, imageTag } from './defaults/pod.ts';
export { defaultSidecarSetV1alpha1, defaultSidecarSetV1beta1 } from './defaults/sidecarset.ts';
export { defaultStatefulSetV1alpha1, defaultStatefulSetV1beta1 } from './defaults/statefulset.ts';
export type { KruiseObject } from './object.ts';
export type { ExpressionValue } from './resource-expression.ts';
export {
  evaluateResourceExpression,
  formatExpressionValue,
  ResourceExpressionError,
  resourceExpressionError,
} from './resource-expression.ts';
// The static types of the schemas (the schema values are in @kruise-ts/api/crd).
export type * from './schema/advancedcronjob.ts';
export type * from './schema/broadcastjob.ts';
export type * from './schema/cloneset.ts';
export type { IntOrString, JsonObject } from './schema/helpers.ts';
export type * from './schema/meta.ts';
export type * from './schema/pod.ts';
export type * from './schema/shared.ts';
export type * from './schema/sidecarset.ts';
export type * from './schema/statefulset.ts';
export { podContainerOf } from './sidecar-container.ts';
// Validation (validating webhook).
export {
  validateAdvancedCronJobV1alpha1,
  validateAdvancedCronJobV1beta1,
} from './validation/advancedcronjob.ts';
export { validateBroadcastJobV1alpha1, validateBroadcastJobV1beta1 } from './validation/broadcastjob.ts';
export {
  type CloneSetValidationOptions,
  type PodSummary,
  validateCloneSetDeletion,
  validateCloneSetV1alpha1,
  validateCloneSetV1beta1,
} from './validation/cloneset.ts';
export { cronScheduleError, timeZoneError } from './validation/cron.ts';
export { aggregateMessage, type FieldError, type FieldErrorType } from './validation/errors.ts';
export {
  type PatchPodMetadataWhitelist,
  type SidecarSetValidationOptions,
  validateSidecarSetV1alpha1,
  validateSidecarSetV1beta1,
} from './validation/sidecarset.ts';
export {
  type StatefulSetValidationOptions,
  validateStatefulSetDeletion,
  validateStatefulSetV1alpha1,
  validateStatefulSetV1beta1,
} from './validation/statefulset.ts';
export {
  type StorageClassFacts,
  storageClassesToRead,
  validateVolumeClaimTemplateUpdate,
} from './validation/statefulset-claim-update.ts';
