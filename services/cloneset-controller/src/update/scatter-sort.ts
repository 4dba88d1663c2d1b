// updateStrategy.scatterStrategy (docs/behaviour/cloneset.md#update-order step 3): core's scatterSort over indexes into the CloneSet's pod
// slots, the density measured on every slot that holds a pod.
import {
  type Pod,
  scatterByTerm as scatterByTermOf,
  scatterSort,
  scatterTerms as termsOf,
} from '@kruise-ts/core';
import type { UpdateScatterTerm } from '../types.ts';

/** A population slot may be empty (Kruise skips nil pods when measuring density). */
export type PodSlot = Pod | undefined;

function input(pods: readonly PodSlot[], indexes: readonly number[]) {
  return {
    candidates: indexes,
    labelsOf: (i: number) => pods[i]?.metadata.labels,
    population: pods.map((p) => (p === undefined ? null : p.metadata.labels)),
  };
}

/** The terms to apply, most carriers among the candidates first (a single term is used as is). */
export function scatterTerms(
  strategy: readonly UpdateScatterTerm[],
  pods: readonly PodSlot[],
  indexes: readonly number[],
): UpdateScatterTerm[] {
  return termsOf(strategy, indexes, (i) => pods[i]?.metadata.labels);
}

/** Interleaves the candidates for one term (Kruise's scatterPodsByRule). */
export function scatterByTerm(
  term: UpdateScatterTerm,
  pods: readonly PodSlot[],
  indexes: readonly number[],
): number[] {
  return scatterByTermOf(term, input(pods, indexes));
}

export function sortByScatter(
  strategy: readonly UpdateScatterTerm[] | undefined,
  pods: readonly PodSlot[],
  indexes: readonly number[],
): number[] {
  return scatterSort(strategy, input(pods, indexes));
}
