// Which waiting pods update first (docs/behaviour/cloneset.md#update-order, SortUpdateIndexes) and how many may update now (docs/behaviour/cloneset.md#update-limit,
// limitUpdateIndexes). Both work on indexes into the full pod list, as Kruise does.

import { getPodLifecycleState, LifecycleState, type Pod, sortByPriority } from '@kruise-ts/core';
import { isPodAvailable, isPodOnRevision } from '../pod-state.ts';
import type { ExpectationDiffs } from '../sync/expectation-diffs.ts';
import { activePodsLess, sortByLess } from '../sync/pod-order.ts';
import type { Now, RollingUpdateStrategy } from '../types.ts';
import { sortByScatter } from './scatter-sort.ts';

/**
 * Default order (worst pods first: unscheduled, pending, not ready, …), then priorityStrategy, then
 * scatterStrategy, then PreparingUpdate pods to the front. Kruise's default sort is not stable; this one keeps
 * ties in input order.
 */
export function sortUpdateIndexes(
  rollingUpdate: RollingUpdateStrategy | undefined,
  pods: readonly Pod[],
  indexes: readonly number[],
): number[] {
  const podAt = (i: number) => pods[i] as Pod;
  let order = sortByLess(indexes, (i, j) => activePodsLess(podAt(i), podAt(j)));
  if (rollingUpdate !== undefined) {
    if (rollingUpdate.priorityStrategy !== undefined)
      order = sortByPriority(rollingUpdate.priorityStrategy, pods, order);
    if (rollingUpdate.scatterStrategy !== undefined)
      order = sortByScatter(rollingUpdate.scatterStrategy, pods, order);
  }
  const preparing = (i: number) => getPodLifecycleState(podAt(i)) === LifecycleState.PreparingUpdate;
  return [...order.filter(preparing), ...order.filter((i) => !preparing(i))];
}

/**
 * Cuts the sorted candidates to |updateNum| and then to what maxUnavailable allows: pods already unavailable at
 * the target revision use up the budget, and updating an available pod also needs room in the global unavailable
 * count (an already-unavailable candidate costs nothing there).
 */
export function limitUpdateIndexes(
  diffs: Pick<ExpectationDiffs, 'updateNum' | 'updateMaxUnavailable'>,
  pods: readonly Pod[],
  sortedIndexes: readonly number[],
  targetRevision: string,
  minReadySeconds: number,
  now: Now,
): number[] {
  const candidates = sortedIndexes.slice(0, Math.abs(diffs.updateNum));
  let unavailable = 0;
  let targetUnavailable = 0;
  for (const pod of pods) {
    if (isPodAvailable(pod, minReadySeconds, now)) continue;
    unavailable++;
    if (isPodOnRevision(pod, targetRevision)) targetUnavailable++;
  }
  let can = 0;
  for (const i of candidates) {
    if (targetUnavailable + can >= diffs.updateMaxUnavailable) break;
    if (isPodAvailable(pods[i] as Pod, minReadySeconds, now)) {
      if (unavailable >= diffs.updateMaxUnavailable) break;
      unavailable++;
    }
    can++;
  }
  return candidates.slice(0, can);
}
