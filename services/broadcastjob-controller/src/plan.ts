// One BroadcastJob reconcile as a pure decision (docs/behaviour/broadcastjob.md#controller steps 3–14; Kruise's
// ReconcileBroadcastJob.Reconcile): from the job, the pods in its namespace, the nodes and the clock, what the
// status becomes, which pods to create and delete, which Events to record, whether to delete the job, and when
// to look again. Scale expectations (step 1) are the caller's: plan only once earlier writes are observed.
//
// The returned status assumes every planned create and delete succeeds, as the counts Kruise writes do when
// nothing fails; settleStatus corrects active/failed from what actually happened.

import type { BroadcastJobStatus } from '@kruise-ts/api';
import type { Node, Pod } from '@kruise-ts/core';
import { formatRfc3339, slowStartBatchSizes } from '@kruise-ts/core';
import { classifyPods, isPodActive } from './classify-pods.ts';
import {
  continueEvent,
  deadlineExceededMessage,
  duplicatePodEvent,
  jobCompleteEvent,
  jobFailureEvent,
  MESSAGE_FAIL_FAST,
  type PlannedEvent,
  pausedOnFailureEvent,
  REASON_DEADLINE_EXCEEDED,
  REASON_FAILED_POD_FOUND,
  tooManyActivePodsEvent,
} from './events.ts';
import {
  activeDeadlineRemainingMs,
  completionType,
  failurePolicyType,
  isJobFinished,
  ttlRemainingMs,
} from './job-state.ts';
import { type NewBroadcastJobPod, newPodForNode } from './new-pod.ts';
import { nodeToPodMap } from './node-pods.ts';
import { nodesToRunPod, type UnfitNode } from './nodes-to-run.ts';
import { ownedPods } from './owned-pods.ts';
import { jobParallelism } from './parallelism.ts';
import type { BroadcastJob, BroadcastJobCondition, Now } from './types.ts';
import { nowMs } from './types.ts';

export interface BroadcastJobPlanInput {
  job: BroadcastJob;
  /** Pods of the job's namespace; only those carrying the job labels and controlled by the job count. */
  pods: readonly Pod[];
  /** Every node of the cluster; new pods go to fitting nodes in this order. */
  nodes: readonly Node[];
  now: Now;
  /** Kruise's --assign-bcj-pods-by-scheduler (default true): pin by node affinity rather than spec.nodeName. */
  assignPodsByScheduler?: boolean;
  /**
   * Delete pods whose node they no longer fit, as docs/behaviour/broadcastjob.md#controller step 7/13 reads. Kruise never does (its fitness
   * check errors out first, see nodes-to-run.ts), hence off by default.
   */
  deletePodsThatNoLongerFit?: boolean;
}

/** Where the reconcile ended. */
export type PlanStep =
  /** Finished and the TTL ran out: delete the job. */
  | 'ttl-expired'
  /** Finished (Complete/Failed condition): nothing written. */
  | 'finished'
  /** Phase already failed (a Never job after FailFast): counters refreshed only. */
  | 'already-failed'
  /** spec.paused: counters refreshed, phase paused, no pod touched. */
  | 'paused'
  /** failurePolicy Pause and a failed pod: phase paused. */
  | 'paused-on-failure'
  /** FailFast with a failed pod, or past activeDeadlineSeconds: active pods deleted, phase failed. */
  | 'job-failed'
  /** Every desired node has a finished pod: phase completed. */
  | 'completed'
  | 'running';

export interface PodToCreate {
  nodeName: string;
  pod: NewBroadcastJobPod;
}

export interface PodToDelete {
  pod: Pod;
  why: 'job-failed' | 'no-longer-fits';
}

export interface PodCounts {
  active: number;
  failed: number;
  succeeded: number;
  desired: number;
}

