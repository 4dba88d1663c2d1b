// Which pods a scale-in deletes (docs/behaviour/cloneset.md#scale-in-order, choosePodsToDelete) and how many of them may go now: old-revision pods
// first as far as scaleDownNumOldRevision asks, each group in deletion order, then ready pods only within
// deleteReadyLimit.

import type { Pod } from '@kruise-ts/core';
import { isPodAvailable, isPodReadyToDelete } from '../pod-state.ts';
import type { CloneSet, Now } from '../types.ts';
import { deletionOrderLess, sortByLess } from './pod-order.ts';
import { type Ranks, sameNodeRanks, spreadConstraintRanks } from './rankers.ts';

export interface ChooseOptions {
  now: Now;
  /** Node name → labels; only needed when the template has topologySpreadConstraints. */
  nodeLabels?: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

function ranksFor(cs: CloneSet, pods: readonly Pod[], nodeLabels: ChooseOptions['nodeLabels']): Ranks {
  const constraints = cs.spec.template?.spec?.topologySpreadConstraints ?? [];
  if (constraints.length > 0) {
    return spreadConstraintRanks(
      pods,
      constraints.map((c) => ({ topologyKey: typeof c.topologyKey === 'string' ? c.topologyKey : '' })),
      nodeLabels ?? new Map(),
    );
  }
  return sameNodeRanks(pods);
}

function chooseFrom<P extends Pod>(
  cs: CloneSet,
  pods: readonly P[],
  count: number,
  opts: ChooseOptions,
): P[] {
  // Every pod goes anyway: no need to rank them.
  if (count >= pods.length) return [...pods];
  const ranks = ranksFor(cs, pods, opts.nodeLabels);
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  const sorted = sortByLess(pods, (a, b) =>
    deletionOrderLess(a, b, {
      rank: (p) => ranks.get(p) ?? 0,
      isAvailable: (p) => isPodAvailable(p, minReadySeconds, opts.now),
    }),
  );
  return sorted.slice(0, count);
}

/** The `total` pods to delete, `oldRevisionCount` of them (at most) from the not-updated pods. */
export function choosePodsToDelete<P extends Pod>(
  cs: CloneSet,
  total: number,
  oldRevisionCount: number,
  notUpdated: readonly P[],
  updated: readonly P[],
  opts: ChooseOptions,
): P[] {
  if (oldRevisionCount >= total) return chooseFrom(cs, notUpdated, total, opts);
  if (oldRevisionCount > 0) {
    return [
      ...chooseFrom(cs, notUpdated, oldRevisionCount, opts),
      ...chooseFrom(cs, updated, total - oldRevisionCount, opts),
    ];
  }
  return chooseFrom(cs, updated, total, opts);
}

/**
 * Keeps every pod that is not ready (deleting it costs no availability) and ready pods while the budget lasts,
 * in the given order. Returns the kept pods and the budget left.
 */
export function limitByDeleteReadyLimit<P extends Pod>(
  pods: readonly P[],
  deleteReadyLimit: number,
): { pods: P[]; remaining: number } {
  let remaining = deleteReadyLimit;
  const kept: P[] = [];
  for (const pod of pods) {
    if (!isPodReadyToDelete(pod)) kept.push(pod);
    else if (remaining > 0) {
      kept.push(pod);
      remaining--;
    }
  }
  return { pods: kept, remaining };
}
