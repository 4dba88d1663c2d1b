// The scale-out benchmark: many small CloneSets across many namespaces, reconciled by 1, 2, 4… cloneset-controller
// replicas that split the bus partitions between them (docs/adr/0005-partition-leases.md). Per replica count,
// on a fresh cluster with the whole system: wall time until every CloneSet converged, reconcile throughput,
// work-queue latency p99 (workqueue_queue_duration_seconds), per-replica CPU and memory, and the apiserver's
// WATCH count per resource added by the system (the watcher is the only one watching: one per kind whatever the
// replica count).
import { startCluster } from '@kruise-ts/devcluster';
import { startSystem } from '@kruise-ts/launcher';
import { BenchKube, fetchMetrics } from './kube.ts';
import { cpuSeconds, killOnSignal, type NamedPid, peakRssMiB, rssMiB } from './proc.ts';
import { bucketDiff, buckets, quantile, type Sample, sumMetric } from './prometheus.ts';
import { renderTable, sum } from './report.ts';
import { converged, IMAGES, type WorkloadStatus, workloadObject } from './workload.ts';

export interface ScaleoutOptions {
  clonesets: number;
  podsEach: number;
  namespaces: number;
  replicas: readonly number[];
  timeoutMs: number;
  /** Keep each cluster's directory (logs) after the run. */
  keepDir?: boolean;
  log: (line: string) => void;
}

export interface ReplicaFigures {
  name: string;
  reconciles: number;
  queueP50Seconds: number;
  queueP99Seconds: number;
  /** The histogram's largest finite bucket: a quantile at it lies at or above it. */
  queueTopBucketSeconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
  rssMiB: number;
  partitions: number;
}

export interface ScaleoutRun {
  replicas: number;
  seconds: number;
  converged: number;
  perReplica: ReplicaFigures[];
  /**
   * Open WATCH requests on the workload's resources at the end (every client: kube-controller-manager and
   * kube-scheduler watch too, the same in every run).
   */
  watches: Record<string, number>;
  /**
   * WATCH requests on any resource opened between the system's start (one replica) and the end of the run: the
   * extra replicas and the workload. Equal at every replica count when replicas add no watches.
   */
  watchesAddedDuringRun: number;
  error?: string;
}

const CONTROLLER = 'cloneset-controller';
const WATCHED = ['pods', 'clonesets.apps.kruise.io', 'controllerrevisions.apps'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function watchesByResource(samples: readonly Sample[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples)
    if (s.name === 'apiserver_longrunning_requests' && s.labels.verb === 'WATCH') {
      const key = s.labels.group ? `${s.labels.resource}.${s.labels.group}` : (s.labels.resource ?? '?');
      out[key] = (out[key] ?? 0) + s.value;
    }
  return out;
}

/** Watches present in `after` beyond `before`, only where there are more. */
export function addedWatches(
  after: Record<string, number>,
  before: Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(after)) if (v - (before[k] ?? 0) > 0) out[k] = v - (before[k] ?? 0);
  return out;
}

