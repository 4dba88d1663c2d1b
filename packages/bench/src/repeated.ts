// `--runs N`: the same workload run N times per contender, summarised as medians with their range. One run's
// CPU moves by a third on a shared 2-core machine (docs/performance.md), more than most changes it is meant to
// show; the median of interleaved runs and the spread of the per-pair ratios say how much of a ratio is noise.
// Pure, so the summary is unit-tested.
import { type ContenderRun, fmtNum, fmtRatio, type PhaseFigures, ratio, renderTable, sum } from './report.ts';

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median (mean of the middle two for an even count), min and max; undefined for no finite value. */
export function spread(values: readonly (number | undefined)[]): Spread | undefined {
  const v = values.filter((x): x is number => x !== undefined && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 === 1 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
  return { median, min: v[0] as number, max: v[v.length - 1] as number };
}

/**
 * A spread printed with `fmt`: the median alone when min and max print alike (runs that differ below the printed
 * precision read as one value), else `range`.
 */
function fmtSpreadWith(
  s: Spread | undefined,
  fmt: (v: number) => string,
  range: (median: string, min: string, max: string) => string,
): string {
  if (s === undefined) return '–';
  const [median, min, max] = [fmt(s.median), fmt(s.min), fmt(s.max)] as const;
  return min === max ? median : range(median, min, max);
}

/** "4.2 (3.9–5.0)"; a single run prints its value alone. */
export const fmtSpread = (s: Spread | undefined, digits = 1): string =>
  fmtSpreadWith(
    s,
    (v) => fmtNum(v, digits),
    (median, min, max) => `${median} (${min}–${max})`,
  );

const phaseOf = (run: ContenderRun, name: string): PhaseFigures | undefined =>
  run.phases.find((p) => p.phase === name);
const cpuOf = (p: PhaseFigures | undefined): number | undefined =>
  p === undefined ? undefined : sum(Object.values(p.cpu));

/** The ratios of run i of kruise-ts to run i of Kruise (runs are interleaved, so pair i ran closest in time). */
function pairRatios(
  ts: readonly ContenderRun[],
  kruise: readonly ContenderRun[],
  pick: (run: ContenderRun) => number | undefined,
): Spread | undefined {
  const n = Math.min(ts.length, kruise.length);
  const ratios: number[] = [];
  for (let i = 0; i < n; i++)
    ratios.push(ratio(pick(ts[i] as ContenderRun), pick(kruise[i] as ContenderRun)));
  return spread(ratios);
}

/** "1.18×–2.38×"; ratios that print alike read as one. */
const fmtRatioSpread = (s: Spread | undefined): string =>
  fmtSpreadWith(s, fmtRatio, (_median, min, max) => `${min}–${max}`);

/**
 * One table over N runs of each contender: per phase the median wall time and contender CPU (with min–max), the
 * ratio of the medians and the range of the per-pair ratios; then peak RSS and idle CPU the same way.
 */
export function renderRepeatedTable(ts: readonly ContenderRun[], kruise: readonly ContenderRun[]): string {
  const phases = (ts[0] ?? kruise[0])?.phases.map((p) => p.phase) ?? [];
  const rows: string[][] = [];
  const row = (label: string, unit: string, pick: (run: ContenderRun) => number | undefined, digits = 1) => {
    const a = spread(ts.map(pick));
    const b = spread(kruise.map(pick));
    rows.push([
      label,
      `${fmtSpread(a, digits)} / ${fmtSpread(b, digits)} ${unit}`,
      fmtRatio(ratio(a?.median, b?.median)),
      fmtRatioSpread(pairRatios(ts, kruise, pick)),
    ]);
  };
  for (const name of phases) {
    row(`${name} wall`, 's', (r) => phaseOf(r, name)?.seconds);
    row(`${name} CPU`, 's', (r) => cpuOf(phaseOf(r, name)));
  }
  row(
    'peak RSS (sum)',
    'MiB',
    (r) => (Object.keys(r.peakRssMiB).length === 0 ? undefined : sum(Object.values(r.peakRssMiB))),
    0,
  );
  row('peak PSS (sum)', 'MiB', (r) => r.peakPssMiB, 0);
  row('idle CPU', 'mcores', (r) => r.idle?.millicores, 0);
  row(
    'idle PSS (sum)',
    'MiB',
    (r) => (r.idle?.pssMiB === undefined ? undefined : sum(Object.values(r.idle.pssMiB))),
    0,
  );
  return renderTable(
    ['figure', 'kruise-ts / Kruise: median (min–max)', 'ratio of medians', 'ratio per pair'],
    rows,
  );
}
