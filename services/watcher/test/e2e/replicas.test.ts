// Two watcher replicas publishing the same cluster at once, one of them lagging behind: a consumer sees each
// (uid, resourceVersion) at most once and an object's revisions only ever go up (monotonic publishing plus
// message-id de-duplication), the lagging replica's stale publishes are superseded rather than stored, and
// when the leading replica stops the other alone keeps the bus equal to the apiserver.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Bus, type ObjectFeed, objectEventTypeName, openObjectFeed } from '@kruise-ts/bus';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import { CoreV1Api, type KubeConfig, type V1Pod } from '@kubernetes/client-node';
import type { ResourceSource } from '../../src/apiserver-stream.ts';
import { watchedResources } from '../../src/kinds.ts';
import type { WatchEvent } from '../../src/watch-events.ts';
import {
  type InProcessWatcher,
  inProcessWatcher,
  kubeConfig,
  metricValue,
  PARTITIONS,
  sameBus,
  suffix,
  type TestBus,
  testBus,
  viewsConverge,
} from './support.ts';

const ns = `watcher-replicas-${suffix()}`;
const pods = { group: '', kind: 'Pod', apiVersion: 'v1', namespace: ns };
const resources = watchedResources.filter((r) => r.plural === 'pods' || r.plural === 'namespaces');

/** Hands every watch event over late, so this replica publishes after the other. */
function lagging(inner: ResourceSource, lagMs: number): ResourceSource {
  return {
    listPage: (resource, options) => inner.listPage(resource, options),
    async *watch(resource, options): AsyncGenerator<WatchEvent> {
      for await (const event of inner.watch(resource, options)) {
        await new Promise((r) => setTimeout(r, lagMs));
        yield event;
      }
    },
  };
}

let cluster: ClusterLease;
let kc: KubeConfig;
let core: CoreV1Api;
let bus: TestBus;
let busB: Bus;
let a: InProcessWatcher;
let b: InProcessWatcher;
let recorder: ObjectFeed;
const history: { name: string; uid: string; resourceVersion: string; type: string; publisher: string }[] = [];

before(async () => {
  cluster = await acquireCluster();
  kc = kubeConfig(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  bus = await testBus(cluster.natsUrl, undefined, 'watcher/a');
  busB = await sameBus(cluster.natsUrl, bus.topology.prefix, 'watcher/b');
  recorder = await openObjectFeed(bus, {
    partitions: Array.from({ length: PARTITIONS }, (_, i) => i),
    kinds: [{ group: '', kind: 'Pod' }],
    onEvent: ({ event }) => {
      if (event.namespace !== ns) return;
      history.push({
        name: event.name,
        uid: event.uid,
        resourceVersion: event.resourceVersion,
        type: objectEventTypeName(event.type),
        publisher: event.publisherId,
      });
    },
  });
  [a, b] = await Promise.all([
    inProcessWatcher(bus, cluster.kubeconfigPath, { resources }),
    inProcessWatcher(busB, cluster.kubeconfigPath, { resources, wrapSource: (s) => lagging(s, 40) }),
  ]);
  await eventually('both replicas ready', async () => a.isReady() && b.isReady());
});

after(async () => {
  await a?.shutdown();
  await b?.shutdown();
  await recorder?.stop();
  await busB?.close();
  await bus?.dispose();
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await cluster?.release();
});

const podBody = (name: string): V1Pod => ({
  metadata: { name, labels: { app: 'replicas' } },
  spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
});

function assertNoDuplicatesNoRegressions(): void {
  const seen = new Set<string>();
  for (const h of history) {
    const id = `${h.uid}@${h.resourceVersion}`;
    assert.ok(!seen.has(id), `(uid, resourceVersion) ${id} of ${h.name} delivered twice`);
    seen.add(id);
  }
  const lastByName = new Map<string, bigint>();
  for (const h of history) {
    const rv = BigInt(h.resourceVersion);
    const last = lastByName.get(h.name);
    assert.ok(
      last === undefined || rv > last,
      `${h.name} went back from ${last} to ${rv} (${h.type} by ${h.publisher})`,
    );
    lastByName.set(h.name, rv);
  }
}

describe('two watcher replicas at once', () => {
  test('no duplicates, no regressions, and the lagging replica is superseded', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `p${i}`);
    for (const name of names) await core.createNamespacedPod({ namespace: ns, body: podBody(name) });
    for (const round of [1, 2]) {
      for (const name of names) {
        await core.patchNamespacedPod({
          namespace: ns,
          name,
          body: [{ op: 'add', path: '/metadata/labels/round', value: String(round) }],
        });
      }
    }
    for (const name of names.slice(0, 10)) await core.deleteNamespacedPod({ namespace: ns, name });
    await viewsConverge(bus, kc, pods);
    // Let the lagging replica catch up on everything it still has to say.
    await eventually('replica b to drain', async () => {
      const done = await metricValue(b.registry, 'kruise_watcher_events_published_total', { kind: 'Pod' });
      await new Promise((r) => setTimeout(r, 500));
      return (
        done === (await metricValue(b.registry, 'kruise_watcher_events_published_total', { kind: 'Pod' }))
      );
    });
    assertNoDuplicatesNoRegressions();
    assert.ok(history.length >= 20 * 3 + 10, `saw the whole history (${history.length} events)`);
    const superseded =
      (await metricValue(b.registry, 'kruise_watcher_events_published_total', {
        kind: 'Pod',
        outcome: 'superseded',
      })) +
      (await metricValue(b.registry, 'kruise_watcher_events_published_total', {
        kind: 'Pod',
        outcome: 'duplicate',
      }));
    assert.ok(superseded > 0, 'the lagging replica lost races and stored nothing stale');
    assert.ok(history.some((h) => h.publisher === 'watcher/a'));
  });

  test('when one replica stops, the other alone keeps the bus equal to the apiserver', async () => {
    await a.shutdown();
    for (let i = 0; i < 5; i++) await core.createNamespacedPod({ namespace: ns, body: podBody(`q${i}`) });
    await core.deleteNamespacedPod({ namespace: ns, name: 'p10' });
    await viewsConverge(bus, kc, pods);
    assertNoDuplicatesNoRegressions();
    assert.ok(history.some((h) => h.name === 'q0' && h.publisher === 'watcher/b'));
  });
});
