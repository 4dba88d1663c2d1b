// GetNextUpgradePods (sidecarset_strategy.go, docs/behaviour/sidecarset.md#upgrade-choice): which pods get their sidecars upgraded in this
// round under updateStrategy selector, partition and maxUnavailable, in priority/scatter order.
import { calculatePartitionReplicas, getScaledValueFromIntOrPercent, selectorMatches } from '@kruise-ts/kube';
import { expandScatterTerms, sortActivePods, sortByPriority, sortByScatter } from './pod-order.ts';
import {
  isPodSidecarUpdated,
  isPodStateConsistent,
  isSidecarSetPodReady,
  sidecarSetUpgradability,
} from './pod-state.ts';
import type { Pod, SidecarSet } from './types.ts';

export interface UpgradeBatch {
  /** Pods to upgrade now, in order. */
  upgrade: Pod[];
  /** Pods whose SidecarSet changed more than images: they are never upgraded in place. */
  notUpgradable: Pod[];
}

/** SortUpdateIndexes over the waiting pods. */
export function sortWaitingPods(sidecarSet: SidecarSet, waiting: readonly Pod[], all: readonly Pod[]): Pod[] {
  const strategy = sidecarSet.spec.updateStrategy ?? {};
  let order = sortActivePods(waiting);
  if (strategy.priorityStrategy) order = sortByPriority(order, strategy.priorityStrategy);
  if (strategy.scatterStrategy)
    order = sortByScatter(order, all, expandScatterTerms(strategy.scatterStrategy, all));
  return order;
}

/** Updated pods that are not (yet) consistent and ready: the ones using up maxUnavailable. */
export function unavailableUpdatedPods(sidecarSet: SidecarSet, pods: readonly Pod[]): number {
  return pods.filter(
    (p) =>
      isPodSidecarUpdated(sidecarSet, p) &&
      (!isPodStateConsistent(p, sidecarSet) || !isSidecarSetPodReady(p, sidecarSet)),
  ).length;
}

/** Kruise ignores unparsable values (validation refuses them); 0 here as well. */
function scaled(value: number | string | undefined, total: number, fallback: number): number {
  if (value === undefined) return fallback;
  try {
    return getScaledValueFromIntOrPercent(value, total, true);
  } catch {
    return 0;
  }
}

/** calculateUpgradeCount: how many of the sorted waiting pods to take. */
export function upgradeCount(sidecarSet: SidecarSet, waiting: readonly Pod[], pods: readonly Pod[]): number {
  const strategy = sidecarSet.spec.updateStrategy ?? {};
  const total = pods.length;
  let partition = 0;
  if (strategy.partition !== undefined) {
    try {
      partition = calculatePartitionReplicas(strategy.partition, total);
    } catch {
      partition = 0;
    }
  }
  if (waiting.length - partition <= 0) return 0;
  const candidates = waiting.slice(0, waiting.length - partition);
  const maxUnavailable = scaled(strategy.maxUnavailable, total, 1);
  let unavailable = unavailableUpdatedPods(sidecarSet, pods);
  let count = 0;
  for (const pod of candidates) {
    // A pod that is not ready anyway does not use the budget.
    if (!isSidecarSetPodReady(pod, sidecarSet)) {
      count++;
      continue;
    }
    if (unavailable >= maxUnavailable) break;
    unavailable++;
    count++;
  }
  return count;
}

export function nextUpgradePods(sidecarSet: SidecarSet, pods: readonly Pod[]): UpgradeBatch {
  const selector = sidecarSet.spec.updateStrategy?.selector;
  const selected = (pod: Pod) => {
    if (!selector) return true;
    try {
      return selectorMatches(selector, pod.metadata.labels);
    } catch {
      return false;
    }
  };
  const waiting: Pod[] = [];
  const notUpgradable: Pod[] = [];
  for (const pod of pods) {
    if (isPodSidecarUpdated(sidecarSet, pod) || !selected(pod)) continue;
    const { canUpgrade, consistent } = sidecarSetUpgradability(sidecarSet, pod);
    if (!canUpgrade) notUpgradable.push(pod);
    else if (consistent) waiting.push(pod);
  }
  const sorted = sortWaitingPods(sidecarSet, waiting, pods);
  return { upgrade: sorted.slice(0, upgradeCount(sidecarSet, sorted, pods)), notUpgradable };
}
