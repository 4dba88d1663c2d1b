// Benchmark: how fast the watcher mirrors a 5,000-pod namespace onto the bus, and its peak memory.
//   cold: the pods exist, a fresh watcher starts on an empty bus → time until all are on the bus
//   live: the watcher runs while the pods are created (20 in flight) → time until the last is on the bus
// The watcher runs as `node src/main.ts` (its own process, so its peak RSS is its own: VmHWM). Pods carry a
// scheduling gate so the scheduler and kwok stay idle and the 2-core machine measures apiserver → watcher → NATS.
// Usage: npm run bench -w @kruise-ts/watcher [-- --pods 5000 --concurrency 20]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { acquireCluster, startWatcherProcess, type WatcherProcess } from '@kruise-ts/devcluster';
import { CoreV1Api, type V1Pod } from '@kubernetes/client-node';
import {
  apiView,
  busView,
  diffViews,
  httpGet,
  kubeConfig,
  PARTITIONS,
  suffix,
  type TestBus,
  testBus,
} from '../test/e2e/support.ts';

const { values } = parseArgs({
  options: {
    pods: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '20' },
  },
});
const podCount = Number(values.pods);
const concurrency = Number(values.concurrency);

const cluster = await acquireCluster();
const kc = kubeConfig(cluster.kubeconfigPath);
const core = kc.makeApiClient(CoreV1Api);

function peakRssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function createPods(namespace: string): Promise<void> {
  let next = 0;
  const body = (name: string): V1Pod => ({
    metadata: { name, labels: { app: 'bench' } },
    spec: {
      schedulingGates: [{ name: 'kruise-ts.io/bench' }],
      containers: [{ name: 'main', image: 'nginx:1.22-alpine' }],
    },
  });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < podCount) {
        const name = `pod-${next++}`;
        await core.createNamespacedPod({ namespace, body: body(name) });
      }
    }),
  );
}

/** Pods of `namespace` on the bus, counted from the stream's per-subject state (no consumer needed). */
async function podsOnBus(bus: TestBus, namespace: string): Promise<number> {
  const info = await bus.jsm.streams.info(bus.topology.objects.stream, {
    subjects_filter: `${bus.topology.objects.subjectRoot}.Pod._.*.${namespace}.>`,
  });
  return Object.keys(info.state.subjects ?? {}).length;
}

async function waitForAll(bus: TestBus, namespace: string, started: number): Promise<number> {
  for (;;) {
    if ((await podsOnBus(bus, namespace)) >= podCount) return (performance.now() - started) / 1000;
    if (performance.now() - started > 15 * 60_000) throw new Error('gave up after 15 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function verify(bus: TestBus, namespace: string): Promise<string> {
  const [b, a] = await Promise.all([
    busView(bus, { group: '', kind: 'Pod' }, namespace),
    apiView(kc, 'v1', 'Pod', namespace),
  ]);
  const equal = b.size === a.size && [...a].every((l) => b.has(l));
  return equal
    ? `bus == apiserver (${a.size} pods, uid and resourceVersion each)`
    : `MISMATCH ${diffViews(b, a)}`;
}

const children: WatcherProcess[] = [];

async function watcherFor(bus: TestBus): Promise<WatcherProcess> {
  const child = await startWatcherProcess({
    kubeconfigPath: cluster.kubeconfigPath,
    natsUrl: cluster.natsUrl,
    busPrefix: bus.topology.prefix,
    partitions: PARTITIONS,
    readyTimeoutMs: 5 * 60_000,
  });
  children.push(child);
  return child;
}

async function stop(child: WatcherProcess): Promise<void> {
  child.child.kill('SIGTERM');
  await child.exited;
}

const namespaces: string[] = [];
const buses: TestBus[] = [];
try {
  console.log(`benchmark: ${podCount} pods, ${concurrency} creations in flight, ${PARTITIONS} partitions`);

  // live: the watcher runs while the pods are created.
  const liveNs = `bench-live-${suffix()}`;
  namespaces.push(liveNs);
  await core.createNamespace({ body: { metadata: { name: liveNs } } });
  const liveBus = await testBus(cluster.natsUrl);
  buses.push(liveBus);
  const live = await watcherFor(liveBus);
  const liveStart = performance.now();
  await createPods(liveNs);
  const created = (performance.now() - liveStart) / 1000;
  const liveDone = await waitForAll(liveBus, liveNs, liveStart);
  const liveRss = peakRssMiB(live.child.pid);
  console.log(
    `live:  created ${podCount} pods in ${created.toFixed(1)} s (${(podCount / created).toFixed(0)}/s); ` +
      `all on the bus ${liveDone.toFixed(1)} s after the first create (${((liveDone - created) * 1000).toFixed(0)} ms after the last); ` +
      `watcher peak RSS ${liveRss.toFixed(0)} MiB`,
  );
  console.log(`       ${await verify(liveBus, liveNs)}`);
  await stop(live);

  // cold: a fresh watcher on an empty bus meets the existing namespace (and everything else in the cluster).
  const coldBus = await testBus(cluster.natsUrl);
  buses.push(coldBus);
  const coldStart = performance.now();
  const cold = await watcherFor(coldBus);
  const ready = (performance.now() - coldStart) / 1000;
  const coldDone = await waitForAll(coldBus, liveNs, coldStart);
  const coldRss = peakRssMiB(cold.child.pid);
  console.log(
    `cold:  process start → ready (first lists published) ${ready.toFixed(1)} s; all ${podCount} pods on the bus ` +
      `${coldDone.toFixed(1)} s after start; watcher peak RSS ${coldRss.toFixed(0)} MiB`,
  );
  console.log(`       ${await verify(coldBus, liveNs)}`);

  // restart: the same watcher restarted on the now-full bus republishes nothing unchanged.
  await stop(cold);
  const restartStart = performance.now();
  const again = await watcherFor(coldBus);
  const restartReady = (performance.now() - restartStart) / 1000;
  const metrics = (await httpGet(again.port, '/metrics')).body;
  const stored = metrics
    .split('\n')
    .filter(
      (l) =>
        l.startsWith('kruise_watcher_events_published_total{kind="Pod"') && l.includes('outcome="stored"'),
    )
    .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  console.log(
    `restart on a full bus: ready in ${restartReady.toFixed(1)} s (seeded from the bus), pod events stored ${stored}; ` +
      `peak RSS ${peakRssMiB(again.child.pid).toFixed(0)} MiB`,
  );
  await stop(again);
} finally {
  for (const child of children)
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
  for (const bus of buses) await bus.dispose().catch(() => {});
  for (const ns of namespaces) await core.deleteNamespace({ name: ns }).catch(() => {});
  await cluster.release();
}
