// The peer benchmark: the same workload (workload.ts) on each contender, each on its own fresh cluster, one
// after the other; per phase wall time, CPU of each contender process, apiserver+etcd CPU and apiserver requests
// per pod; peak and idle memory and idle CPU after the run. A pod watcher checks the invariants on every run.
import { type ClusterInfo, startCluster } from '@kruise-ts/devcluster';
import type { RunningContender } from './contender.ts';
import { type KruiseOptions, startKruise } from './kruise.ts';
import { startKruiseTs } from './kruise-ts.ts';
import { BenchKube } from './kube.ts';
import { watchPods } from './pod-watch.ts';
import {
  clusterProcesses,
  cpuOf,
  diffCpu,
  idleMillicores,
  killOnSignal,
  peakRssMiB,
  pssMiB,
  rssMiB,
} from './proc.ts';
import { type ContenderRun, type PhaseFigures, sum } from './report.ts';
import { phaseSpan, writeTimeline } from './timeline.ts';
import {
  APP_LABEL,
  collectionPath,
  converged,
  IMAGES,
  objectPath,
  phases,
  type WorkloadKind,
  type WorkloadRef,
  type WorkloadStatus,
  workloadObject,
} from './workload.ts';
import { watchWorkload } from './workload-watch.ts';

export type ContenderName = 'kruise-ts' | 'kruise';

export interface PeerOptions {
  replicas: number;
  kind: WorkloadKind;
  qps: number;
  burst: number;
  phaseTimeoutMs: number;
  idleMs: number;
  /** When set, every pod event of each phase goes to `<dir>/<contender>-<phase>.tsv`. */
  timelineDir?: string;
  /** kruise-ts runs as `npm start -- --all-in-one` runs it: every service in one process. */
  allInOne?: boolean;
  /** Progress lines (phase results as they come). */
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startContender(
  name: ContenderName,
  cluster: ClusterInfo,
  kube: BenchKube,
  options: PeerOptions,
): Promise<RunningContender> {
  if (name === 'kruise-ts')
    return startKruiseTs(cluster, {
      allInOne: options.allInOne === true,
      controller: options.kind === 'cloneset' ? 'cloneset' : 'statefulset',
    });
  const kruiseOptions: KruiseOptions = {
    qps: options.qps,
    burst: options.burst,
    controller: options.kind === 'cloneset' ? 'cloneset-controller' : 'statefulset-controller',
  };
  return startKruise(cluster, kube, kruiseOptions);
}

/** apiserver_request_total by `VERB resource[/subresource]` (WATCH and other long-running verbs included). */
async function requestsByKind(kube: BenchKube): Promise<Map<string, number>> {
  const by = new Map<string, number>();
  for (const s of await kube.metrics()) {
    if (s.name !== 'apiserver_request_total') continue;
    const { verb = '', resource = '', subresource = '' } = s.labels;
    const key = `${verb} ${resource}${subresource === '' ? '' : `/${subresource}`}`;
    by.set(key, (by.get(key) ?? 0) + s.value);
  }
  return by;
}

const total = (by: Map<string, number>): number => sum(by.values());

/** after − before per key, keys that did not move left out. */
function diffBy(after: Map<string, number>, before: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of after) {
    const d = value - (before.get(key) ?? 0);
    if (d > 0) out[key] = d;
  }
  return out;
}

