// The order in which waiting pods get their sidecars upgraded (sidecarset_strategy.go SortUpdateIndexes):
// Kubernetes' ActivePods order, then updateStrategy.priorityStrategy, then scatterStrategy
// (pkg/util/updatesort). Each function returns a new array.
import type { UpdatePriorityStrategy, UpdateScatterStrategy } from '@kruise-ts/api';
import { selectorMatches } from './label-selector.ts';
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

interface ScatterGroup {
  groupNum: number;
  matchedGroupSize: number;
  unmatchedGroupSize: number;
  unmatchedRemainder: number;
}

function scatterGroup(matched: number, unmatched: number): ScatterGroup {
  const groupNum = Math.min(matched, unmatched);
  return {
    groupNum,
    matchedGroupSize: Math.round(matched / groupNum),
    unmatchedGroupSize: Math.round(unmatched / groupNum),
    unmatchedRemainder: 0,
  };
}

function groupByDensity(
  totalMatched: number,
  totalUnmatched: number,
  updMatched: number,
  updUnmatched: number,
) {
  const total = scatterGroup(totalMatched, totalUnmatched);
  const update = scatterGroup(updMatched, updUnmatched);
  if (Math.fround(totalUnmatched / totalMatched) >= Math.fround(updUnmatched / updMatched)) return update;
  const group: ScatterGroup = {
    groupNum: 0,
    matchedGroupSize: total.matchedGroupSize,
    unmatchedGroupSize: total.unmatchedGroupSize,
    unmatchedRemainder: 0,
  };
  const byMatched = Math.trunc(updMatched / group.matchedGroupSize);
  const byUnmatched = Math.trunc(updUnmatched / group.unmatchedGroupSize);
  group.groupNum = Math.min(byMatched, byUnmatched);
  group.unmatchedRemainder = updUnmatched - group.groupNum * group.unmatchedGroupSize;
  return group;
}

/**
 * scatterSort: spreads the waiting pods carrying each scatter label value evenly through the update order.
 * `all` is every matched pod (the density reference), `waiting` the pods to order.
 */
export function sortByScatter(
  waiting: readonly Pod[],
  all: readonly Pod[],
  scatter: UpdateScatterStrategy,
): Pod[] {
  if (scatter.length === 0 || waiting.length <= 1) return [...waiting];
  const matches = (pod: Pod, t: { key: string; value: string }) => pod.metadata.labels?.[t.key] === t.value;
  let terms = scatter;
  if (scatter.length > 1) {
    const counts = new Map<string, number>();
    const found: { key: string; value: string }[] = [];
    for (const term of scatter) {
      for (const pod of waiting) {
        if (!matches(pod, term)) continue;
        const id = `${term.key}:${term.value}`;
        if (!counts.has(id)) found.push({ key: term.key, value: term.value });
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    terms = found
      .map((t, i) => ({ t, i, n: counts.get(`${t.key}:${t.value}`) ?? 0 }))
      .sort((a, b) => b.n - a.n || a.i - b.i)
      .map((x) => x.t);
  }
  let order = [...waiting];
  for (const term of terms) {
    const matched = order.filter((p) => matches(p, term));
    const unmatched = order.filter((p) => !matches(p, term));
    if (matched.length <= 1 || unmatched.length <= 1) continue;
    let totalMatched = all.filter((p) => matches(p, term)).length;
    const totalUnmatched = all.length - totalMatched;
    const last = matched.pop() as Pod;
    totalMatched--;
    const group = groupByDensity(totalMatched, totalUnmatched, matched.length, unmatched.length);
    const next: Pod[] = [];
    if (group.unmatchedRemainder > 0) next.push(...unmatched.splice(0, group.unmatchedRemainder));
    for (let i = 0; i < group.groupNum; i++) {
      next.push(...matched.splice(0, group.matchedGroupSize));
      next.push(...unmatched.splice(0, group.unmatchedGroupSize));
    }
    next.push(...matched, ...unmatched, last);
    order = next;
  }
  return order;
}
