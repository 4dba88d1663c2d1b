// updateStrategy.scatterStrategy (spec §4.5 step 3, Kruise updatesort.scatterSort): for each key=value term, the
// candidates carrying it are spread among the others in groups sized by the density of the whole population, and
// the last carrier always updates last. Terms with more carriers among the candidates are applied first.

import type { Pod } from '@kruise-ts/core';
import type { UpdateScatterTerm } from '../types.ts';

/** A population slot may be empty (Kruise skips nil pods when measuring density). */
export type PodSlot = Pod | undefined;

const carries = (pod: PodSlot, term: UpdateScatterTerm): boolean =>
  (pod?.metadata.labels?.[term.key] ?? '') === term.value;

/** The terms to apply, most carriers among the candidates first (a single term is used as is). */
export function scatterTerms(
  strategy: readonly UpdateScatterTerm[],
  pods: readonly PodSlot[],
  indexes: readonly number[],
): UpdateScatterTerm[] {
  if (strategy.length === 1) return [...strategy];
  const counts = new Map<string, number>();
  const terms: UpdateScatterTerm[] = [];
  for (const term of strategy) {
    for (const i of indexes) {
      const value = pods[i]?.metadata.labels?.[term.key];
      if (value === undefined || value !== term.value) continue;
      const id = `${term.key}:${value}`;
      const n = counts.get(id);
      if (n === undefined) {
        terms.push({ key: term.key, value });
        counts.set(id, 1);
      } else counts.set(id, n + 1);
    }
  }
  const count = (t: UpdateScatterTerm) => counts.get(`${t.key}:${t.value}`) ?? 0;
  return terms.sort((a, b) => count(b) - count(a));
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

// Kruise compares these densities as float32.
const f32 = Math.fround;

function groupByDensity(
  totalMatched: number,
  totalUnmatched: number,
  updateMatched: number,
  updateUnmatched: number,
) {
  const total = scatterGroup(totalMatched, totalUnmatched);
  const update = scatterGroup(updateMatched, updateUnmatched);
  if (f32(f32(totalUnmatched) / f32(totalMatched)) >= f32(f32(updateUnmatched) / f32(updateMatched)))
    return update;
  const group: ScatterGroup = {
    groupNum: 0,
    matchedGroupSize: total.matchedGroupSize,
    unmatchedGroupSize: total.unmatchedGroupSize,
    unmatchedRemainder: 0,
  };
  const byMatched = Math.trunc(updateMatched / group.matchedGroupSize);
  const byUnmatched = Math.trunc(updateUnmatched / group.unmatchedGroupSize);
  group.groupNum = Math.min(byMatched, byUnmatched);
  group.unmatchedRemainder = updateUnmatched - group.groupNum * group.unmatchedGroupSize;
  return group;
}

/** Interleaves the candidates for one term (Kruise's scatterPodsByRule). */
export function scatterByTerm(
  term: UpdateScatterTerm,
  pods: readonly PodSlot[],
  indexes: readonly number[],
): number[] {
  let matched = indexes.filter((i) => carries(pods[i], term));
  let unmatched = indexes.filter((i) => !carries(pods[i], term));
  if (matched.length <= 1 || unmatched.length <= 1) return [...indexes];

  let totalMatched = 0;
  let totalUnmatched = 0;
  for (const pod of pods) {
    if (pod === undefined) continue;
    if (carries(pod, term)) totalMatched++;
    else totalUnmatched++;
  }

  const last = matched[matched.length - 1] as number;
  matched = matched.slice(0, -1);
  totalMatched--;

  const group = groupByDensity(totalMatched, totalUnmatched, matched.length, unmatched.length);
  const out: number[] = [];
  if (group.unmatchedRemainder > 0) {
    out.push(...unmatched.slice(0, group.unmatchedRemainder));
    unmatched = unmatched.slice(group.unmatchedRemainder);
  }
  const take = (src: number[], size: number): number[] => {
    out.push(...src.slice(0, size));
    return src.length < size ? [] : src.slice(size);
  };
  for (let g = 0; g < group.groupNum; g++) {
    matched = take(matched, group.matchedGroupSize);
    unmatched = take(unmatched, group.unmatchedGroupSize);
  }
  out.push(...matched, ...unmatched, last);
  return out;
}

export function sortByScatter(
  strategy: readonly UpdateScatterTerm[] | undefined,
  pods: readonly PodSlot[],
  indexes: readonly number[],
): number[] {
  if (strategy === undefined || strategy.length === 0 || indexes.length <= 1) return [...indexes];
  let order = [...indexes];
  for (const term of scatterTerms(strategy, pods, order)) order = scatterByTerm(term, pods, order);
  return order;
}