/** One contender on a fresh cluster. Errors (a phase that never converges) end the run as a violation. */
export async function runContender(name: ContenderName, options: PeerOptions): Promise<ContenderRun> {
  const run: ContenderRun = {
    contender: name === 'kruise' ? 'Kruise' : 'kruise-ts',
    phases: [],
    peakRssMiB: {},
    idle: undefined,
    notCounted: [],
    violations: [],
    notes: [],
  };
  const cluster = await startCluster();
  let contender: RunningContender | undefined;
  let stopWatch: (() => void) | undefined;
  let stopWorkload: (() => void) | undefined;
  let pssSampler: NodeJS.Timeout | undefined;
  const unhook = killOnSignal(() => contender?.pids() ?? []);
  try {
    const kube = new BenchKube(cluster.kubeconfigPath);
    options.log(`${run.contender}: starting on a fresh cluster (${cluster.dir})`);
    contender = await startContender(name, cluster, kube, options);
    run.notCounted = contender.notCounted;
    run.notes = contender.notes;
    const apiserverPids = clusterProcesses(cluster.dir).filter(
      (p) => p.name === 'kube-apiserver' || p.name === 'etcd',
    );

    // Peak PSS, sampled: unlike RSS the kernel keeps no high-water mark for it.
    const samplePss = () => {
      const total = sum(contender?.pids().map((p) => pssMiB(p.pid)) ?? []);
      if (Number.isFinite(total)) run.peakPssMiB = Math.max(run.peakPssMiB ?? 0, total);
    };
    samplePss();
    pssSampler = setInterval(samplePss, 2_000);

    const ref: WorkloadRef = { kind: options.kind, namespace: 'bench', name: 'bench' };
    await kube.ok('POST', '/api/v1/namespaces', { metadata: { name: ref.namespace } });
    const watch = await watchPods(kube, ref.namespace, `app=${APP_LABEL}`);
    stopWatch = watch.stop;
    const inv = watch.invariants;

    // Converged is timed by a watch on the workload: the phase ends when its converged status arrives.
    const workload = await watchWorkload(kube, collectionPath(ref.kind, ref.namespace), ref.name);
    stopWorkload = workload.stop;
    const waitConverged = async (generation: number, replicas: number, timeoutMs: number, what: string) => {
      try {
        return await workload.until(generation, (obj) => converged(obj, replicas), timeoutMs);
      } catch (err) {
        throw new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    };

    // The workload exists with 0 replicas first: scale-up then times the pods, not the first revision, and a
    // status on it shows the controller is running.
    const created = (await kube.ok(
      'POST',
      collectionPath(ref.kind, ref.namespace),
      workloadObject(ref, 0, IMAGES[0]),
    )) as WorkloadStatus;
    await waitConverged(created.metadata?.generation ?? 1, 0, 120_000, 'the empty workload');

    for (const spec of phases(options.kind, options.replicas)) {
      inv.setLimit({ phase: spec.phase, max: spec.ceiling });
      // The counters are read before the CPU snapshots (and again after them, below): answering a /metrics
      // scrape costs every process CPU that is not the phase's.
      const req0 = await requestsByKind(kube);
      const own0 = kube.requests;
      const counters0 = await contender.counters();
      const cpu0 = cpuOf(contender.pids());
      const api0 = cpuOf(apiserverPids);
      const t0 = performance.now();
      watch.mark();
      workload.mark();
      const patched = (await kube.ok('PATCH', objectPath(ref), spec.patch)) as WorkloadStatus;
      const t1 = await waitConverged(
        patched.metadata?.generation ?? 0,
        spec.replicas,
        options.phaseTimeoutMs,
        spec.phase,
      );
      const seconds = (t1 - t0) / 1000;
      const cpu = diffCpu(cpuOf(contender.pids()), cpu0);
      const apiserverCpu = sum(Object.values(diffCpu(cpuOf(apiserverPids), api0)));
      const own = kube.requests - own0;
      const req1 = await requestsByKind(kube);
      const requests = total(req1) - total(req0) - own;
      const counters1 = await contender.counters();
      const reconciles =
        counters0 === undefined || counters1 === undefined
          ? undefined
          : counters1.reconciles - counters0.reconciles;
      const bus0 = counters0?.busEvents;
      const bus1 = counters1?.busEvents;
      const busEvents =
        bus0 === undefined || bus1 === undefined
          ? undefined
          : { published: bus1.published - bus0.published, coalesced: bus1.coalesced - bus0.coalesced };
      const figures: PhaseFigures = {
        phase: spec.phase,
        pods: options.replicas,
        seconds,
        cpu,
        apiserverCpu,
        requests,
        requestsBy: diffBy(req1, req0),
        ...(reconciles === undefined ? {} : { reconciles }),
        ...(busEvents === undefined ? {} : { busEvents }),
      };
      run.phases.push(figures);
      options.log(
        `${run.contender} ${spec.phase}: ${seconds.toFixed(1)} s, CPU ${sum(Object.values(cpu)).toFixed(1)} s, ` +
          `apiserver+etcd ${apiserverCpu.toFixed(1)} s, ${(requests / options.replicas).toFixed(2)} requests/pod, ` +
          `${reconciles ?? '?'} reconciles, peak ${inv.peak} pods`,
      );
      // The watch may trail the status by a moment; give it up to 10 s to show the final pods.
      for (let i = 0; i < 50 && !finalSeen(inv.pods.values(), spec.replicas, spec.image); i++)
        await sleep(200);
      inv.checkFinal(spec.phase, spec.replicas, spec.image);
      // Where the wall time went: until the controller's first pod change, the pod changes themselves, and the
      // status catching up with the last of them.
      const { first, last, lastTerminating } = phaseSpan(watch.events);
      if (first !== undefined && last !== undefined) {
        const at = (t: number) => ((t - t0) / 1000).toFixed(1);
        options.log(
          `${run.contender} ${spec.phase}: pods first changed at ${at(first)} s, ` +
            (lastTerminating === undefined ? '' : `last marked for deletion at ${at(lastTerminating)} s, `) +
            `last changed at ${at(last)} s, converged at ${seconds.toFixed(1)} s`,
        );
      }
      if (options.timelineDir !== undefined)
        options.log(
          `timeline: ${writeTimeline(options.timelineDir, name, spec.phase, watch.events, t0, workload.events)}`,
        );
    }

    for (const p of contender.pids()) run.peakRssMiB[p.name] = peakRssMiB(p.pid);
    clearInterval(pssSampler);
    if (options.idleMs > 0) {
      const idle = await idleMillicores(contender.pids(), options.idleMs);
      run.idle = {
        seconds: options.idleMs / 1000,
        millicores: sum(Object.values(idle)),
        millicoresBy: idle,
        rssMiB: Object.fromEntries(contender.pids().map((p) => [p.name, rssMiB(p.pid)])),
        pssMiB: Object.fromEntries(contender.pids().map((p) => [p.name, pssMiB(p.pid)])),
        heapMiB: await contender.heapMiB?.(),
      };
    }
    run.violations.push(...inv.violations);
  } catch (err) {
    run.violations.push(`run failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    unhook();
    clearInterval(pssSampler);
    stopWatch?.();
    stopWorkload?.();
    await contender?.stop().catch(() => undefined);
    await cluster.stop();
  }
  return run;
}

function finalSeen(
  pods: Iterable<{ terminating: boolean; image: string }>,
  replicas: number,
  image: string,
): boolean {
  let n = 0;
  for (const p of pods) {
    if (p.terminating) continue;
    if (p.image !== image) return false;
    n++;
  }
  return n === replicas;
}
