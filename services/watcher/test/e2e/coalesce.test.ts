// The watcher's linger against the real apiserver and NATS (docs/adr/0045-watcher-coalesces-changes.md): an
// object changed several times within the linger reaches the bus once, as a creation at its newest state; a
// deletion takes the place of a modification still waiting, never of a creation, and never waits itself.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ObjectFeed, objectEventTypeName, openObjectFeed } from '@kruise-ts/bus';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import { CoreV1Api, type KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { WatchedResource } from '../../src/kinds.ts';
import {
  type InProcessWatcher,
  inProcessWatcher,
  kubeConfig,
  metricValue,
  PARTITIONS,
  suffix,
  type TestBus,
  testBus,
} from './support.ts';

const ns = `watcher-coalesce-${suffix()}`;
const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
/** Long enough that five patches on a busy machine land within it. */
const LINGER_MS = 3_000;
const configMaps: WatchedResource = {
  group: '',
  version: 'v1',
  plural: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
  namespace: ns,
};

let cluster: ClusterLease;
let kc: KubeConfig;
let core: CoreV1Api;
let bus: TestBus;
let watcher: InProcessWatcher;
let recorder: ObjectFeed;
const seen = new Map<string, { type: string; resourceVersion: string }[]>();

before(async () => {
  cluster = await acquireCluster();
  kc = kubeConfig(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  bus = await testBus(cluster.natsUrl);
  recorder = await openObjectFeed(bus, {
    partitions: Array.from({ length: PARTITIONS }, (_, i) => i),
    onEvent: ({ event }) => {
      if (event.namespace !== ns) return;
      const list = seen.get(event.name) ?? [];
      list.push({ type: objectEventTypeName(event.type), resourceVersion: event.resourceVersion });
      seen.set(event.name, list);
    },
  });
  watcher = await inProcessWatcher(bus, cluster.kubeconfigPath, {
    resources: [configMaps],
    publishLingerMs: LINGER_MS,
  });
  await eventually('the watcher to be ready', async () => watcher.isReady(), { timeoutMs: 60_000 });
});

after(async () => {
  await watcher?.shutdown();
  await recorder?.stop();
  await bus?.dispose();
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await cluster?.release();
});

describe('the watcher folds quick successive states of an object into one publish', () => {
  test('created and patched five times within the linger: one ADDED at the newest revision', async () => {
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'busy' } } });
    let last = '';
    for (let i = 1; i <= 5; i++) {
      const patched = await core.patchNamespacedConfigMap(
        { name: 'busy', namespace: ns, body: { data: { step: String(i) } } },
        merge,
      );
      last = patched.metadata?.resourceVersion ?? '';
    }
    const events = await eventually(
      'the newest revision on the bus',
      async () => {
        const list = seen.get('busy');
        return list?.at(-1)?.resourceVersion === last ? list : undefined;
      },
      { timeoutMs: 30_000 },
    );
    assert.deepEqual(events, [{ type: 'ADDED', resourceVersion: last }]);
    assert.equal(
      await metricValue(watcher.registry, 'kruise_watcher_events_coalesced_total', { kind: 'ConfigMap' }),
      5,
    );
  });

  test('a modification just before the deletion goes out as the deletion, at once', async () => {
    await core.patchNamespacedConfigMap(
      { name: 'busy', namespace: ns, body: { data: { step: 'last' } } },
      merge,
    );
    assert.deepEqual(await deleteAndWatchTypes('busy'), ['ADDED', 'DELETED']);
  });

  test('a creation is never folded into the deletion after it: both go out, at once', async () => {
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'brief' } } });
    assert.deepEqual(await deleteAndWatchTypes('brief'), ['ADDED', 'DELETED']);
  });
});

/**
 * Deletes the ConfigMap and returns the types of every event the bus carried for it, once the deletion is among
 * them; the deletion must not have waited for the linger, nor what lingered before it.
 */
async function deleteAndWatchTypes(name: string): Promise<string[]> {
  const started = performance.now();
  await core.deleteNamespacedConfigMap({ name, namespace: ns });
  const events = await eventually(
    `${name} deleted on the bus`,
    async () => {
      const list = seen.get(name);
      return list?.at(-1)?.type === 'DELETED' ? list : undefined;
    },
    { timeoutMs: 30_000 },
  );
  assert.ok(performance.now() - started < LINGER_MS, `${name}: the deletion did not wait for the linger`);
  return events.map((e) => e.type);
}
