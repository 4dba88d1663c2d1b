// The printed results: figures per contender and phase, their ratios (kruise-ts / Kruise) and the plain-text
// tables. Pure, so the formatting is unit-tested; figures are printed, never asserted.

import type { BusEvents, HeapMiB } from './contender.ts';

export interface PhaseFigures {
  phase: string;
  pods: number;
  seconds: number;
  /** CPU-seconds of each contender process during the phase. */
  cpu: Record<string, number>;
  /** CPU-seconds of kube-apiserver + etcd during the phase. */
  apiserverCpu: number;
  /** apiserver requests during the phase (apiserver_request_total diff, the benchmark's own excluded). */
  requests: number;
  /**
   * The same requests by `VERB resource[/subresource]` (every client's: the contender's, the scheduler's, kwok's,
   * the controller-manager's), the benchmark's own not excluded; for where two contenders differ.
   */
  requestsBy?: Record<string, number>;
  /** Reconciles of the workload's controller during the phase; absent in results from before it was counted. */
  reconciles?: number;
  /** Object changes the contender's watcher published to its bus, and those it folded into a newer state. */
  busEvents?: BusEvents;
}

export interface ContenderRun {
  contender: string;
  phases: PhaseFigures[];
  /** Peak resident memory (VmHWM) of each contender process over the run. */
  peakRssMiB: Record<string, number>;
  /**
   * Peak of the contender processes' summed PSS, sampled every 2 s (a peak between two samples is missed); absent
   * in results from before it was measured.
   */
  peakPssMiB?: number | undefined;
  idle:
    | {
        seconds: number;
        millicores: number;
        /** Each process's share of `millicores`; absent in results from before it was recorded. */
        millicoresBy?: Record<string, number> | undefined;
        rssMiB: Record<string, number>;
        /** PSS of each process after the idle window; absent in results from before it was measured. */
        pssMiB?: Record<string, number> | undefined;
        heapMiB?: Record<string, HeapMiB> | undefined;
      }
    | undefined;
  /** Processes that ran beside the contender but are not counted (e.g. Jaeger). */
  notCounted: string[];
  violations: string[];
  /** How the contender ran, e.g. "webhooks in URL mode". */
  notes: string[];
}

export const sum = (values: Iterable<number>): number => {
  let s = 0;
  for (const v of values) s += v;
  return s;
};

/** a / b; NaN when either is missing or b is 0. */
export function ratio(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0)
    return Number.NaN;
  return a / b;
}

export const fmtRatio = (r: number): string => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '–');
export const fmtNum = (v: number | undefined, digits = 1): string =>
  v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits);

