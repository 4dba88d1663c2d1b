// 410 Gone → relist loses nothing. A watch runs through a gate: closing it cuts the connection and holds
// re-watches (a network partition); opening it lets the pending re-watch through from a revision the
// apiserver no longer keeps. For a custom resource the apiserver itself answers 410 Gone (its watch cache
// started after revision 1, so "too old resource version: 1"); the Pod watch cache of a fresh test cluster
// still holds revision 1, so for Pods the gate answers the 410 the apiserver would give after compaction.
// Everything else is real: the relist against the apiserver, the tombstones for objects deleted meanwhile,
// and the bus.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ObjectFeed, objectEventTypeName, openObjectFeed } from '@kruise-ts/bus';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import {
  CoreV1Api,
  type KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import { ApiStatusError, type ResourceSource } from '../../src/apiserver-stream.ts';
import { apiVersionOf, resourceId, type WatchedResource, watchedResources } from '../../src/kinds.ts';
import type { WatchEvent } from '../../src/watch-events.ts';
import {
  busView,
  type InProcessWatcher,
  inProcessWatcher,
  installCrds,
  kubeConfig,
  metricValue,
  PARTITIONS,
  suffix,
  type TestBus,
  testBus,
  viewsConverge,
} from './support.ts';

const ns = `watcher-relist-${suffix()}`;

/** A partition between the watcher and the apiserver, for one resource's watch. */
class Partition {
  readonly #plural: string;
  readonly #heal410: 'apiserver' | 'synthesized';
  #cut = new AbortController();
  #healed: Promise<void> = Promise.resolve();
  #heal: () => void = () => {};
  closed = false;

  /** heal410: who says 410 when the watch comes back (see the file comment). */
  constructor(plural: string, heal410: 'apiserver' | 'synthesized') {
    this.#plural = plural;
    this.#heal410 = heal410;
  }

  close(): void {
    this.closed = true;
    this.#healed = new Promise((resolve) => {
      this.#heal = resolve;
    });
    this.#cut.abort(new Error('connection reset (test partition)'));
  }

  open(): void {
    this.closed = false;
    this.#cut = new AbortController();
    this.#heal();
  }

  wrap(inner: ResourceSource): ResourceSource {
    const partition = this;
    return {
      listPage: (resource, options) => inner.listPage(resource, options),
      async *watch(resource, options): AsyncGenerator<WatchEvent> {
        if (resource.plural !== partition.#plural) {
          yield* inner.watch(resource, options);
          return;
        }
        if (partition.closed) {
          await Promise.race([
            partition.#healed,
            new Promise((resolve) => options.signal.addEventListener('abort', resolve, { once: true })),
          ]);
          if (options.signal.aborted) return;
          if (partition.#heal410 === 'synthesized') {
            throw new ApiStatusError(410, 'Expired', `too old resource version: ${options.resourceVersion}`);
          }
          // Back from the partition at a revision long compacted away: the real apiserver answers.
          yield* inner.watch(resource, { ...options, resourceVersion: '1' });
          return;
        }
        const signal = AbortSignal.any([options.signal, partition.#cut.signal]);
        yield* inner.watch(resource, { ...options, signal });
      },
    };
  }
}

const gadgetGroup = `g${suffix()}.kruise-ts.test`;
const gadgets: WatchedResource = {
  group: gadgetGroup,
  version: 'v1',
  plural: 'gadgets',
  kind: 'Gadget',
  namespaced: true,
};

let cluster: ClusterLease;
let kc: KubeConfig;
let objects: KubernetesObjectApi;
let bus: TestBus;
let watcher: InProcessWatcher;
let recorder: ObjectFeed;
const podPartition = new Partition('pods', 'synthesized');
const gadgetPartition = new Partition('gadgets', 'apiserver');
const history: { kind: string; name: string; type: string; resourceVersion: string }[] = [];

before(async () => {
  cluster = await acquireCluster();
  kc = kubeConfig(cluster.kubeconfigPath);
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  await installCrds(kc, [
    {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `gadgets.${gadgetGroup}` },
      spec: {
        group: gadgetGroup,
        scope: 'Namespaced',
        names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: 'object', x_kubernetes_preserve_unknown_fields: true } },
          },
        ],
      },
    },
  ]);
  objects = KubernetesObjectApi.makeApiClient(kc);
  bus = await testBus(cluster.natsUrl);
  recorder = await openObjectFeed(bus, {
    partitions: Array.from({ length: PARTITIONS }, (_, i) => i),
    onEvent: ({ event }) => {
      if (event.namespace === ns) {
        history.push({
          kind: event.kind?.kind ?? '',
          name: event.name,
          type: objectEventTypeName(event.type),
          resourceVersion: event.resourceVersion,
        });
      }
    },
  });
  watcher = await inProcessWatcher(bus, cluster.kubeconfigPath, {
    resources: [...watchedResources.filter((r) => r.plural === 'pods'), gadgets],
    wrapSource: (s) => gadgetPartition.wrap(podPartition.wrap(s)),
    retry: { initialMs: 50, maxMs: 500 },
  });
  await eventually('ready', async () => watcher.isReady());
});

