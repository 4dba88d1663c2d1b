// In-place pod update (Kruise's pkg/util/inplaceupdate), shared by the CloneSet and Advanced StatefulSet
// controllers: decide whether two revisions differ only in-place-ably, build the pod to write, and refresh an
// update in flight (grace period, container batches, InPlaceUpdateReady).

export type { InPlaceUpdateOptions, InPlaceUpdateResult } from './apply.ts';
export {
  applyInPlaceUpdate,
  CONTAINER_LAUNCH_BARRIER_ENV,
  containerLaunchPriority,
  patchSpecToPod,
} from './apply.ts';
export type { JsonDiffValue, JsonPatchOp } from './json-diff.ts';
export { createJsonPatch, deepEqual } from './json-diff.ts';
export { applyMetadataPatch, metadataPatch } from './metadata-patch.ts';
export type { InPlaceRefresh } from './refresh.ts';
export { isInPlaceUpdateCompleted, refreshInPlaceUpdate } from './refresh.ts';
export type { ContainerEnvVar, InPlacePod, Now, PodContainer } from './types.ts';
export { toMillis } from './types.ts';
export type { InPlaceSpecOptions, InPlaceUpdateSpec } from './update-spec.ts';
export {
  calculateInPlaceUpdateSpec,
  canUpdateInPlace,
  parseUpdateSpec,
  serializeUpdateSpec,
} from './update-spec.ts';
