// updateStrategy.priorityStrategy (docs/behaviour/cloneset.md#update-order step 2; the Advanced StatefulSet's
// unorderedUpdate.priorityStrategy, docs/behaviour/advanced-statefulset.md#unordered-update; Kruise
// pkg/util/updatesort/priority_sort.go): weightPriority sums the
// weights of the terms whose selector matches the pod's labels, heavier first; orderPriority takes the first
// orderedKey the pod has (earlier key first; pods with none of the keys come before all others) and, within one
// key, the larger trailing integer of the label value first. The sort is stable.

import type { UpdatePriorityStrategy } from '@kruise-ts/api';
import { LabelSelectorError, selectorMatches } from '@kruise-ts/kube';
import type { Pod } from './kube-types.ts';

export type { UpdatePriorityStrategy };
export type UpdatePriorityWeightTerm = NonNullable<UpdatePriorityStrategy['weightPriority']>[number];
export type UpdatePriorityOrderTerm = NonNullable<UpdatePriorityStrategy['orderPriority']>[number];

function weightOf(strategy: UpdatePriorityStrategy, labels: Record<string, string>): number {
  let weight = 0;
  for (const term of strategy.weightPriority ?? []) {
    try {
      if (selectorMatches(term.matchSelector, labels)) weight += term.weight;
    } catch (err) {
      // An invalid selector contributes nothing, as in Kruise.
      if (!(err instanceof LabelSelectorError)) throw err;
    }
  }
  return weight;
}

/** The integer made of the value's trailing digits ("o-10" ⇒ 10); 0 without any (or beyond int64). */
export function trailingInteger(value: string): number {
  const m = /\d+$/.exec(value);
  if (m === null) return 0;
  const n = BigInt(m[0]);
  return n >= 2n ** 63n ? 0 : Number(n);
}

function orderOf(
  strategy: UpdatePriorityStrategy,
  labels: Record<string, string>,
): [level: number, order: number] {
  const terms = strategy.orderPriority ?? [];
  for (let i = 0; i < terms.length; i++) {
    const value = labels[(terms[i] as { orderedKey: string }).orderedKey];
    if (value !== undefined) return [i, trailingInteger(value)];
  }
  return [-1, 0];
}

/**
 * Kruise's compare: < 0 when `a` goes first, > 0 when `b` does, 0 when the strategy does not tell them apart
 * (then the earlier one stays first).
 */
export function comparePriority(
  strategy: UpdatePriorityStrategy,
  a: Record<string, string>,
  b: Record<string, string>,
): number {
  if ((strategy.weightPriority ?? []).length > 0) {
    const wa = weightOf(strategy, a);
    const wb = weightOf(strategy, b);
    return wa === wb ? 0 : wa > wb ? -1 : 1;
  }
  if ((strategy.orderPriority ?? []).length > 0) {
    const [la, oa] = orderOf(strategy, a);
    const [lb, ob] = orderOf(strategy, b);
    if (la !== lb) return la < lb ? -1 : 1;
    if (oa !== ob) return oa > ob ? -1 : 1;
  }
  return 0;
}

export function sortByPriority(
  strategy: UpdatePriorityStrategy | undefined,
  pods: readonly (Pod | undefined)[],
  indexes: readonly number[],
): number[] {
  if (strategy === undefined) return [...indexes];
  if ((strategy.weightPriority ?? []).length === 0 && (strategy.orderPriority ?? []).length === 0)
    return [...indexes];
  const labelsAt = (i: number) => pods[i]?.metadata.labels ?? {};
  return [...indexes].sort((i, j) => comparePriority(strategy, labelsAt(i), labelsAt(j)));
}
