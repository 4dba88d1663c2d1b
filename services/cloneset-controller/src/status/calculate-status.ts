// CloneSet status (docs/behaviour/cloneset.md#status, calculateStatus + calculateProgressingStatus + inconsistentStatus): counters over the
// claimed active pods, when currentRevision catches up with updateRevision, expectedUpdatedReplicas, the
// Progressing condition, and whether the result is worth writing.

import { isPodUpdateReady, type Pod } from '@kruise-ts/core';
import { calculatePartitionReplicas } from '@kruise-ts/kube';
import { isPodAvailable, isPodOnRevision } from '../pod-state.ts';
import {
  type CloneSet,
  type CloneSetCondition,
  type CloneSetStatus,
  type Now,
  specReplicas,
  toMillis,
} from '../types.ts';
import {
  CloneSetConditionType,
  getCloneSetCondition,
  newCloneSetCondition,
  ProgressingReason,
  removeCloneSetCondition,
  setCloneSetCondition,
} from './conditions.ts';

const MAX_INT32 = 2 ** 31 - 1;

export interface StatusInput {
  /** metadata.generation at the start of the reconcile. */
  observedGeneration?: number;
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
  /** selectorString(spec.selector). */
  labelSelector: string;
  /** Conditions to start from: the old status' conditions plus FailedScale/FailedUpdate set in this reconcile. */
  conditions?: CloneSetCondition[];
  now: Now;
}

export interface StatusResult {
  status: CloneSetStatus;
  /** Requeue after this many ms to re-check the progress deadline (absent: no need). */
  requeueAfterMs?: number;
}

export function hasProgressDeadline(cs: CloneSet): boolean {
  const pds = cs.spec.progressDeadlineSeconds;
  return pds !== undefined && pds !== MAX_INT32;
}

/** The Progressing condition for the counted status; first matching case wins (docs/behaviour/cloneset.md#status). */
export function calculateProgressing(
  cs: CloneSet,
  status: CloneSetStatus,
  now: Now,
): { conditions: CloneSetCondition[]; requeueAfterMs?: number } {
  const P = CloneSetConditionType.Progressing;
  if (!hasProgressDeadline(cs)) return { conditions: removeCloneSetCondition(status.conditions, P) };
  const replicas = specReplicas(cs);
  const expectedUpdated = status.expectedUpdatedReplicas ?? 0;
  const updatedAvailable = status.updatedAvailableReplicas ?? 0;
  const set = (s: string, reason: string, message: string) =>
    setCloneSetCondition(status.conditions, newCloneSetCondition(P, s, reason, message, now));

  if (
    status.currentRevision === status.updateRevision &&
    status.replicas === replicas &&
    status.updatedReplicas === replicas &&
    updatedAvailable === replicas
  ) {
    return { conditions: set('True', ProgressingReason.Available, 'CloneSet is available') };
  }
  if (cs.spec.updateStrategy?.rollingUpdate?.paused === true) {
    return { conditions: set('True', ProgressingReason.Paused, 'CloneSet is paused') };
  }
  if (expectedUpdated < replicas && expectedUpdated <= updatedAvailable) {
    return {
      conditions: set(
        'True',
        ProgressingReason.PartitionAvailable,
        'CloneSet has been paused due to partition ready',
      ),
    };
  }
  const deadlineMs = (cs.spec.progressDeadlineSeconds ?? 0) * 1000;
  const existing = getCloneSetCondition(status.conditions, P);
  const lastUpdate = (c: CloneSetCondition | undefined) => Date.parse(c?.lastUpdateTime ?? '') || 0;
  if (
    existing !== undefined &&
    (existing.reason === ProgressingReason.DeadlineExceeded ||
      lastUpdate(existing) + deadlineMs < toMillis(now))
  ) {
    const message = `CloneSet revision ${status.updateRevision ?? ''} has timed out progressing`;
    return { conditions: set('False', ProgressingReason.DeadlineExceeded, message) };
  }
  const conditions = set('True', ProgressingReason.Updated, 'CloneSet is progressing');
  const after = lastUpdate(getCloneSetCondition(conditions, P)) + deadlineMs - toMillis(now);
  // A second of slack avoids waking up just before the deadline; under a second Kruise requeues as is (≤ 0: not at all).
  const requeueAfterMs = after < 1000 ? after : after + 1000;
  return { conditions, ...(requeueAfterMs > 0 ? { requeueAfterMs } : {}) };
}

