// What an Advanced StatefulSet rollout is waiting for after one reconcile: lifecycle hooks, in-place updates,
// readiness, minReadySeconds, an OrderedReady predecessor, maxUnavailable, the partition, pause. Pure: computed
// from the pods the reconcile saw and where its scale and update plans stopped (plan-scale.ts, plan-update.ts),
// so the reconcile can put them on its span as `rollout.wait` events and into the RolloutProgress event.
import { getPodLifecycleState, LifecycleState } from '@kruise-ts/core';
import {
  nextWakeMs as nextSelfEndingWakeMs,
  rolloutWaitReasons,
  type RolloutWait as Wait,
  type WaitReasonOf,
  waitOn,
} from '@kruise-ts/runtime';
import type { ScaleStop } from '../plan-scale.ts';
import { minReadySecondsOf } from '../plan-scale.ts';
import type { UpdateStop } from '../plan-update.ts';
import { isRunningAndReady, isTerminating, podRevision, runningAndAvailable } from '../pod-state.ts';
import type { Now, StatefulSet, StatefulSetPod } from '../types.ts';

/** The CloneSet's reasons where they mean the same (kubectl-kruise reads both alike), plus the ordered wait. */
export const WaitReason = rolloutWaitReasons({
  /** OrderedReady: a lower ordinal is not running and available, so nothing after it moves. */
  OrderedPredecessor: 'WaitingForOrderedPredecessor',
  /** OnPodRollingUpdate: the pod's claims are growing, its volume not yet at the requested size. */
  VolumeResize: 'WaitingForVolumeResize',
});
export type WaitReason = WaitReasonOf<typeof WaitReason>;

export type RolloutWait = Wait<WaitReason>;

export interface WaitInput {
  set: StatefulSet;
  /** The set's pods as the reconcile saw them (valid replicas and condemned ones). */
  pods: readonly StatefulSetPod[];
  updateRevisionName: string;
  now: Now;
  /** Where the scaling round ended, and the pod it ended on. */
  scaleStop?: ScaleStop;
  scaleStopPod?: string;
  /** Where the rolling-update round ended (undefined when it did not run or ran to its end). */
  updateStop?: UpdateStop;
  /** The target a max-unavailable stop blocked on. */
  blockedPod?: string;
  /** Pods the update round holds for their claims (plan-update.ts volumeResizing). */
  volumeResizing?: readonly string[];
}

// plan-scale.ts stops of an OrderedReady round that wait on one pod becoming ready or gone.
const ORDERED_STOPS: ReadonlySet<ScaleStop> = new Set<ScaleStop>([
  'created',
  'unavailable',
  'terminating',
  'condemned-waiting',
  'finished-pod',
]);

function isHooked(set: StatefulSet, pod: StatefulSetPod): boolean {
  const s = getPodLifecycleState(pod);
  return (
    s === LifecycleState.PreparingUpdate ||
    s === LifecycleState.PreparingDelete ||
    (s === LifecycleState.PreparingNormal && set.spec.lifecycle?.preNormal !== undefined)
  );
}

export function rolloutWaits(input: WaitInput): RolloutWait[] {
  const { set, pods, now } = input;
  const live = pods.filter((p) => !isTerminating(p));
  const waits: RolloutWait[] = [];
  const hooked = live.filter((p) => isHooked(set, p));
  if (hooked.length > 0) waits.push(waitOn(WaitReason.LifecycleHook, hooked));
  const updating = live.filter((p) => getPodLifecycleState(p) === LifecycleState.Updating);
  if (updating.length > 0) waits.push(waitOn(WaitReason.InPlaceUpdate, updating));
  const notReady = live.filter((p) => !isRunningAndReady(p) && !hooked.includes(p) && !updating.includes(p));
  if (notReady.length > 0) waits.push(waitOn(WaitReason.Readiness, notReady));
  const mrs = minReadySecondsOf(set);
  const warming = live
    .filter((p) => isRunningAndReady(p))
    .map((p) => ({ p, a: runningAndAvailable(p, mrs, now) }))
    .filter(({ a }) => !a.available);
  if (warming.length > 0) {
    waits.push(
      waitOn(
        WaitReason.MinReadySeconds,
        warming.map(({ p }) => p),
        Math.min(...warming.map(({ a }) => a.waitMs)),
      ),
    );
  }
  const resizing = input.volumeResizing ?? [];
  if (resizing.length > 0) {
    waits.push(
      waitOn(
        WaitReason.VolumeResize,
        resizing.map((name) => ({ metadata: { name } })),
      ),
    );
  }
  if (input.scaleStop !== undefined && ORDERED_STOPS.has(input.scaleStop)) {
    // By name: a pod created this round is not among the pods the reconcile started from.
    const blocking = input.scaleStopPod === undefined ? [] : [{ metadata: { name: input.scaleStopPod } }];
    waits.push(waitOn(WaitReason.OrderedPredecessor, blocking));
  }
  const behind = live.filter((p) => podRevision(p) !== input.updateRevisionName);
  const rolling = set.spec.updateStrategy?.rollingUpdate;
  if (input.updateStop === 'paused' && behind.length > 0) waits.push(waitOn(WaitReason.Paused, behind));
  if (input.updateStop === 'max-unavailable') {
    const blocked = pods.filter((p) => p.metadata.name === input.blockedPod);
    waits.push(waitOn(WaitReason.MaxUnavailable, blocked.length > 0 ? blocked : behind));
  }
  const partition = rolling?.partition ?? 0;
  if (partition > 0 && behind.length > 0 && behind.length <= partition && rolling?.paused !== true) {
    waits.push(waitOn(WaitReason.Partition, behind));
  }
  return waits;
}

/** When to look again because a wait ends by itself (minReadySeconds). */
export function nextWakeMs(waits: readonly RolloutWait[]): number | undefined {
  return nextSelfEndingWakeMs(waits, [WaitReason.MinReadySeconds]);
}
