// @kruise-ts/broadcastjob-controller: the BroadcastJob reconcile as pure decisions (docs/behaviour/broadcastjob.md#controller).
// planBroadcastJob is the entry point; the rest are its parts, exported for the service and for tests.

export { type ClassifiedPods, classifyPods, isPodActive, restartCount } from './classify-pods.ts';
export * from './events.ts';
export {
  activeDeadlineRemainingMs,
  type CompletionPolicyType,
  completionType,
  type FailurePolicyType,
  failurePolicyType,
  isJobFinished,
  ttlRemainingMs,
} from './job-state.ts';
export {
  BROADCASTJOB_API_VERSION,
  BROADCASTJOB_KIND,
  CONTROLLER_UID_LABEL,
  JOB_NAME_LABEL,
  jobControllerRef,
  jobLabels,
} from './labels.ts';
export { mockPod, templatePodSpec } from './mock-pod.ts';
export { type NewBroadcastJobPod, type NewPodOptions, newPodForNode, pinToNode } from './new-pod.ts';
export { nodeSelectorMatches, requiredNodeAffinityMatches } from './node-affinity.ts';
export { type NodeFit, podFitsNode } from './node-fit.ts';
export { assignedNode, type DuplicatePod, type NodePods, nodeToPodMap } from './node-pods.ts';
export { type NodesToRun, nodesToRunPod, type UnfitNode } from './nodes-to-run.ts';
export { isOwnedBy, ownedPods } from './owned-pods.ts';
export { jobParallelism, type Parallelism } from './parallelism.ts';
export {
  type BroadcastJobPlan,
  type BroadcastJobPlanInput,
  type PlanStep,
  type PodCounts,
  type PodToCreate,
  type PodToDelete,
  planBroadcastJob,
} from './plan.ts';
export { insufficientResources, podRequests } from './resource-fit.ts';
export { settleStatus, type WriteOutcome } from './settle-status.ts';
export { findUntoleratedTaint, toleratesTaint, tolerationsTolerateTaint } from './taints.ts';
export type * from './types.ts';
export { nowMs } from './types.ts';