export function calculateStatus(cs: CloneSet, pods: readonly Pod[], input: StatusInput): StatusResult {
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  const replicas = specReplicas(cs);
  const status: CloneSetStatus = {
    ...(input.observedGeneration === undefined ? {} : { observedGeneration: input.observedGeneration }),
    replicas: 0,
    readyReplicas: 0,
    availableReplicas: 0,
    updatedReplicas: 0,
    updatedReadyReplicas: 0,
    updatedAvailableReplicas: 0,
    expectedUpdatedReplicas: 0,
    currentRevision: input.currentRevision,
    updateRevision: input.updateRevision,
    collisionCount: input.collisionCount,
    labelSelector: input.labelSelector,
    conditions: [...(input.conditions ?? [])],
  };
  for (const pod of pods) {
    const ready = isPodUpdateReady(pod, 0, input.now);
    const available = isPodAvailable(pod, minReadySeconds, input.now);
    const updated = isPodOnRevision(pod, input.updateRevision);
    status.replicas++;
    if (ready) status.readyReplicas++;
    if (available) status.availableReplicas++;
    if (updated) status.updatedReplicas++;
    if (updated && ready) status.updatedReadyReplicas++;
    if (updated && available) status.updatedAvailableReplicas = (status.updatedAvailableReplicas ?? 0) + 1;
  }
  // Every pod carries the update revision and the count is right: the rollout is done, readiness or not.
  if (status.updatedReplicas === status.replicas && status.replicas === replicas) {
    status.currentRevision = status.updateRevision;
  }
  const rolling = cs.spec.updateStrategy?.rollingUpdate;
  if (rolling === undefined) status.expectedUpdatedReplicas = replicas;
  else {
    try {
      status.expectedUpdatedReplicas =
        replicas - calculatePartitionReplicas(rolling.partition, cs.spec.replicas);
    } catch {
      // An invalid partition leaves it 0, as Kruise does.
    }
  }
  const progressing = calculateProgressing(cs, status, input.now);
  // Omitted when empty or zero, as Go's omitempty leaves Kruise's status without the field (cloneset_types.go);
  // readers take an absent count as 0, as Go does.
  if (progressing.conditions.length > 0) status.conditions = progressing.conditions;
  else delete status.conditions;
  if (status.updatedAvailableReplicas === 0) delete status.updatedAvailableReplicas;
  if (status.expectedUpdatedReplicas === 0) delete status.expectedUpdatedReplicas;
  return progressing.requeueAfterMs === undefined
    ? { status }
    : { status, requeueAfterMs: progressing.requeueAfterMs };
}

/**
 * inconsistentStatus: write only when the generation advanced, a counter, revision or the label selector changed,
 * or the Progressing condition's status or reason changed (FailedScale/FailedUpdate and collisionCount alone do
 * not count).
 */
export function statusNeedsWrite(old: CloneSetStatus | undefined, next: CloneSetStatus): boolean {
  const o: Partial<CloneSetStatus> = old ?? {};
  const n0 = (v: number | undefined) => v ?? 0;
  const s0 = (v: string | undefined) => v ?? '';
  const oldP = getCloneSetCondition(o.conditions, CloneSetConditionType.Progressing);
  const newP = getCloneSetCondition(next.conditions, CloneSetConditionType.Progressing);
  const progressingChanged =
    (oldP === undefined) !== (newP === undefined) ||
    (oldP !== undefined &&
      newP !== undefined &&
      (oldP.status !== newP.status || oldP.reason !== newP.reason));
  return (
    n0(next.observedGeneration) > n0(o.observedGeneration) ||
    next.replicas !== n0(o.replicas) ||
    next.readyReplicas !== n0(o.readyReplicas) ||
    next.availableReplicas !== n0(o.availableReplicas) ||
    next.updatedReadyReplicas !== n0(o.updatedReadyReplicas) ||
    next.updatedReplicas !== n0(o.updatedReplicas) ||
    n0(next.updatedAvailableReplicas) !== n0(o.updatedAvailableReplicas) ||
    n0(next.expectedUpdatedReplicas) !== n0(o.expectedUpdatedReplicas) ||
    s0(next.updateRevision) !== s0(o.updateRevision) ||
    s0(next.currentRevision) !== s0(o.currentRevision) ||
    s0(next.labelSelector) !== s0(o.labelSelector) ||
    progressingChanged
  );
}

/** Requeue so availability is re-checked once minReadySeconds passes (docs/behaviour/cloneset.md#reconcile-steps step 14). */
export function minReadyRequeueMs(cs: CloneSet, status: CloneSetStatus): number | undefined {
  const mrs = cs.spec.minReadySeconds ?? 0;
  return mrs > 0 && status.availableReplicas !== status.readyReplicas ? mrs * 1000 : undefined;
}
