// Kruise's updatesort.scatterSort, shared by CloneSet and SidecarSet updates: for each key=value term, the
// candidates carrying it are spread among the others in groups sized by the density of the whole population,
// and the last carrier always updates last. Terms with more carriers among the candidates are applied first.
// Generic over what a candidate is (a pod, or an index into a pod list) through `labelsOf`.

export interface ScatterTerm {
  key: string;
  value: string;
}

export type Labels = Readonly<Record<string, string>> | undefined;

export interface ScatterInput<K> {
  candidates: readonly K[];
  labelsOf: (candidate: K) => Labels;
  /** The population the densities are measured on; `undefined` members are skipped (Kruise's nil pods). */
  population: readonly (Labels | null)[];
}

const carries = (labels: Labels, term: ScatterTerm) => (labels?.[term.key] ?? '') === term.value;

/** The terms to apply, most carriers among the candidates first (a single term is used as is). */
export function scatterTerms<K>(
  strategy: readonly ScatterTerm[],
  candidates: readonly K[],
  labelsOf: (candidate: K) => Labels,
): ScatterTerm[] {
  if (strategy.length === 1) return [...strategy];
  const counts = new Map<string, number>();
  const terms: ScatterTerm[] = [];
  for (const term of strategy) {
    for (const candidate of candidates) {
      const value = labelsOf(candidate)?.[term.key];
      if (value === undefined || value !== term.value) continue;
      const id = `${term.key}:${value}`;
      const n = counts.get(id);
      if (n === undefined) {
        terms.push({ key: term.key, value });
        counts.set(id, 1);
      } else counts.set(id, n + 1);
    }
  }
  const count = (t: ScatterTerm) => counts.get(`${t.key}:${t.value}`) ?? 0;
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
): ScatterGroup {
  const total = scatterGroup(totalMatched, totalUnmatched);
  const update = scatterGroup(updateMatched, updateUnmatched);
  if (f32(f32(totalUnmatched) / f32(totalMatched)) >= f32(f32(updateUnmatched) / f32(updateMatched)))
    return update;
  const groupNum = Math.min(
    Math.trunc(updateMatched / total.matchedGroupSize),
    Math.trunc(updateUnmatched / total.unmatchedGroupSize),
  );
  return {
    groupNum,
    matchedGroupSize: total.matchedGroupSize,
    unmatchedGroupSize: total.unmatchedGroupSize,
    unmatchedRemainder: updateUnmatched - groupNum * total.unmatchedGroupSize,
  };
}

/** Interleaves the candidates for one term (Kruise's scatterPodsByRule). */
export function scatterByTerm<K>(term: ScatterTerm, input: ScatterInput<K>): K[] {
  const { candidates, labelsOf } = input;
  let matched = candidates.filter((c) => carries(labelsOf(c), term));
  let unmatched = candidates.filter((c) => !carries(labelsOf(c), term));
  if (matched.length <= 1 || unmatched.length <= 1) return [...candidates];

  let totalMatched = 0;
  let totalUnmatched = 0;
  for (const labels of input.population) {
    if (labels === null) continue;
    if (carries(labels, term)) totalMatched++;
    else totalUnmatched++;
  }

  const last = matched[matched.length - 1] as K;
  matched = matched.slice(0, -1);
  totalMatched--;

  const group = groupByDensity(totalMatched, totalUnmatched, matched.length, unmatched.length);
  const out: K[] = [];
  if (group.unmatchedRemainder > 0) {
    out.push(...unmatched.slice(0, group.unmatchedRemainder));
    unmatched = unmatched.slice(group.unmatchedRemainder);
  }
  const take = (src: K[], size: number): K[] => {
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

/** The candidates in scatter order, every term applied in turn. */
export function scatterSort<K>(strategy: readonly ScatterTerm[] | undefined, input: ScatterInput<K>): K[] {
  if (strategy === undefined || strategy.length === 0 || input.candidates.length <= 1)
    return [...input.candidates];
  let order = [...input.candidates];
  for (const term of scatterTerms(strategy, order, input.labelsOf)) {
    order = scatterByTerm(term, { ...input, candidates: order });
  }
  return order;
}
