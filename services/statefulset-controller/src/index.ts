// Pure decision logic of the Advanced StatefulSet (apps.kruise.io/v1beta1) controller.

export type {
  ClaimOwner,
  NewStatefulSetPodOptions,
  RetentionPolicy,
  RetentionPolicyType,
} from './identity.ts';
export {
  claimOwnerMatchesSetAndPod,
  claimWithRetentionOwnerRefs,
  hasStaleOwnerRef,
  identityLabels,
  identityMatches,
  initialLifecycleState,
  newStatefulSetPod,
  persistentVolumeClaimName,
  persistentVolumeClaimsFor,
  podName,
  retentionPolicy,
  statefulSetControllerRef,
  storageMatches,
  wantedClaimOwners,
  withClaimVolumes,
  withFixedIdentity,
} from './identity.ts';
export { inPlaceCheckOptions, refreshedLifecycleState } from './lifecycle-refresh.ts';
export type { ScaleAction, ScalePlan, ScalePlanInput, ScaleStop } from './plan-scale.ts';
export {
  allowsBurst,
  deleteOrPrepare,
  isCurrentRevisionNeeded,
  minReadySecondsOf,
  planScale,
  scaleActionOrder,
  scaleMaxUnavailable,
} from './plan-scale.ts';
export type {
  InPlaceDecision,
  UpdateAction,
  UpdatePlan,
  UpdatePlanInput,
  UpdateStop,
} from './plan-update.ts';
export {
  inPlacePolicy,
  isSpecifiedDelete,
  orderedUpdateIndexes,
  planInPlaceUpdate,
  planUpdate,
  rollingMaxUnavailable,
  unorderedUpdateIndexes,
} from './plan-update.ts';
export type { Availability } from './pod-state.ts';
export {
  isCreated,
  isFinished,
  isHealthy,
  isPending,
  isRunningAndReady,
  isTerminating,
  podRevision,
  runningAndAvailable,
} from './pod-state.ts';
export type { OrdinalClass, ReplicasRange } from './replicas-range.ts';
export {
  classifyOrdinal,
  getOrdinal,
  getStatefulSetReplicasRange,
  isMemberOf,
  ordinalInRange,
  parseOrdinalRange,
  parseStatefulPodName,
  reservedOrdinals,
  startOrdinal,
  validOrdinals,
} from './replicas-range.ts';
export type {
  NewStatefulSetRevision,
  StatefulSetRevisionDecision,
  StatefulSetRevisions,
} from './revisions.ts';
export {
  currentRevisionOf,
  decideStatefulSetRevisions,
  newStatefulSetRevision,
  revisionsToTruncate,
  statefulSetRevisionData,
  statefulSetRevisionPatch,
  templateFromRevision,
} from './revisions.ts';
export type { ReplicaCounts, StatusInput, VolumeClaimStatus } from './status.ts';
export {
  claimCompatibility,
  completeRollingUpdate,
  computeReplicaCounts,
  computeStatus,
  failedPodCondition,
  shouldWriteStatus,
  volumeClaimsStatus,
} from './status.ts';
export type {
  NewPod,
  Now,
  StatefulSet,
  StatefulSetCondition,
  StatefulSetGates,
  StatefulSetPod,
  StatefulSetSpec,
  StatefulSetStatus,
} from './types.ts';
export {
  gateOn,
  POD_INDEX_LABEL,
  POD_NAME_LABEL,
  REVISION_LABEL,
  SPECIFIED_DELETE_LABEL,
  STATEFULSET_API_VERSION,
  STATEFULSET_KIND,
} from './types.ts';