/** A Markdown table with padded columns (readable as plain text, pasteable into the README). */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((w, i) => (cells[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The largest consumers first: "cloneset-controller 13.4, watcher 4.1, …". */
export function breakdown(values: Record<string, number>, digits = 1, limit = 6): string {
  const sorted = Object.entries(values).sort((a, b) => b[1] - a[1]);
  const shown = sorted.slice(0, limit).map(([k, v]) => `${k} ${v.toFixed(digits)}`);
  const rest = sorted.slice(limit);
  if (rest.length > 0) shown.push(`${rest.length} others ${sum(rest.map(([, v]) => v)).toFixed(digits)}`);
  return shown.join(', ');
}

/**
 * One table: per phase wall time, contender CPU, apiserver+etcd CPU and requests per pod for kruise-ts and
 * Kruise with the ratios, then peak and idle memory/CPU. A contender that did not run shows "–".
 */
export function renderPeerTable(ts: ContenderRun | undefined, kruise: ContenderRun | undefined): string {
  const phases = (ts ?? kruise)?.phases.map((p) => p.phase) ?? [];
  const rows: string[][] = [];
  for (const name of phases) {
    const a = ts?.phases.find((p) => p.phase === name);
    const b = kruise?.phases.find((p) => p.phase === name);
    const cpuA = a === undefined ? undefined : sum(Object.values(a.cpu));
    const cpuB = b === undefined ? undefined : sum(Object.values(b.cpu));
    const rpp = (p: PhaseFigures | undefined) =>
      p === undefined || p.pods === 0 ? undefined : p.requests / p.pods;
    rows.push([
      name,
      `${fmtNum(a?.seconds)} / ${fmtNum(b?.seconds)} s`,
      fmtRatio(ratio(a?.seconds, b?.seconds)),
      `${fmtNum(cpuA)} / ${fmtNum(cpuB)} s`,
      fmtRatio(ratio(cpuA, cpuB)),
      `${fmtNum(a?.apiserverCpu)} / ${fmtNum(b?.apiserverCpu)} s`,
      `${fmtNum(rpp(a), 2)} / ${fmtNum(rpp(b), 2)}`,
      fmtRatio(ratio(rpp(a), rpp(b))),
    ]);
  }
  const total = (m: Record<string, number> | undefined) =>
    m === undefined || Object.keys(m).length === 0 ? undefined : sum(Object.values(m));
  const memoryRow = (label: string, a: number | undefined, b: number | undefined) =>
    rows.push([label, `${fmtNum(a, 0)} / ${fmtNum(b, 0)} MiB`, fmtRatio(ratio(a, b))]);
  memoryRow('peak RSS (sum)', total(ts?.peakRssMiB), total(kruise?.peakRssMiB));
  memoryRow('peak PSS (sum)', ts?.peakPssMiB, kruise?.peakPssMiB);
  const idleA = ts?.idle;
  const idleB = kruise?.idle;
  const idleRssA = total(idleA?.rssMiB);
  const idleRssB = total(idleB?.rssMiB);
  rows.push([
    `idle ${fmtNum(idleA?.seconds ?? idleB?.seconds, 0)} s`,
    `${fmtNum(idleRssA, 0)} / ${fmtNum(idleRssB, 0)} MiB`,
    fmtRatio(ratio(idleRssA, idleRssB)),
    `${fmtNum(idleA?.millicores, 0)} / ${fmtNum(idleB?.millicores, 0)} mcores`,
    fmtRatio(ratio(idleA?.millicores, idleB?.millicores)),
  ]);
  memoryRow('idle PSS (sum)', total(idleA?.pssMiB), total(idleB?.pssMiB));
  return renderTable(
    [
      'phase',
      'wall kruise-ts / Kruise',
      'ratio',
      'CPU kruise-ts / Kruise',
      'ratio',
      'apiserver+etcd CPU',
      'requests/pod',
      'ratio',
    ],
    rows,
  );
}

/** Per-process detail under the table: CPU per phase, peak and idle RSS, what was not counted, violations. */
export function renderDetails(run: ContenderRun): string {
  const lines = [`${run.contender}:`];
  for (const n of run.notes) lines.push(`  note: ${n}`);
  for (const p of run.phases) lines.push(`  ${p.phase} CPU s: ${breakdown(p.cpu)}`);
  const counted = run.phases.filter((p) => p.reconciles !== undefined);
  if (counted.length > 0)
    lines.push(
      `  reconciles of the workload: ${counted.map((p) => `${p.phase} ${p.reconciles}`).join(', ')}`,
    );
  const onBus = run.phases.filter((p) => p.busEvents !== undefined);
  if (onBus.length > 0)
    lines.push(
      `  object events published / coalesced per pod: ${onBus
        .map((p) => {
          const per = (n: number) => (p.pods === 0 ? '0' : (n / p.pods).toFixed(2));
          return `${p.phase} ${per(p.busEvents!.published)} / ${per(p.busEvents!.coalesced)}`;
        })
        .join(', ')}`,
    );
  for (const p of run.phases) {
    if (p.requestsBy === undefined || p.pods === 0) continue;
    const perPod = Object.fromEntries(Object.entries(p.requestsBy).map(([k, v]) => [k, v / p.pods]));
    lines.push(`  ${p.phase} requests/pod: ${breakdown(perPod, 2, 8)}`);
  }
  if (Object.keys(run.peakRssMiB).length > 0)
    lines.push(`  peak RSS MiB: ${breakdown(run.peakRssMiB, 0, 12)}`);
  if (run.idle?.millicoresBy !== undefined)
    lines.push(`  idle millicores: ${breakdown(run.idle.millicoresBy, 1, 12)}`);
  if (run.idle !== undefined) lines.push(`  idle RSS MiB: ${breakdown(run.idle.rssMiB, 0, 12)}`);
  if (run.idle?.pssMiB !== undefined) lines.push(`  idle PSS MiB: ${breakdown(run.idle.pssMiB, 0, 12)}`);
  if (run.idle?.heapMiB !== undefined) {
    const heaps = Object.entries(run.idle.heapMiB).sort(([, a], [, b]) => b.committed - a.committed);
    lines.push(
      `  idle V8 heap used / committed MiB: ${heaps.map(([n, h]) => `${n} ${h.used.toFixed(0)} / ${h.committed.toFixed(0)}`).join(', ')}`,
    );
  }
  if (run.notCounted.length > 0) lines.push(`  not counted: ${run.notCounted.join(', ')}`);
  lines.push(
    run.violations.length === 0
      ? '  invariants: held (pods never above replicas + maxSurge, final counts exact)'
      : `  INVARIANT VIOLATIONS:\n${run.violations.map((v) => `    ${v}`).join('\n')}`,
  );
  return lines.join('\n');
}
