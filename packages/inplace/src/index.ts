// In-place pod update (Kruise's pkg/util/inplaceupdate), shared by the CloneSet and Advanced StatefulSet
// controllers: decide whether two revisions differ only in-place-ably, build the pod to write, and refresh an
// update in flight (grace period, container batches, InPlaceUpdateReady).

export type { InPlaceUpdateOptions, InPlaceUpdateResult, PatchedPod, ResizePatch } from './apply.ts';
export { applyInPlaceUpdate, patchSpecToPod, patchSpecToPodWithResize } from './apply.ts';
export type { MetadataField } from './env-from-metadata.ts';
export {
  containerReadsMetadata,
  envFromMetadataRestarted,
  metadataReferences,
  RESTART_CONTAINERS_KEY,
  RESTARTED_CONTAINERS_KEY,
  restartRequest,
  splitSubscriptedPath,
} from './env-from-metadata.ts';
export type { JsonDiffValue, JsonPatchOp } from './json-diff.ts';
export { createJsonPatch, deepEqual } from './json-diff.ts';
export { applyMetadataPatch, metadataPatch } from './metadata-patch.ts';
export type { InPlaceCheckOptions, InPlaceRefresh } from './refresh.ts';
export { completionOptions, isInPlaceUpdateCompleted, refreshInPlaceUpdate } from './refresh.ts';
export type { ContainerEnvVar, InPlacePod, Now, PodContainer } from './types.ts';
export { toMillis } from './types.ts';
export type { ContainerRefMetadata, InPlaceSpecOptions, InPlaceUpdateSpec } from './update-spec.ts';
export {
  calculateInPlaceUpdateSpec,
  canUpdateInPlace,
  isVerticalUpdateOnly,
  parseUpdateSpec,
  serializeUpdateSpec,
} from './update-spec.ts';
export type { QosClass, ResourceChange } from './vertical.ts';
export {
  isContainerResourcesPath,
  parseResourceChange,
  podQosClass,
  RESIZABLE_RESOURCES,
  resizePatch,
} from './vertical.ts';
