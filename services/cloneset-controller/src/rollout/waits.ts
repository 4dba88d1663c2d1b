// What a rollout is waiting for after one reconcile (DESIGN "Tracing"): readiness, minReadySeconds,
// maxUnavailable, partition, lifecycle hooks, in-place grace periods, container restarts, pause. Pure: computed
// from the pods the reconcile saw and the plans it made, so the reconcile can put them on its span and into the
// RolloutProgress event.
import {
  getInPlaceUpdateGraceAnnotation,
  getInPlaceUpdateStateAnnotation,
  getPodCondition,
  getPodLifecycleState,
  LifecycleState,
  POD_READY,
} from '@kruise-ts/core';
import { calculatePartitionReplicas } from '@kruise-ts/kube';
import {
  nextWakeMs as nextSelfEndingWakeMs,
  rolloutWaitReasons,
  type RolloutWait as Wait,
  type WaitReasonOf,
  waitOn,
} from '@kruise-ts/runtime';
import { isPodAvailable, isPodOnRevision, isPodReadyToDelete } from '../pod-state.ts';
import type { ExpectationDiffs } from '../sync/expectation-diffs.ts';
import { type CloneSet, type CloneSetPod, type Now, toMillis } from '../types.ts';

/** The reasons every kind shares, plus the in-place grace period only CloneSets have. */
export const WaitReason = rolloutWaitReasons({ GracePeriod: 'InPlaceUpdateGracePeriod' });
export type WaitReason = WaitReasonOf<typeof WaitReason>;

export type RolloutWait = Wait<WaitReason>;

export interface WaitInput {
  cloneSet: CloneSet;
  /** Claimed active pods as the reconcile saw them. */
  pods: readonly CloneSetPod[];
  updateRevision: string;
  now: Now;
  /** The update step's numbers, when it ran. */
  updateDiffs?: ExpectationDiffs;
  /** Pods the update step moved in this reconcile. */
  updated?: number;
  /** Pods the update step could have moved (candidates not at the target). */
  updateCandidates?: number;
  /** Pods the scale step chose to delete but could not because of deleteReadyLimit. */
  deletionsHeldBack?: number;
}

const wait = (reason: WaitReason, pods: readonly CloneSetPod[], remainingMs?: number): RolloutWait =>
  waitOn(reason, pods, remainingMs);

/** Milliseconds until a Ready pod becomes available under minReadySeconds (Kruise: strictly after). */
export function untilAvailableMs(pod: CloneSetPod, minReadySeconds: number, now: Now): number | undefined {
  const ready = getPodCondition(pod, POD_READY);
  if (ready?.status !== 'True' || minReadySeconds <= 0) return undefined;
  const since = Date.parse(ready.lastTransitionTime ?? '');
  if (Number.isNaN(since)) return undefined;
  return Math.max(since + minReadySeconds * 1000 - toMillis(now), 0) + 1;
}

function graceRemainingMs(pod: CloneSetPod, now: Now): number | undefined {
  const grace = getInPlaceUpdateGraceAnnotation(pod.metadata);
  const state = getInPlaceUpdateStateAnnotation(pod.metadata);
  if (grace === undefined || grace === '' || state === undefined) return undefined;
  try {
    const seconds = (JSON.parse(grace) as { graceSeconds?: number }).graceSeconds ?? 0;
    const started = Date.parse((JSON.parse(state) as { updateTimestamp?: string }).updateTimestamp ?? '');
    if (Number.isNaN(started)) return undefined;
    return Math.max(started + seconds * 1000 - toMillis(now), 0);
  } catch {
    return undefined;
  }
}

const minDefined = (values: Array<number | undefined>): number | undefined => {
  const defined = values.filter((v): v is number => v !== undefined);
  return defined.length === 0 ? undefined : Math.min(...defined);
};

export function rolloutWaits(input: WaitInput): RolloutWait[] {
  const { cloneSet: cs, pods, now } = input;
  const mrs = cs.spec.minReadySeconds ?? 0;
  const waits: RolloutWait[] = [];
  const hooked = pods.filter((p) => {
    const s = getPodLifecycleState(p);
    return (
      s === LifecycleState.PreparingUpdate ||
      s === LifecycleState.PreparingDelete ||
      (s === LifecycleState.PreparingNormal && cs.spec.lifecycle?.preNormal !== undefined)
    );
  });
  if (hooked.length > 0) waits.push(wait(WaitReason.LifecycleHook, hooked));
  const inGrace = pods.filter((p) => graceRemainingMs(p, now) !== undefined);
  if (inGrace.length > 0) {
    waits.push(
      wait(WaitReason.GracePeriod, inGrace, minDefined(inGrace.map((p) => graceRemainingMs(p, now)))),
    );
  }
  const restarting = pods.filter(
    (p) => getPodLifecycleState(p) === LifecycleState.Updating && graceRemainingMs(p, now) === undefined,
  );
  if (restarting.length > 0) waits.push(wait(WaitReason.InPlaceUpdate, restarting));
  const notReady = pods.filter(
    (p) => !isPodReadyToDelete(p) && !hooked.includes(p) && !restarting.includes(p),
  );
  if (notReady.length > 0) waits.push(wait(WaitReason.Readiness, notReady));
  const warmingUp = pods.filter((p) => isPodReadyToDelete(p) && !isPodAvailable(p, mrs, now));
  if (warmingUp.length > 0) {
    waits.push(
      wait(
        WaitReason.MinReadySeconds,
        warmingUp,
        minDefined(warmingUp.map((p) => untilAvailableMs(p, mrs, now))),
      ),
    );
  }
  const rolling = cs.spec.updateStrategy?.rollingUpdate;
  const behind = pods.filter((p) => !isPodOnRevision(p, input.updateRevision));
  if (rolling?.paused === true && behind.length > 0) waits.push(wait(WaitReason.Paused, behind));
  const updateNum = input.updateDiffs?.updateNum ?? 0;
  const heldBack =
    (updateNum > 0 && (input.updated ?? 0) < Math.min(updateNum, input.updateCandidates ?? updateNum)) ||
    (input.deletionsHeldBack ?? 0) > 0;
  if (heldBack) waits.push(wait(WaitReason.MaxUnavailable, behind));
  let partition = 0;
  try {
    partition = calculatePartitionReplicas(rolling?.partition, cs.spec.replicas);
  } catch {
    // An invalid partition counts as 0, as in status.
  }
  if (partition > 0 && behind.length > 0 && behind.length <= partition && rolling?.paused !== true) {
    waits.push(wait(WaitReason.Partition, behind));
  }
  return waits;
}

/** When the controller should look again because a wait ends by itself (minReadySeconds, grace period). */
export function nextWakeMs(waits: readonly RolloutWait[]): number | undefined {
  return nextSelfEndingWakeMs(waits, [WaitReason.MinReadySeconds, WaitReason.GracePeriod]);
}