export interface BroadcastJobPlan {
  step: PlanStep;
  /** The status to write with Status().Update; absent when Kruise writes nothing (finished jobs). */
  status?: BroadcastJobStatus;
  /** Delete the BroadcastJob itself (default propagation; the garbage collector removes its pods). */
  deleteJob: boolean;
  /** Delete these (concurrently), before any create. */
  podsToDelete: PodToDelete[];
  /** Create these in slow-start batches of createBatchSizes, in order; stop after a batch with a failure. */
  podsToCreate: PodToCreate[];
  createBatchSizes: number[];
  /** Decision Events in Kruise's order; per-pod create/delete Events come from the writer (see events.ts). */
  events: PlannedEvent[];
  /** Reconcile again after this long; absent: only on the next watch event. */
  requeueAfterMs?: number;
  /** A reconcile error Kruise returns (an unparsable parallelism): retry with backoff. */
  error?: string;
  /** Counts as observed, before this plan's writes (what settleStatus starts from). */
  observed: PodCounts;
  /** Nodes left out of desired, with the scheduler filter's reason. */
  unfitNodes: UnfitNode[];
}

const noCounts: PodCounts = { active: 0, failed: 0, succeeded: 0, desired: 0 };

function finishedCondition(type: 'Complete' | 'Failed', message: string, at: string): BroadcastJobCondition {
  return { type, status: 'True', lastProbeTime: at, lastTransitionTime: at, reason: type, message };
}

