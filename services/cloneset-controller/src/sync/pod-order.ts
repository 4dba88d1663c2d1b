// Orders of "worst pod first" (docs/behaviour/cloneset.md#scale-in-order, #update-order): Kubernetes' ActivePods order, used to pick which pods update
// first, and Kruise's ActivePodsWithRanks order, used to pick which pods a scale-in deletes first.

import { getPodCondition, isPodReady, type Pod } from '@kruise-ts/core';

export const POD_DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';

// Any other phase (Succeeded, Failed, unset) has ordinal 0 like Pending, as Go's missing map key.
const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
const phaseOrdinal = (pod: Pod): number => PHASE_ORDINAL[pod.status?.phase ?? ''] ?? 0;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * The pod-deletion-cost annotation as an int32; absent or invalid ("+10", "008", out of range, non-numeric) is 0.
 */
export function podDeletionCost(pod: Pod): number {
  const value = pod.metadata.annotations?.[POD_DELETION_COST_ANNOTATION];
  if (value === undefined) return 0;
  // A leading "+" or zero is invalid; a minus sign may be followed by any digits (strconv.ParseInt).
  if (!/^(-\d+|0|[1-9]\d*)$/.test(value)) return 0;
  const n = Number(value);
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX ? n : 0;
}

// Go's zero time is represented by an absent/null/empty timestamp.
function timeMillis(t: string | null | undefined): number | undefined {
  if (t === undefined || t === null || t === '') return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) || ms === Date.parse('0001-01-01T00:00:00Z') ? undefined : ms;
}

/** afterOrZero: is t1 after t2, a zero time counting as after any real time. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

function readyTime(pod: Pod): number | undefined {
  const c = getPodCondition(pod, 'Ready');
  return c?.status === 'True' ? timeMillis(c.lastTransitionTime) : undefined;
}

function maxRestarts(pod: Pod): number {
  let max = 0;
  for (const s of pod.status?.containerStatuses ?? []) max = Math.max(max, s.restartCount ?? 0);
  return max;
}

const nodeName = (pod: Pod): string => pod.spec?.nodeName ?? '';

/** Ready since, restarts, creation time: the common tail of both orders. */
function tieBreak(a: Pod, b: Pod): boolean | undefined {
  if (isPodReady(a) && isPodReady(b)) {
    const ta = readyTime(a);
    const tb = readyTime(b);
    if (ta !== tb) return afterOrZero(ta, tb);
  }
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) > maxRestarts(b);
  const ca = timeMillis(a.metadata.creationTimestamp);
  const cb = timeMillis(b.metadata.creationTimestamp);
  if (ca !== cb) return afterOrZero(ca, cb);
  return undefined;
}

/**
 * Kubernetes controller.ActivePods Less: unscheduled < scheduled, Pending < Unknown < Running, not ready < ready,
 * ready more recently < longer, more restarts < fewer, newer < older (zero times first).
 */
export function activePodsLess(a: Pod, b: Pod): boolean {
  if (nodeName(a) !== nodeName(b) && (nodeName(a) === '' || nodeName(b) === '')) return nodeName(a) === '';
  if (phaseOrdinal(a) !== phaseOrdinal(b)) return phaseOrdinal(a) < phaseOrdinal(b);
  if (isPodReady(a) !== isPodReady(b)) return !isPodReady(a);
  return tieBreak(a, b) ?? false;
}

export interface DeletionOrderOptions {
  /** Higher rank is deleted first; pods without a rank count 0. */
  rank?: (pod: Pod) => number;
  /** CloneSet availability (lifecycle state, minReadySeconds); not-available pods go first. */
  isAvailable?: (pod: Pod) => boolean;
}

/**
 * Kruise ActivePodsWithRanks Less: unscheduled, phase, not available, not ready, lower deletion cost, higher
 * rank, then the ActivePods tail. A pod that is "less" is deleted first.
 */
export function deletionOrderLess(a: Pod, b: Pod, opts: DeletionOrderOptions = {}): boolean {
  if (nodeName(a) !== nodeName(b) && (nodeName(a) === '' || nodeName(b) === '')) return nodeName(a) === '';
  if (phaseOrdinal(a) !== phaseOrdinal(b)) return phaseOrdinal(a) < phaseOrdinal(b);
  if (opts.isAvailable !== undefined) {
    const availA = opts.isAvailable(a);
    if (availA !== opts.isAvailable(b)) return !availA;
  }
  if (isPodReady(a) !== isPodReady(b)) return !isPodReady(a);
  const costA = podDeletionCost(a);
  const costB = podDeletionCost(b);
  if (costA !== costB) return costA < costB;
  const rankA = opts.rank?.(a) ?? 0;
  const rankB = opts.rank?.(b) ?? 0;
  if (rankA !== rankB) return rankA > rankB;
  return tieBreak(a, b) ?? false;
}

/** A stable sort by a Go-style less function (ties keep their input order). */
export function sortByLess<T>(items: readonly T[], less: (a: T, b: T) => boolean): T[] {
  return [...items].sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
}
