// Pod predicates of Kruise's StatefulSet controller (stateful_set_utils.go: isCreated, isPending, isFailed,
// isSucceeded, isTerminating, isRunningAndReady, isRunningAndAvailable, isHealthy, getPodRevision). They differ in
// small ways from core's CloneSet predicates: terminating is any deletionTimestamp, and availability accepts
// lastTransitionTime + minReadySeconds == now.

import { getPodLifecycleState, isPodReady, LifecycleState } from '@kruise-ts/core';
import { type Now, nowMs, REVISION_LABEL, type StatefulSetPod } from './types.ts';

const set = (t: string | null | undefined): t is string => t !== undefined && t !== null && t !== '';

/** isCreated: the apiserver has given it a phase. */
export function isCreated(pod: StatefulSetPod): boolean {
  return set(pod.status?.phase);
}

export function isPending(pod: StatefulSetPod): boolean {
  return pod.status?.phase === 'Pending';
}

/** Failed or Succeeded: the pod is finished and is replaced. */
export function isFinished(pod: StatefulSetPod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Failed' || phase === 'Succeeded';
}

/** isTerminating: any deletionTimestamp. */
export function isTerminating(pod: StatefulSetPod): boolean {
  return set(pod.metadata.deletionTimestamp);
}

export function isRunningAndReady(pod: StatefulSetPod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

/** isHealthy: lifecycle state ""/Normal, running and ready, not terminating. */
export function isHealthy(pod: StatefulSetPod): boolean {
  const state = getPodLifecycleState(pod);
  if (state !== '' && state !== LifecycleState.Normal) return false;
  return isRunningAndReady(pod) && !isTerminating(pod);
}

const ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

export interface Availability {
  available: boolean;
  /** When not available only because minReadySeconds has not passed: how long to wait (ms); else 0. */
  waitMs: number;
}

/**
 * isRunningAndAvailable: running and Ready, and with minReadySeconds > 0 Ready since at least minReadySeconds
 * (lastTransitionTime of the Ready condition); an unknown transition time waits the full minReadySeconds.
 */
export function runningAndAvailable(pod: StatefulSetPod, minReadySeconds: number, now: Now): Availability {
  if (!isRunningAndReady(pod)) return { available: false, waitMs: 0 };
  if (minReadySeconds === 0) return { available: true, waitMs: 0 };
  const t = pod.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime;
  const since = set(t) ? Date.parse(t) : Number.NaN;
  if (Number.isNaN(since) || since === ZERO_TIME_MS)
    return { available: false, waitMs: minReadySeconds * 1000 };
  const wait = since + minReadySeconds * 1000 - nowMs(now);
  return wait > 0 ? { available: false, waitMs: wait } : { available: true, waitMs: 0 };
}

/** getPodRevision: the controller-revision-hash label ("" when absent). */
export function podRevision(pod: { metadata: { labels?: Record<string, string> } }): string {
  return pod.metadata.labels?.[REVISION_LABEL] ?? '';
}
