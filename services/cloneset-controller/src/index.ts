export type { InPlaceLifecycleGate, LifecycleTransition } from './lifecycle/state-machine.ts';
export {
  deletionTransition,
  inPlaceLifecycleGate,
  refreshLifecycleTransition,
} from './lifecycle/state-machine.ts';
export {
  INSTANCE_ID_LABEL,
  instanceId,
  isPodAvailable,
  isPodOnRevision,
  isPodReadyToDelete,
  isPodUpdatedForScale,
  isSpecifiedDelete,
  SPECIFIED_DELETE_LABEL,
} from './pod-state.ts';
export type { NewPod, NewPodInput } from './pods/new-pod.ts';
export { newVersionedPod, pvcName } from './pods/new-pod.ts';
export type { ActiveRevisions, ActiveRevisionsInput } from './revisions/active-revisions.ts';
export {
  revisionsToTruncate,
  selectActiveRevisions,
  truncatePodsToDelete,
} from './revisions/active-revisions.ts';
export type { StatusInput, StatusResult } from './status/calculate-status.ts';
export {
  calculateProgressing,
  calculateStatus,
  hasProgressDeadline,
  minReadyRequeueMs,
  statusNeedsWrite,
} from './status/calculate-status.ts';
export {
  CloneSetConditionType,
  failureCondition,
  getCloneSetCondition,
  newCloneSetCondition,
  ProgressingReason,
  removeCloneSetCondition,
  setCloneSetCondition,
} from './status/conditions.ts';
export type { ClaimResult } from './sync/claim.ts';
export { claimPods } from './sync/claim.ts';
export type { DiffInput, ExpectationDiffs } from './sync/expectation-diffs.ts';
export {
  calculateDiffsWithExpectation,
  EMPTY_DIFFS,
  isEmptyDiffs,
  shouldExcludePreparingDelete,
} from './sync/expectation-diffs.ts';
export type { RandomInt } from './sync/instance-ids.ts';
export { getOrGenAvailableIds, INSTANCE_ID_LENGTH, randomInstanceId } from './sync/instance-ids.ts';
export type { DeletionOrderOptions } from './sync/pod-order.ts';
export {
  activePodsLess,
  deletionOrderLess,
  POD_DELETION_COST_ANNOTATION,
  podDeletionCost,
  sortByLess,
} from './sync/pod-order.ts';
export type { PvcCleanupPlan } from './sync/pvc-cleanup.ts';
export { planPvcCleanup } from './sync/pvc-cleanup.ts';
export type { Ranks, SpreadConstraint } from './sync/rankers.ts';
export { sameNodeRanks, spreadConstraintRanks } from './sync/rankers.ts';
export type { PodDeletion, ScaleInput, ScalePlan, ScaleStep } from './sync/scale.ts';
export { planPodDeletions, planScale, scalePlanModifies } from './sync/scale.ts';
export type { ChooseOptions } from './sync/scale-in.ts';
export { choosePodsToDelete, limitByDeleteReadyLimit } from './sync/scale-in.ts';
export type {
  CloneSet,
  CloneSetCondition,
  CloneSetPod,
  CloneSetSpec,
  CloneSetStatus,
  EnvVar,
  FeatureGates,
  LabelSelector,
  LabelSelectorRequirement,
  Now,
  PersistentVolumeClaim,
  PodContainer,
  PodTemplate,
  PodUpdatePolicy,
  RollingUpdateStrategy,
  TemplateContainer,
  TopologySpreadConstraint,
  UpdatePriorityOrderTerm,
  UpdatePriorityStrategy,
  UpdatePriorityWeightTerm,
  UpdateScatterTerm,
  VolumeClaimTemplate,
} from './types.ts';
export { specReplicas } from './types.ts';
export type { PodRefresh, PodUpdate, UpdateInput, UpdatePlan, UpdateStop } from './update/plan-update.ts';
export { decidePodUpdate, planUpdate, podUpdatePolicy } from './update/plan-update.ts';
export type { PodSlot } from './update/scatter-sort.ts';
export { scatterByTerm, scatterTerms, sortByScatter } from './update/scatter-sort.ts';
export { limitUpdateIndexes, sortUpdateIndexes } from './update/update-order.ts';