after(async () => {
  podPartition.open();
  gadgetPartition.open();
  await watcher?.shutdown();
  await recorder?.stop();
  await bus?.dispose();
  await objects
    ?.delete({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `gadgets.${gadgetGroup}` },
    })
    .catch(() => {});
  await kc
    ?.makeApiClient(CoreV1Api)
    .deleteNamespace({ name: ns })
    .catch(() => {});
  await cluster?.release();
});

interface Scenario {
  resource: WatchedResource;
  partition: Partition;
  manifest(name: string): KubernetesObject;
}

/**
 * Ten objects mirrored; partition; five deleted, five created, one changed; heal → the relist makes the bus
 * equal to the apiserver again, with TOMBSTONEs (never DELETEDs: no watch saw them go) for the five.
 */
async function partitionAndRelist({ resource, partition, manifest }: Scenario): Promise<void> {
  const kind = {
    group: resource.group,
    kind: resource.kind,
    apiVersion: apiVersionOf(resource),
    namespace: ns,
  };
  const xs = Array.from({ length: 10 }, (_, i) => `x${i}`);
  for (const name of xs) await objects.create(manifest(name));
  await viewsConverge(bus, kc, kind);
  const before = await busView(bus, kind, ns);

  partition.close();
  for (const name of xs.slice(0, 5)) {
    await objects.delete(manifest(name), undefined, undefined, 0);
  }
  for (let i = 0; i < 5; i++) await objects.create(manifest(`y${i}`));
  await objects.patch(
    { ...manifest('x5'), metadata: { name: 'x5', namespace: ns, labels: { moved: 'yes' } } },
    undefined,
    undefined,
    undefined,
    undefined,
    PatchStrategy.MergePatch,
  );

  // Cut off, the bus still shows what the apiserver has deleted.
  await new Promise((r) => setTimeout(r, 500));
  assert.deepEqual(await busView(bus, kind, ns), before, 'the bus is unchanged while partitioned');

  partition.open();
  await viewsConverge(bus, kc, kind);
  assert.equal(
    await metricValue(watcher.registry, 'kruise_watcher_relists_total', {
      resource: resourceId(resource),
      reason: 'gone',
    }),
    1,
  );
  const mine = history.filter((h) => h.kind === resource.kind);
  for (const name of xs.slice(0, 5)) {
    const events = mine.filter((h) => h.name === name);
    const last = events.at(-1);
    assert.equal(last?.type, 'TOMBSTONE', `${name}: ${JSON.stringify(events)}`);
    assert.ok(
      BigInt(last.resourceVersion) > BigInt(events.at(-2)!.resourceVersion),
      'the tombstone orders after the last state',
    );
  }
  for (let i = 0; i < 5; i++) assert.equal(mine.find((h) => h.name === `y${i}`)?.type, 'ADDED');
  assert.ok(mine.some((h) => h.name === 'x5' && h.type === 'MODIFIED'));
  assert.equal(mine.filter((h) => h.type === 'DELETED').length, 0, 'no watch saw a deletion; the relist did');
}

describe('410 Gone: relist after a partition loses nothing', () => {
  test('custom resource, 410 from the real apiserver (watch from a revision its cache no longer has)', () =>
    partitionAndRelist({
      resource: gadgets,
      partition: gadgetPartition,
      manifest: (name) => ({
        apiVersion: `${gadgetGroup}/v1`,
        kind: 'Gadget',
        metadata: { name, namespace: ns },
      }),
    }));

  test('Pods, with the 410 the apiserver gives after compaction', () =>
    partitionAndRelist({
      resource: watchedResources.find((r) => r.plural === 'pods')!,
      partition: podPartition,
      manifest: (name) =>
        ({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name, namespace: ns, labels: { app: 'relist' } },
          spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
        }) as KubernetesObject,
    }));
});
