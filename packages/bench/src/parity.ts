// The parity check's effects: one contender (the real OpenKruise manager, or kruise-ts as `npm start` runs it) on
// a fresh cluster, every scenario's steps applied in turn, and after each step a snapshot of what the contender
// made — pods, PVCs, ControllerRevisions, the workloads and the reasons of their Events — once two reads a
// couple of seconds apart agree (late status writes settle). parity-diff.ts compares the two contenders'.
import { eventually, startCluster } from '@kruise-ts/devcluster';
import { startSystem } from '@kruise-ts/launcher';
import type { RunningContender } from './contender.ts';
import { startKruise } from './kruise.ts';
import { BenchKube } from './kube.ts';
import {
  eventReasons,
  instanceIds,
  type Json,
  type NormalizeContext,
  type Snapshot,
  scheduledRunIds,
  snapshotCategory,
} from './parity-normalize.ts';
import type { ParityScenario } from './parity-scenarios.ts';
import { killOnSignal } from './proc.ts';

export type ParityContender = 'Kruise' | 'kruise-ts';

export interface ParityRun {
  contender: ParityContender;
  /** `<scenario> · <step>` → snapshot, in the order taken. */
  snapshots: Map<string, Snapshot>;
  /** Steps that did not converge in time, with why. */
  failures: string[];
}

export interface ParityOptions {
  scenarios: ParityScenario[];
  stepTimeoutMs: number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `<scenario> · <step>`: how a snapshot is named in the report. */
export const snapshotName = (scenario: ParityScenario, step: string) => `${scenario.namespace} · ${step}`;

async function startContender(
  name: ParityContender,
  kube: BenchKube,
  cluster: Parameters<typeof startKruise>[0],
) {
  if (name === 'Kruise')
    return startKruise(cluster, kube, { qps: 50, burst: 100, controller: 'cloneset-controller' });
  // Kruise's default: pods a Kruise kind controls get the KruisePodReady gate (off by default in kruise-ts until
  // every controller of an installation sets the condition, ADR 47). The services inherit this process's env.
  process.env.KRUISE_TS_KRUISE_POD_READY_GATE = 'true';
  const system = await startSystem(cluster, {});
  const contender: Pick<RunningContender, 'pids' | 'stop'> = {
    pids: () => system.services.map((s) => ({ name: s.name, pid: s.pid })),
    stop: () => system.stop(),
  };
  return contender;
}

async function items(kube: BenchKube, path: string, kind: string): Promise<Json[]> {
  const list = (await kube.ok('GET', path)) as { items?: Record<string, Json>[] };
  // List items come without their kind; the normalization reads it.
  return (list.items ?? []).map((item) => ({ ...item, kind }));
}

/**
 * What the contender made in the scenario's namespace, normalized. `seen` holds the random name parts of earlier
 * snapshots of the scenario and gains this one's: a pod deleted since is still named in a workload's spec (a
 * CloneSet's podsToDelete) or an Event, and its name is as made up as a live pod's.
 */
export async function takeSnapshot(
  kube: BenchKube,
  scenario: ParityScenario,
  seen: Set<string> = new Set(),
): Promise<Snapshot> {
  const ns = scenario.namespace;
  const pods = await items(kube, `/api/v1/namespaces/${ns}/pods`, 'Pod');
  const workloads: Json[] = [];
  for (const path of scenario.workloads) workloads.push((await kube.ok('GET', path)) as Json);
  const children: Json[] = [];
  for (const c of scenario.collections ?? []) children.push(...(await items(kube, c.path, c.kind)));
  workloads.push(...children);
  for (const id of [...instanceIds(pods), ...scheduledRunIds(children)]) seen.add(id);
  const ctx: NormalizeContext = { ids: seen };
  return {
    pods: snapshotCategory(pods, ctx),
    pvcs: snapshotCategory(
      await items(kube, `/api/v1/namespaces/${ns}/persistentvolumeclaims`, 'PersistentVolumeClaim'),
      ctx,
    ),
    revisions: snapshotCategory(
      await items(kube, `/apis/apps/v1/namespaces/${ns}/controllerrevisions`, 'ControllerRevision'),
      ctx,
    ),
    workloads: snapshotCategory(workloads, ctx),
    events: eventReasons(await items(kube, `/api/v1/namespaces/${ns}/events`, 'Event'), ctx),
  };
}

/** A snapshot two reads agree on, 2 s apart (at most five tries; the last read otherwise). */
async function settledSnapshot(
  kube: BenchKube,
  scenario: ParityScenario,
  seen: Set<string>,
): Promise<Snapshot> {
  let last = await takeSnapshot(kube, scenario, seen);
  for (let i = 0; i < 5; i++) {
    await sleep(2_000);
    const next = await takeSnapshot(kube, scenario, seen);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

async function runScenario(
  kube: BenchKube,
  scenario: ParityScenario,
  run: ParityRun,
  options: ParityOptions,
) {
  await kube.ok('POST', '/api/v1/namespaces', { metadata: { name: scenario.namespace } });
  const seen = new Set<string>();
  for (const step of scenario.steps) {
    for (const w of step.writes) await kube.ok(w.method, w.path, w.body);
    if (step.writesFrom !== undefined) {
      const read: unknown[] = [];
      for (const path of step.writesFrom.reads) read.push(await kube.ok('GET', path));
      for (const w of step.writesFrom.writes(read)) await kube.ok(w.method, w.path, w.body);
    }
    try {
      await eventually(
        step.awaiting,
        async () => {
          const read: unknown[] = [];
          for (const path of step.reads) read.push(await kube.ok('GET', path));
          return step.done(read);
        },
        { timeoutMs: options.stepTimeoutMs, intervalMs: 500 },
      );
    } catch (err) {
      run.failures.push(`${snapshotName(scenario, step.name)}: ${(err as Error).message}`);
    }
    run.snapshots.set(snapshotName(scenario, step.name), await settledSnapshot(kube, scenario, seen));
    options.log(`${run.contender}: ${snapshotName(scenario, step.name)} taken`);
  }
}

/** Every scenario on one contender, on a fresh cluster that is stopped afterwards. */
export async function runParity(contender: ParityContender, options: ParityOptions): Promise<ParityRun> {
  const run: ParityRun = { contender, snapshots: new Map(), failures: [] };
  const cluster = await startCluster();
  let running: Pick<RunningContender, 'pids' | 'stop'> | undefined;
  const unhook = killOnSignal(() => running?.pids() ?? []);
  try {
    const kube = new BenchKube(cluster.kubeconfigPath);
    options.log(`${contender}: starting on a fresh cluster (${cluster.dir})`);
    running = await startContender(contender, kube, cluster);
    for (const scenario of options.scenarios) await runScenario(kube, scenario, run, options);
  } finally {
    unhook();
    await running?.stop().catch(() => undefined);
    await cluster.stop();
  }
  return run;
}
