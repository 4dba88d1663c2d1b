// The watcher as it runs in production (`node src/main.ts`, a child process): health and metrics endpoints,
// SIGKILL in the middle of a stream of pod changes and a restart → the consumer's view of the bus equals the
// apiserver's list exactly (tombstones for pods deleted while it was down), a restart with nothing changed
// republishes nothing, and SIGTERM shuts down cleanly.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { objectSubject } from '@kruise-ts/bus';
import {
  acquireCluster,
  type ClusterLease,
  eventually,
  startWatcherProcess,
  type WatcherProcess,
} from '@kruise-ts/devcluster';
import { CoreV1Api, type KubeConfig, type V1Pod } from '@kubernetes/client-node';
import {
  busView,
  httpGet,
  kubeConfig,
  PARTITIONS,
  suffix,
  type TestBus,
  testBus,
  viewsConverge,
  withTimeout,
} from './support.ts';

const ns = `watcher-restart-${suffix()}`;
let cluster: ClusterLease;
let kc: KubeConfig;
let core: CoreV1Api;
let bus: TestBus;
const children: WatcherProcess[] = [];

before(async () => {
  cluster = await acquireCluster();
  kc = kubeConfig(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  bus = await testBus(cluster.natsUrl);
});

after(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await bus?.dispose();
  await cluster?.release();
});

/** `src/main.ts` as a child process, the way it runs in production; resolves once /readyz answers 200. */
async function start(): Promise<WatcherProcess> {
  const child = await startWatcherProcess({
    kubeconfigPath: cluster.kubeconfigPath,
    natsUrl: cluster.natsUrl,
    busPrefix: bus.topology.prefix,
    partitions: PARTITIONS,
  });
  children.push(child);
  return child;
}

const podBody = (name: string): V1Pod => ({
  metadata: { name, labels: { app: 'churn' } },
  spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
});

/** Runs `fn` over `items` with at most `limit` in flight. */
async function bounded<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const create = (names: string[]) =>
  bounded(names, 5, (n) => core.createNamespacedPod({ namespace: ns, body: podBody(n) }));
const remove = (names: string[]) =>
  bounded(names, 5, (n) => core.deleteNamespacedPod({ namespace: ns, name: n, gracePeriodSeconds: 0 }));
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const pods = { group: '', kind: 'Pod', apiVersion: 'v1', namespace: ns };

function metricSum(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

describe('watcher process: kill, restart, shut down', () => {
  let second: WatcherProcess;

  test('serves /healthz, /readyz with per-resource detail, and /metrics', async () => {
    const first = await start();
    assert.equal((await httpGet(first.port, '/healthz')).status, 200);
    const ready = JSON.parse((await httpGet(first.port, '/readyz')).body) as {
      ready: boolean;
      detail: { resource: string; ready: boolean }[];
    };
    assert.equal(ready.ready, true);
    assert.ok(ready.detail.some((d) => d.resource === 'pods.core' && d.ready));
    const metrics = (await httpGet(first.port, '/metrics')).body;
    assert.match(
      metrics,
      /kruise_watcher_relists_total\{resource="pods.core",reason="initial",service="watcher"\} 1/,
    );
    assert.match(metrics, /kruise_watcher_publish_duration_seconds_bucket/);
    assert.match(metrics, /process_resident_memory_bytes/);
    assert.equal((await httpGet(first.port, '/nope')).status, 404);
  });

  test('SIGKILL mid-stream and restart: the consumer view equals the apiserver list exactly', async () => {
    const first = children[0]!;
    // Pods the bus is known to hold before the kill; they are deleted while no watcher runs.
    const early = names('a', 5);
    await create(early);
    await eventually('the first pods on the bus', async () => {
      const view = await busView(bus, pods, ns);
      return early.every((n) => [...view].some((l) => l.startsWith(`${ns}/${n} `)));
    });

    // A bounded churn loop: creations and deletions, one after another, across the kill and the restart.
    const live: string[] = [];
    let step = 0;
    const reached = (n: number) =>
      eventually(`churn step ${n}`, async () => step >= n, { timeoutMs: 60_000, intervalMs: 20 });
    const churn = (async () => {
      for (; step < 60; step++) {
        const name = `p${step}`;
        await core.createNamespacedPod({ namespace: ns, body: podBody(name) });
        live.push(name);
        if (step % 3 === 2) {
          const victim = live.splice(Math.floor(live.length / 2), 1)[0]!;
          await core.deleteNamespacedPod({ namespace: ns, name: victim, gracePeriodSeconds: 0 });
        }
      }
    })();

    await reached(15);
    first.child.kill('SIGKILL');
    await withTimeout(first.exited, 10_000, 'the killed watcher to exit');
    assert.equal(first.child.signalCode, 'SIGKILL');
    await remove(early);
    await reached(35);
    second = await start();
    await churn;

    const view = await viewsConverge(bus, kc, pods, 90_000);
    assert.equal(view.size, live.length);
    const metrics = (await httpGet(second.port, '/metrics')).body;
    assert.ok(
      metricSum(metrics, 'kruise_watcher_events_published_total', { kind: 'Pod', type: 'TOMBSTONE' }) >=
        early.length,
      'pods deleted while the watcher was down were tombstoned',
    );
  });

  test('SIGTERM stops the watcher cleanly', async () => {
    second.child.kill('SIGTERM');
    assert.equal(await withTimeout(second.exited, 20_000, 'the watcher to exit'), 0);
    assert.match(second.output(), /"msg":"shutting down"/);
    assert.match(second.output(), /"msg":"stopped"/);
  });

  test('a restart with nothing changed republishes nothing', async () => {
    // Pods settle (Running) after a while; compare only those whose revision did not move meanwhile.
    const before = (await core.listNamespacedPod({ namespace: ns })).items;
    const lastSeq = async (pod: V1Pod) => {
      const subject = objectSubject(bus.topology, {
        group: '',
        kind: 'Pod',
        namespace: ns,
        name: pod.metadata!.name!,
      });
      return (await bus.jsm.direct.getMessage(bus.topology.objects.stream, { last_by_subj: subject }))?.seq;
    };
    const seqBefore = new Map(
      await Promise.all(before.map(async (p) => [p.metadata!.name!, await lastSeq(p)] as const)),
    );
    const third = await start();
    const metrics = (await httpGet(third.port, '/metrics')).body;
    const after = (await core.listNamespacedPod({ namespace: ns })).items;
    let compared = 0;
    for (const pod of after) {
      const earlier = before.find((p) => p.metadata?.uid === pod.metadata?.uid);
      if (earlier?.metadata?.resourceVersion !== pod.metadata?.resourceVersion) continue;
      compared++;
      assert.equal(
        await lastSeq(pod),
        seqBefore.get(pod.metadata!.name!),
        `${pod.metadata?.name} was not republished`,
      );
    }
    assert.ok(compared >= before.length / 2, `enough settled pods to compare (${compared}/${before.length})`);
    // Cluster-wide counts would include other suites' pods; the per-subject check above is what this test owns.
    assert.match(metrics, /kruise_watcher_relists_total\{resource="pods.core",reason="initial"/);
    third.child.kill('SIGTERM');
    assert.equal(await withTimeout(third.exited, 20_000, 'the watcher to exit'), 0);
  });
});
