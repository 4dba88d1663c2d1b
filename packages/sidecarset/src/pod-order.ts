// The order in which waiting pods get their sidecars upgraded (sidecarset_strategy.go SortUpdateIndexes):
// Kubernetes' ActivePods order, then updateStrategy.priorityStrategy, then scatterStrategy
// (pkg/util/updatesort). Each function returns a new array.
import type { UpdatePriorityStrategy, UpdateScatterStrategy } from '@kruise-ts/api';
import { scatterSort } from '@kruise-ts/core';
import { selectorMatches } from '@kruise-ts/kube';
import type { Pod } from './types.ts';

const phaseOrdinal: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

const millis = (t: string | null | undefined): number | undefined => {
  if (t === undefined || t === null || t === '') return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
};

const isReady = (pod: Pod) =>
  (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

const readyTime = (pod: Pod) =>
  millis((pod.status?.conditions ?? []).find((c) => c.type === 'Ready')?.lastTransitionTime);

const maxRestarts = (pod: Pod) =>
  Math.max(0, ...(pod.status?.containerStatuses ?? []).map((s) => s.restartCount ?? 0));

/** afterOrZero: a zero time sorts first, otherwise the later time does. */
function afterOrZero(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined) return a === undefined;
  return a > b;
}

/** controller.ActivePods Less: the pods least worth keeping come first. */
export function activePodsLess(a: Pod, b: Pod): boolean {
  const na = a.spec.nodeName ?? '';
  const nb = b.spec.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na === '';
  const pa = phaseOrdinal[a.status?.phase ?? ''] ?? 0;
  const pb = phaseOrdinal[b.status?.phase ?? ''] ?? 0;
  if (pa !== pb) return pa < pb;
  if (isReady(a) !== isReady(b)) return !isReady(a);
  if (isReady(a) && isReady(b)) {
    const ta = readyTime(a);
    const tb = readyTime(b);
    if (ta !== tb) return afterOrZero(ta, tb);
  }
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) > maxRestarts(b);
  const ca = millis(a.metadata.creationTimestamp);
  const cb = millis(b.metadata.creationTimestamp);
  if (ca !== cb) return afterOrZero(ca, cb);
  return false;
}

export function sortActivePods(pods: readonly Pod[]): Pod[] {
  return [...pods].sort((a, b) => (activePodsLess(a, b) ? -1 : activePodsLess(b, a) ? 1 : 0));
}

/** getIntFromStringSuffix: the trailing digits of a label value, 0 without. */
function orderSuffix(value: string): number {
  const m = /(\d+)$/.exec(value);
  return m ? Number.parseInt(m[1] as string, 10) : 0;
}

/** prioritySort: higher weight first; or lower order-key index, then higher numeric suffix. Stable. */
export function sortByPriority(pods: readonly Pod[], strategy: UpdatePriorityStrategy | undefined): Pod[] {
  const weights = strategy?.weightPriority ?? [];
  const orders = strategy?.orderPriority ?? [];
  if (weights.length === 0 && orders.length === 0) return [...pods];
  const weight = (pod: Pod) => {
    let w = 0;
    for (const term of weights) {
      try {
        if (selectorMatches(term.matchSelector, pod.metadata.labels)) w += term.weight;
      } catch {
        // An invalid selector adds nothing (Kruise skips it).
      }
    }
    return w;
  };
  const order = (pod: Pod): [number, number] => {
    for (const [i, term] of orders.entries()) {
      const value = pod.metadata.labels?.[term.orderedKey];
      if (value !== undefined) return [i, orderSuffix(value)];
    }
    return [-1, 0];
  };
  return [...pods].sort((a, b) => {
    if (weights.length > 0) return weight(b) - weight(a);
    const [la, oa] = order(a);
    const [lb, ob] = order(b);
    if (la !== lb) return la - lb;
    return ob - oa;
  });
}

/** parseUpdateScatterTerms: `key: *` becomes one term per value of that label among the pods. */
export function expandScatterTerms(
  scatter: UpdateScatterStrategy,
  pods: readonly Pod[],
): UpdateScatterStrategy {
  const out: UpdateScatterStrategy = [];
  const add = (term: { key: string; value: string }) => {
    if (!out.some((t) => t.key === term.key && t.value === term.value)) out.push(term);
  };
  for (const term of scatter) {
    if (term.value !== '*') {
      add(term);
      continue;
    }
    for (const pod of pods) {
      const value = pod.metadata.labels?.[term.key];
      if (value !== undefined) add({ key: term.key, value });
    }
  }
  return out;
}

/**
 * scatterSort (core's): spreads the waiting pods carrying each scatter label value evenly through the update
 * order. `all` is every matched pod (the density reference), `waiting` the pods to order.
 */
export function sortByScatter(
  waiting: readonly Pod[],
  all: readonly Pod[],
  scatter: UpdateScatterStrategy,
): Pod[] {
  return scatterSort(scatter, {
    candidates: waiting,
    labelsOf: (pod) => pod.metadata.labels,
    population: all.map((pod) => pod.metadata.labels),
  });
}
