// Runs fault scenarios N times each on one cluster and the whole system, and tabulates scenario × runs ×
// violations × failover/recovery time. Every run is bounded; a run that throws or times out counts as a
// violation with its reason.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type Cluster, startCluster } from '@kruise-ts/devcluster';
import { startSystem } from '@kruise-ts/launcher';
import type { Violation } from './invariants.ts';
import { type Scenario, type ScenarioContext, scenarios, stopOpenWatches } from './scenarios.ts';

export interface ScenarioSummary {
  id: string;
  runs: number;
  violations: Violation[];
  recoveryMs: number[];
  failoverMs: number[];
}

export interface SuiteOptions {
  runs: number;
  only?: readonly string[];
  /** How long scenario 5 keeps nats-server down. Default 60 s. */
  natsOutageMs?: number;
  /** Keep the cluster directory (every service's log) after the suite, for reading a violation's cause. */
  keepDir?: boolean;
  /** Bound of one run. Default 6 minutes. */
  runTimeoutMs?: number;
  log?(message: string): void;
}

export async function runFaultSuite(options: SuiteOptions): Promise<ScenarioSummary[]> {
  const log = options.log ?? (() => {});
  const chosen = scenarios.filter(
    (s) => options.only === undefined || options.only.some((o) => s.id.startsWith(o)),
  );
  const cluster: Cluster = await startCluster({ keepDir: options.keepDir === true });
  if (options.keepDir === true) log(`cluster directory (kept): ${cluster.dir}`);
  const summaries: ScenarioSummary[] = [];
  const ctx: ScenarioContext = {
    cluster,
    system: await startSystem(cluster),
    namespace: '',
    natsOutageMs: options.natsOutageMs ?? 60_000,
    log,
  };
  try {
    for (const scenario of chosen) {
      const summary: ScenarioSummary = {
        id: scenario.id,
        runs: 0,
        violations: [],
        recoveryMs: [],
        failoverMs: [],
      };
      summaries.push(summary);
      for (let run = 1; run <= options.runs; run++) {
        ctx.namespace = `fault-${scenario.id.split('-')[0]}-${run}-${Date.now().toString(36)}`;
        log(`${scenario.id} run ${run}/${options.runs} (${ctx.namespace})`);
        const result = await bounded(scenario, ctx, options.runTimeoutMs ?? 6 * 60_000);
        summary.runs++;
        summary.violations.push(...result.violations);
        if (result.recoveryMs !== undefined) summary.recoveryMs.push(result.recoveryMs);
        if ('failoverMs' in result && result.failoverMs !== undefined)
          summary.failoverMs.push(result.failoverMs);
        for (const v of result.violations) log(`  VIOLATION ${v.rule} at ${v.at} ms: ${v.detail}`);
        if (result.violations.length > 0)
          for (const line of serviceLogLines(ctx.system.services, ctx.namespace)) log(line);
        ctx.system.kubectl(['delete', 'namespace', ctx.namespace, '--wait=false']);
      }
    }
  } finally {
    await ctx.system.stop();
    await cluster.stop();
  }
  return summaries;
}

async function bounded(scenario: Scenario, ctx: ScenarioContext, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      scenario.run(ctx),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`run exceeded ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { violations: [{ rule: 'run-failed', at: -1, detail } satisfies Violation] };
  } finally {
    clearTimeout(timer);
    stopOpenWatches();
  }
}

export function formatTable(summaries: readonly ScenarioSummary[]): string {
  const rows = [
    [
      'scenario',
      'runs',
      'violations',
      'failover p50 ms',
      'failover max ms',
      'recovery p50 ms',
      'recovery max ms',
    ],
  ];
  const stats = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    if (sorted.length === 0) return ['-', '-'];
    const p50 = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    return [String(Math.round(p50)), String(Math.round(sorted.at(-1) ?? 0))];
  };
  for (const s of summaries) {
    rows.push([
      s.id,
      String(s.runs),
      String(s.violations.length),
      ...stats(s.failoverMs),
      ...stats(s.recoveryMs),
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}

const LINES_PER_SERVICE = 60;

/**
 * What every kruise-ts process logged about the run's namespace (its last lines each, with the log's name): a
 * violation seen once in CI must explain itself, since the cluster directory is gone with the run.
 */
export function serviceLogLines(services: readonly { logFile: string }[], namespace: string): string[] {
  const out: string[] = [];
  // A restarted service writes on in its log: read each file once.
  for (const file of new Set(services.map((s) => s.logFile))) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const name = basename(file);
    const lines = text.split('\n').filter((l) => l.includes(namespace));
    for (const line of lines.slice(-LINES_PER_SERVICE)) out.push(`  [${name}] ${line.slice(0, 600)}`);
  }
  return out;
}
