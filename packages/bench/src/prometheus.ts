// Just enough of the Prometheus text format for the benchmarks: samples with labels, sums of a counter, and a
// quantile from histogram buckets (as histogram_quantile does: linear inside the bucket).

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (m === null) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[3] ?? '').matchAll(LABEL)) labels[l[1] as string] = l[2] as string;
    const value = Number(m[4]);
    if (!Number.isNaN(value)) out.push({ name: m[1] as string, labels, value });
  }
  return out;
}

export type LabelFilter = (labels: Record<string, string>) => boolean;

export function sumMetric(
  samples: readonly Sample[],
  name: string,
  filter: LabelFilter = () => true,
): number {
  let sum = 0;
  for (const s of samples) if (s.name === name && filter(s.labels)) sum += s.value;
  return sum;
}

/** Reconciles one controller has finished (controller-runtime's `controller_runtime_reconcile_total`, every result). */
export function reconcileTotal(samples: readonly Sample[], controller: string): number {
  return sumMetric(
    samples,
    'controller_runtime_reconcile_total',
    (labels) => labels.controller === controller,
  );
}

/** Cumulative bucket counts by upper bound (`le`), summed over every other label. */
export function buckets(samples: readonly Sample[], histogram: string, filter: LabelFilter = () => true) {
  const byLe = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== `${histogram}_bucket` || !filter(s.labels)) continue;
    const le = s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le);
    byLe.set(le, (byLe.get(le) ?? 0) + s.value);
  }
  return byLe;
}

/** after − before, bucket by bucket (the observations made in between). */
export function bucketDiff(after: Map<number, number>, before: Map<number, number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [le, v] of after) out.set(le, v - (before.get(le) ?? 0));
  return out;
}

/** The q-quantile of cumulative buckets; NaN without observations. */
export function quantile(q: number, cumulative: Map<number, number>): number {
  const les = [...cumulative.keys()].sort((a, b) => a - b);
  const total = cumulative.get(Number.POSITIVE_INFINITY) ?? cumulative.get(les[les.length - 1] ?? 0) ?? 0;
  if (total <= 0) return Number.NaN;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const le of les) {
    const count = cumulative.get(le) ?? 0;
    if (count >= rank) {
      // Above the last finite bound the best answer is that bound, as histogram_quantile gives.
      if (le === Number.POSITIVE_INFINITY) return prevLe;
      if (count === prevCount) return le;
      return prevLe + ((le - prevLe) * (rank - prevCount)) / (count - prevCount);
    }
    prevLe = le;
    prevCount = count;
  }
  return prevLe;
}
