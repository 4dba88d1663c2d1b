// Pod activity, readiness and availability: the Kubernetes definitions Kruise builds on, and the stricter
// CloneSet ones (docs/behaviour/cloneset.md#pod-predicates, #status) that also look at the lifecycle state and the InPlaceUpdateReady condition.

import type { Pod, PodCondition } from './kube-types.ts';
import { getPodLifecycleState, LifecycleState } from './lifecycle.ts';

export const POD_READY = 'Ready';
export const CONTAINERS_READY = 'ContainersReady';
export const INPLACE_UPDATE_READY = 'InPlaceUpdateReady';

/** The first condition of that type, as Kubernetes' GetPodCondition. */
export function getPodCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

/**
 * The conditions of `next` that are new or differ from the pod's own of the same type (status, reason or
 * message): a status patch that carries only these leaves the kubelet's other conditions alone.
 */
export function changedPodConditions(pod: Pod, next: readonly PodCondition[]): PodCondition[] {
  return next.filter((c) => {
    const old = getPodCondition(pod, c.type);
    return (
      old === undefined ||
      old.status !== c.status ||
      (old.reason ?? '') !== (c.reason ?? '') ||
      (old.message ?? '') !== (c.message ?? '')
    );
  });
}

/** A condition in a strategic merge patch: null deletes a field. */
export type PodConditionPatch = Omit<PodCondition, 'reason' | 'message' | 'lastTransitionTime'> & {
  reason?: string | null;
  message?: string | null;
  lastTransitionTime?: string | null;
};

/**
 * The conditions as entries of a strategic merge patch of the pod's status. Kruise writes the whole status, so a
 * condition it changes replaces the old one (InPlaceUpdateReady True drops the StartInPlaceUpdate reason; Ready
 * False from the gates has no transition time); a merge by type would keep the old fields, so each entry says to
 * delete the reason, message and transition time it lacks.
 */
export function conditionsPatchEntries(conditions: readonly PodCondition[]): PodConditionPatch[] {
  return conditions.map((c) => ({
    ...c,
    reason: c.reason ?? null,
    message: c.message ?? null,
    lastTransitionTime: c.lastTransitionTime ?? null,
  }));
}

const isSet = (t: string | null | undefined): t is string => t !== undefined && t !== null && t !== '';

/** Neither finished (Succeeded/Failed) nor being deleted: counted, updated and deleted by the controller. */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !isSet(pod.metadata.deletionTimestamp);
}

export function isPodTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** Being deleted but not finished. */
export function isPodTerminating(pod: Pod): boolean {
  return !isPodTerminal(pod) && isSet(pod.metadata.deletionTimestamp);
}

/** The Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return getPodCondition(pod, POD_READY)?.status === 'True';
}

function toMillis(t: number | Date): number {
  return typeof t === 'number' ? t : t.getTime();
}

const ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

// Go's zero time (0001-01-01T00:00:00Z) means "never"; JSON carries it as null, absent or that literal.
function transitionMillis(t: string | null | undefined): number | undefined {
  if (!isSet(t)) return undefined;
  const ms = Date.parse(t);
  if (Number.isNaN(ms) || ms === ZERO_TIME_MS) return undefined;
  return ms;
}

/**
 * Kubernetes IsPodAvailable as Kruise's pinned v1.32 has it: Ready, and with minReadySeconds > 0 Ready since
 * strictly more than minReadySeconds (lastTransitionTime + minReadySeconds < now); an unknown transition time
 * never qualifies. (Newer Kubernetes, e.g. 1.36, also accepts equality; Kruise does not.)
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number | Date): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds === 0) return true;
  const since = transitionMillis(getPodCondition(pod, POD_READY)?.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < toMillis(now);
}

export function isRunningAndReady(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

export function isRunningAndAvailable(pod: Pod, minReadySeconds: number, now: number | Date): boolean {
  return pod.status?.phase === 'Running' && isPodAvailable(pod, minReadySeconds, now);
}

/**
 * CloneSet IsPodUpdateReady (what status.readyReplicas counts with minReadySeconds 0): running, available, and
 * the InPlaceUpdateReady condition absent or True. The lifecycle state is not considered.
 */
export function isPodUpdateReady(pod: Pod, minReadySeconds: number, now: number | Date): boolean {
  if (!isRunningAndAvailable(pod, minReadySeconds, now)) return false;
  const inPlace = getPodCondition(pod, INPLACE_UPDATE_READY);
  return inPlace === undefined || inPlace.status === 'True';
}

/** CloneSet IsPodAvailable (docs/behaviour/cloneset.md#pod-predicates): lifecycle state "" or Normal, and isPodUpdateReady. */
export function isCloneSetPodAvailable(pod: Pod, minReadySeconds: number, now: number | Date): boolean {
  const state = getPodLifecycleState(pod);
  if (state !== '' && state !== LifecycleState.Normal) return false;
  return isPodUpdateReady(pod, minReadySeconds, now);
}

/** CloneSet isPodReady: availability with minReadySeconds 0 — note it includes the lifecycle-state test. */
export function isCloneSetPodReady(pod: Pod): boolean {
  return isCloneSetPodAvailable(pod, 0, 0);
}