export async function runScaleout(replicas: number, o: ScaleoutOptions): Promise<ScaleoutRun> {
  const result: ScaleoutRun = {
    replicas,
    seconds: Number.NaN,
    converged: 0,
    perReplica: [],
    watches: {},
    watchesAddedDuringRun: Number.NaN,
  };
  const cluster = await startCluster(o.keepDir ? { keepDir: true } : {});
  let stopSystem: (() => Promise<void>) | undefined;
  let pids: () => NamedPid[] = () => [];
  const unhook = killOnSignal(() => pids());
  try {
    const kube = new BenchKube(cluster.kubeconfigPath);
    const system = await startSystem(cluster);
    stopSystem = system.stop;
    // Informers of kube-controller-manager settle after the CRDs arrive; the baseline is the system at one replica.
    await sleep(5000);
    const watchesOneReplica = watchesByResource(await kube.metrics());
    pids = () => system.services.map((s) => ({ name: s.name, pid: s.pid }));
    for (let i = 1; i < replicas; i++) await system.addReplica(CONTROLLER);
    const controllers = () =>
      system.services.filter((s) => s.name === CONTROLLER || s.name.startsWith(`${CONTROLLER}#`));
    const owned = async (url: string) =>
      sumMetric(await fetchMetrics(`${url}/metrics`), 'kruise_controller_partitions_owned');
    // The partitions are split evenly once every replica joined (floor or ceil each, every partition owned).
    const deadline = Date.now() + 120_000;
    for (;;) {
      const counts = await Promise.all(controllers().map((c) => owned(c.healthUrl)));
      if (
        counts.length === replicas &&
        counts.every((n) => n > 0) &&
        Math.max(...counts) - Math.min(...counts) <= 1
      )
        break;
      if (Date.now() > deadline)
        throw new Error(`partitions not split between ${replicas} replicas: ${counts.join(', ')}`);
      await sleep(1000);
    }
    o.log(`${replicas} replica(s): partitions split; creating ${o.clonesets} CloneSets × ${o.podsEach} pods`);

    const before = await Promise.all(
      controllers().map(async (c) => ({
        c,
        m: await fetchMetrics(`${c.healthUrl}/metrics`),
        cpu: cpuSeconds(c.pid),
      })),
    );
    const namespaces = Array.from({ length: o.namespaces }, (_, i) => `scale-${i}`);
    for (const ns of namespaces) await kube.ok('POST', '/api/v1/namespaces', { metadata: { name: ns } });
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < o.clonesets) {
          const i = next++;
          const ref = {
            kind: 'cloneset' as const,
            namespace: namespaces[i % o.namespaces] as string,
            name: `cs-${i}`,
          };
          await kube.ok(
            'POST',
            `/apis/apps.kruise.io/v1alpha1/namespaces/${ref.namespace}/clonesets`,
            workloadObject(ref, o.podsEach, IMAGES[0]),
          );
        }
      }),
    );
    for (;;) {
      // Read at the stored version: a v1alpha1 list of thousands of CloneSets is one conversion review through the
      // webhook server each time, load the benchmark would add to the system it measures.
      const list = (await kube.ok('GET', '/apis/apps.kruise.io/v1beta1/clonesets')) as {
        items?: WorkloadStatus[];
      };
      result.converged = (list.items ?? []).filter((cs) => converged(cs, o.podsEach)).length;
      if (result.converged === o.clonesets) break;
      if (performance.now() - t0 > o.timeoutMs)
        throw new Error(
          `only ${result.converged}/${o.clonesets} CloneSets converged after ${o.timeoutMs / 1000} s`,
        );
      await sleep(2000);
    }
    result.seconds = (performance.now() - t0) / 1000;
    const watchesEnd = watchesByResource(await kube.metrics());
    result.watches = Object.fromEntries(WATCHED.map((r) => [r, watchesEnd[r] ?? 0]));
    result.watchesAddedDuringRun = sum(Object.values(addedWatches(watchesEnd, watchesOneReplica)));
    for (const { c, m, cpu } of before) {
      const after = await fetchMetrics(`${c.healthUrl}/metrics`);
      const queue = bucketDiff(
        buckets(after, 'workqueue_queue_duration_seconds'),
        buckets(m, 'workqueue_queue_duration_seconds'),
      );
      result.perReplica.push({
        name: c.name,
        reconciles:
          sumMetric(after, 'controller_runtime_reconcile_total') -
          sumMetric(m, 'controller_runtime_reconcile_total'),
        queueP50Seconds: quantile(0.5, queue),
        queueP99Seconds: quantile(0.99, queue),
        queueTopBucketSeconds: Math.max(0, ...[...queue.keys()].filter((le) => Number.isFinite(le))),
        cpuSeconds: cpuSeconds(c.pid) - cpu,
        peakRssMiB: peakRssMiB(c.pid),
        rssMiB: rssMiB(c.pid),
        partitions: sumMetric(after, 'kruise_controller_partitions_owned'),
      });
    }
  } catch (err) {
    result.error = errorChain(err);
  } finally {
    unhook();
    await stopSystem?.().catch(() => undefined);
    await cluster.stop();
  }
  return result;
}

/** The error's message and its causes' (a request's timeout or reset is the cause of its "failed"). */
export function errorChain(err: unknown): string {
  const parts: string[] = [];
  for (
    let e: unknown = err;
    e !== undefined && parts.length < 5;
    e = e instanceof Error ? e.cause : undefined
  )
    parts.push(e instanceof Error ? e.message : String(e));
  return parts.join(': ');
}

/** p50/p99 in ms; a quantile in the top bucket is shown as "≥ that bucket". */
function queueCell(p: ReplicaFigures): string {
  const ms = (v: number) => {
    if (!Number.isFinite(v)) return '–';
    const at = p.queueTopBucketSeconds > 0 && v >= p.queueTopBucketSeconds ? '≥' : '';
    return `${at}${(v * 1000).toFixed(0)}`;
  };
  return `${ms(p.queueP50Seconds)}/${ms(p.queueP99Seconds)}`;
}

export function renderScaleout(
  runs: readonly ScaleoutRun[],
  o: Pick<ScaleoutOptions, 'clonesets' | 'podsEach'>,
): string {
  const rows = runs.map((r) => {
    const reconciles = sum(r.perReplica.map((p) => p.reconciles));
    const fmt = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '–');
    return [
      String(r.replicas),
      r.error === undefined ? `${fmt(r.seconds)} s` : `failed: ${r.error}`,
      `${fmt((r.converged * o.podsEach) / r.seconds)} pods/s`,
      `${fmt(reconciles / r.seconds)}/s (${reconciles})`,
      `${r.perReplica.map(queueCell).join(' / ')} ms`,
      `${r.perReplica.map((p) => fmt(p.cpuSeconds)).join(' / ')} s`,
      `${r.perReplica.map((p) => fmt(p.peakRssMiB, 0)).join(' / ')} MiB`,
      r.perReplica.map((p) => String(p.partitions)).join(' / '),
      `${Object.entries(r.watches)
        .map(([k, v]) => `${k.split('.')[0]} ${v}`)
        .join(', ')}; +${fmt(r.watchesAddedDuringRun, 0)}`,
    ];
  });
  return renderTable(
    [
      'replicas',
      'all converged',
      'pods',
      'reconciles',
      'queue p50/p99 per replica',
      'CPU per replica',
      'peak RSS per replica',
      'partitions',
      'WATCHes open (all clients); opened since 1 replica up',
    ],
    rows,
  );
}
