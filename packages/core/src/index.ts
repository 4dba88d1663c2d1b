// resource.Quantity lives in @kruise-ts/kube (the API's validation needs it too); re-exported for the callers here.
export type { Quantity, QuantityFormat } from '@kruise-ts/kube';
export {
  canonicalQuantity,
  compareQuantities,
  formatQuantity,
  parseQuantity,
  QuantityParseError,
} from '@kruise-ts/kube';
export type { ClaimableMeta, ClaimOwner, ClaimPlan, OwnerChange } from './claim.ts';
export { controllerReference, newControllerReference, planClaim } from './claim.ts';
export type { LaunchBarrierStep, RandomInt } from './container-launch-priority.ts';
export {
  CONTAINER_LAUNCH_BARRIER_ENV,
  CONTAINER_LAUNCH_ORDERED,
  CONTAINER_LAUNCH_PRIORITY_ANNOTATION,
  CONTAINER_LAUNCH_PRIORITY_COMPLETED_ANNOTATION,
  CONTAINER_LAUNCH_PRIORITY_ENV,
  ContainerLaunchPriorityError,
  containerLaunchPriority,
  generatedPodName,
  launchBarrierEnv,
  launchBarrierKey,
  launchBarrierName,
  launchBarrierNeeded,
  launchBarrierStep,
  nextLaunchPriorities,
  withContainerLaunchPriority,
} from './container-launch-priority.ts';
export type {
  ExpectationKind,
  ExpectationLeak,
  ExpectationLeakHook,
  ExpectationOptions,
} from './expectation-leaks.ts';
export { DEFAULT_EXPECTATION_TIMEOUT_MS } from './expectation-leaks.ts';
export type { Fnv32 } from './fnv.ts';
export { fnv1_32, fnv1a_32, newFnv1, newFnv1a } from './fnv.ts';
export { deepHashDumpOfBytes } from './go-hash-dump.ts';
export type { JsonObject, JsonPrimitive, JsonValue } from './go-json.ts';
export {
  compareGoStrings,
  formatGoFloat,
  marshalGoJson,
  marshalGoJsonInOrder,
  toGoString,
} from './go-json.ts';
export type {
  CompletionCheck,
  CompletionOptions,
  ContainerHashKind,
  RuntimeContainerMetaSet,
} from './inplace-update-completion.ts';
export {
  checkInPlaceUpdateCompleted,
  expectedStatusImage,
  isVerticalUpdateCompleted,
} from './inplace-update-completion.ts';
export {
  conditionsForInPlaceUpdateReady,
  conditionsForInPlaceUpdateStart,
  getInPlaceUpdateCondition,
  hasEqualCondition,
  hasInPlaceUpdateReadinessGate,
  newInPlaceUpdateReadyCondition,
  READINESS_GATES_NOT_READY_REASON,
  readyConditionFromGates,
  START_INPLACE_UPDATE_REASON,
  setPodCondition,
  withInPlaceUpdateReadinessGate,
} from './inplace-update-readiness.ts';
export type {
  InPlaceUpdateContainerBatch,
  InPlaceUpdateContainerStatus,
  InPlaceUpdatePreCheckBeforeNext,
  InPlaceUpdateState,
} from './inplace-update-state.ts';
export {
  getInPlaceUpdateGraceAnnotation,
  getInPlaceUpdateState,
  getInPlaceUpdateStateAnnotation,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_GRACE_KEY_OLD,
  INPLACE_UPDATE_STATE_KEY,
  INPLACE_UPDATE_STATE_KEY_OLD,
  InPlaceUpdateStateError,
  isInPlaceUpdateInGracePeriod,
  parseInPlaceUpdateState,
  RUNTIME_CONTAINER_META_KEY,
  serializeInPlaceUpdateState,
  withoutInPlaceUpdateGrace,
} from './inplace-update-state.ts';
export {
  dumpNotReadyKeys,
  hasKruisePodReadyGate,
  isControlledByKruise,
  KRUISE_POD_READY,
  type KruisePodReadyGateScope,
  lifecycleReadinessConditions,
  type NotReadyKey,
  PRE_DELETE_HOOK_NOT_READY,
  PRE_UPDATE_HOOK_NOT_READY,
  parseNotReadyKeys,
  withKruisePodReadyCondition,
  withKruisePodReadyGate,
  withNotReadyKey,
  withoutNotReadyKey,
} from './kruise-pod-ready.ts';
export type {
  ConditionStatus,
  Container,
  ContainerStatus,
  ControllerRevision,
  Node,
  ObjectMeta,
  OwnerReference,
  Pod,
  PodCondition,
  PodPhase,
  PodReadinessGate,
  PodStatus,
  PodWithSpec,
  ResourceList,
  ResourceRequirements,
  Taint,
} from './kube-types.ts';
export type { Lifecycle, LifecycleHook } from './lifecycle.ts';
export {
  formatRfc3339,
  getPodLifecycleState,
  isHookMarkPodNotReady,
  isLifecycleMarkPodNotReady,
  isLifecycleState,
  isPodAllHooked,
  isPodHooked,
  LIFECYCLE_STATE_LABEL,
  LIFECYCLE_STATES,
  LIFECYCLE_TIMESTAMP_ANNOTATION,
  LifecycleState,
  lifecycleStatePatch,
  lifecycleStatePatchWithHook,
  withLifecycleState,
} from './lifecycle.ts';
export {
  CONTAINERS_READY,
  changedPodConditions,
  conditionsPatchEntries,
  getPodCondition,
  INPLACE_UPDATE_READY,
  isCloneSetPodAvailable,
  isCloneSetPodReady,
  isPodActive,
  isPodAvailable,
  isPodReady,
  isPodTerminal,
  isPodTerminating,
  isPodUpdateReady,
  isRunningAndAvailable,
  isRunningAndReady,
  POD_READY,
  type PodConditionPatch,
} from './pod-readiness.ts';
export type { FieldLayout, GoStructLayouts, StructLayout } from './pod-template-layout.ts';
export { CORE_V1_LAYOUT, POD_TEMPLATE_ROOT } from './pod-template-layout.ts';
export type { NormaliseOptions } from './pod-template-normalise.ts';
export {
  GoDecodeError,
  KRUISE_API_MINOR,
  normaliseAsGoStruct,
  normalisePodTemplate,
} from './pod-template-normalise.ts';
export type {
  UpdatePriorityOrderTerm,
  UpdatePriorityStrategy,
  UpdatePriorityWeightTerm,
} from './priority-sort.ts';
export { comparePriority, sortByPriority, trailingInteger } from './priority-sort.ts';
export type {
  VersionCheck,
  VersionCheckOptions,
  VersionedObject,
  VersionSatisfaction,
} from './resource-version-expectations.ts';
export { ResourceVersionExpectations } from './resource-version-expectations.ts';
export type { CloneSetForRevision, NewRevision, NewRevisionOptions } from './revision.ts';
export {
  CLONESET_API_VERSION,
  CLONESET_KIND,
  CONTROLLER_REVISION_HASH_LABEL,
  cloneSetRevisionData,
  cloneSetRevisionPatch,
  controllerRevisionName,
  hashControllerRevision,
  newCloneSetRevision,
  safeEncodeString,
  VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION,
} from './revision.ts';
export type {
  CreateConflictDecision,
  DecideUpdateRevisionOptions,
  UpdateRevisionDecision,
} from './revision-history.ts';
export {
  compareRevisions,
  decideUpdateRevision,
  equalRevision,
  findCurrentRevision,
  findEqualRevisions,
  nextRevisionNumber,
  resolveCreateConflict,
  revisionDataKey,
  rolledBackRevision,
  sortRevisions,
} from './revision-history.ts';
export {
  CONTROLLER_REVISION_HASH_LABEL_KEY,
  isAtRevision,
  POD_TEMPLATE_HASH_LABEL_KEY,
  revisionHashLabels,
  revisionHashMatches,
  shortRevisionHash,
} from './revision-labels.ts';
export { revisionsToPrune } from './revision-prune.ts';
export type { RolloutLimits, RolloutLimitsInput } from './rollout-limits.ts';
export { DEFAULT_CLONESET_MAX_UNAVAILABLE, rolloutLimits } from './rollout-limits.ts';
export type {
  PendingScale,
  ScaleAction,
  ScaleCheck,
  ScaleCheckOptions,
  ScaleSatisfaction,
} from './scale-expectations.ts';
export { ScaleExpectations } from './scale-expectations.ts';
export type { Labels, ScatterInput, ScatterTerm } from './scatter-sort.ts';
export { scatterByTerm, scatterSort, scatterTerms } from './scatter-sort.ts';
export type { SlowStartResult } from './slow-start.ts';
export { doItSlowly, INITIAL_CREATE_BATCH_SIZE, slowStartBatchSizes } from './slow-start.ts';