export function planBroadcastJob(input: BroadcastJobPlanInput): BroadcastJobPlan {
  const { job } = input;
  const now = nowMs(input.now);
  const at = formatRfc3339(now);
  const namespace = job.metadata?.namespace ?? '';
  const name = job.metadata?.name ?? '';
  const plan: BroadcastJobPlan = {
    step: 'running',
    deleteJob: false,
    podsToDelete: [],
    podsToCreate: [],
    createBatchSizes: [],
    events: [],
    observed: { ...noCounts },
    unfitNodes: [],
  };

  // Step 3: a finished job only waits for its TTL; it never creates pods again.
  if (isJobFinished(job)) {
    const ttlLeft = ttlRemainingMs(job, now);
    if (ttlLeft !== undefined && ttlLeft <= 0) return { ...plan, step: 'ttl-expired', deleteJob: true };
    return { ...plan, step: 'finished', ...(ttlLeft === undefined ? {} : { requeueAfterMs: ttlLeft }) };
  }

  // Step 4.
  const status: BroadcastJobStatus = structuredClone(job.status ?? {});
  if (!status.startTime) status.startTime = at;
  if (!status.phase) status.phase = 'running';
  const type = completionType(job);
  // Look again when the deadline passes; Kruise arms this timer once, when it sets startTime.
  const deadlineLeft = type === 'Never' ? undefined : activeDeadlineRemainingMs(job, status.startTime, now);
  const deadlineRequeue =
    deadlineLeft !== undefined && deadlineLeft > 0 ? { requeueAfterMs: deadlineLeft } : {};

  // Steps 5–7.
  const pods = ownedPods(job, input.pods);
  const { byNode, duplicates } = nodeToPodMap(pods);
  for (const d of duplicates) plan.events.push(duplicatePodEvent(d.pod.metadata.name ?? '', d.nodeName));
  const classified = classifyPods(pods, job.spec.failurePolicy?.restartLimit ?? 0);
  const nodes = nodesToRunPod(job, input.nodes, byNode);
  plan.unfitNodes = nodes.unfitNodes;
  let active = classified.active.length;
  let failed = classified.failed.length;
  const succeeded = classified.succeeded.length;
  const desired = nodes.desired.size;
  plan.observed = { active, failed, succeeded, desired };

  // Step 8.
  Object.assign(status, { active, failed, succeeded, desired });
  if (status.phase === 'failed') return { ...plan, step: 'already-failed', status, ...deadlineRequeue };

  // Step 9.
  const paused = job.spec.paused === true;
  if (paused && (status.phase === 'running' || status.phase === 'paused')) {
    status.phase = 'paused';
    return { ...plan, step: 'paused', status, ...deadlineRequeue };
  }
  if (!paused && status.phase === 'paused') {
    status.phase = 'running';
    plan.events.push(continueEvent);
  }

  // Step 10. Pause only changes the phase: spec.paused is not written, so the next reconcile resumes and
  // pauses again for as long as a failed pod exists.
  let failure: { reason: string; message: string } | undefined;
  if (failed > 0) {
    const policy = failurePolicyType(job);
    if (policy === 'Pause') {
      plan.events.push(pausedOnFailureEvent);
      status.phase = 'paused';
      return { ...plan, step: 'paused-on-failure', status, ...deadlineRequeue };
    }
    if (policy === 'FailFast') {
      failure = { reason: REASON_FAILED_POD_FOUND, message: MESSAGE_FAIL_FAST };
      plan.events.push(jobFailureEvent(failure.reason, failure.message, succeeded, failed));
    }
  }

  // Step 11.
  if (failure === undefined && deadlineLeft !== undefined && deadlineLeft <= 0) {
    failure = { reason: REASON_DEADLINE_EXCEEDED, message: deadlineExceededMessage(namespace, name) };
  }

  const ttl = job.spec.completionPolicy?.ttlSecondsAfterFinished;
  // Finishing re-arms the timer for the TTL, a second late so the next look is past it.
  const finish = (condition: 'Complete' | 'Failed', message: string) => {
    status.conditions = [...(status.conditions ?? []), finishedCondition(condition, message, at)];
    status.completionTime = at;
    if (ttl === undefined) delete plan.requeueAfterMs;
    else plan.requeueAfterMs = (ttl + 1) * 1000;
  };
  Object.assign(plan, deadlineRequeue);

  if (failure !== undefined) {
    // Step 12: every active pod goes, and counts as failed.
    plan.podsToDelete = classified.active.map((pod) => ({ pod, why: 'job-failed' }));
    failed += classified.active.length;
    active -= classified.active.length;
    status.phase = 'failed';
    finish('Failed', failure.message);
    plan.events.push(jobFailureEvent(failure.reason, failure.message, succeeded, failed));
    plan.step = 'job-failed';
  } else {
    // Step 13.
    if (input.deletePodsThatNoLongerFit === true && nodes.unfitPods.length > 0) {
      plan.podsToDelete = nodes.unfitPods.map((pod) => ({ pod, why: 'no-longer-fits' }));
      failed += nodes.unfitPods.length;
      active -= nodes.unfitPods.length;
    }
    const beingDeleted =
      job.metadata?.deletionTimestamp !== undefined && job.metadata.deletionTimestamp !== null;
    if (!beingDeleted && nodes.restNodes.length > 0) {
      const parallelism = jobParallelism(job, desired);
      if ('error' in parallelism) {
        plan.error = parallelism.error;
      } else if (active > parallelism.value) {
        plan.events.push(tooManyActivePodsEvent);
      } else if (active < parallelism.value) {
        const count = Math.min(parallelism.value - active, nodes.restNodes.length);
        const options = { assignPodsByScheduler: input.assignPodsByScheduler ?? true };
        plan.podsToCreate = nodes.restNodes.slice(0, count).map((node) => ({
          nodeName: node.metadata.name,
          pod: newPodForNode(job, node.metadata.name, options),
        }));
        plan.createBatchSizes = slowStartBatchSizes(count);
        active += count;
      }
    }
    // Step 14: judged on the pods seen at the start, so a round that creates pods never completes.
    const allDone = [...nodes.desired.values()].every((pod) => pod !== undefined && !isPodActive(pod));
    if (type !== 'Never' && nodes.desired.size > 0 && allDone) {
      status.phase = 'completed';
      finish('Complete', `Job completed, ${succeeded} pods succeeded, ${failed} pods failed`);
      plan.events.push(jobCompleteEvent(namespace, name, succeeded, failed));
      plan.step = 'completed';
    }
  }

  status.active = active;
  status.failed = failed;
  return { ...plan, status };
}
