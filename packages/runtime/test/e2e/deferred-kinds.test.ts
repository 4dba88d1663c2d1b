// Deferred kinds (docs/adr/0032-deferred-kinds-per-partition.md): a partitioned controller holds a partition's pods
// only once the partition holds one of its workloads, and the first reconcile of that workload already sees them.
// Real nats-server; objects and list markers published by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type Bus,
  connectBus,
  ensureTopology,
  ObjectEventType,
  partitionOf,
  publishObjectEvent,
  recordListPublished,
  topology,
} from '@kruise-ts/bus';
import { eventually } from '@kruise-ts/devcluster';
import { startPartitionedController } from '../../src/index.ts';
import { natsPerFile } from './fixtures/nats-per-file.ts';

const nats = natsPerFile('deferred-kinds');

const workload = { group: 'apps.kruise.io', kind: 'CloneSet' };
const pod = { group: '', kind: 'Pod' };
const PARTITIONS = 2;

/** Two namespaces in different partitions (found by hash, not hard-coded). */
function namespacesApart(): [string, string] {
  const first = 'deferred-a';
  for (let i = 0; ; i++) {
    const other = `deferred-b${i}`;
    if (partitionOf(other, PARTITIONS) !== partitionOf(first, PARTITIONS)) return [first, other];
  }
}

async function publish(kind: typeof workload, namespace: string, name: string, rv: number): Promise<void> {
  const apiVersion = kind.group === '' ? 'v1' : `${kind.group}/v1beta1`;
  const object = { apiVersion, kind: kind.kind, metadata: { name, namespace, resourceVersion: String(rv) } };
  await publishObjectEvent(nats.bus as Bus, {
    kind: { ...kind, version: apiVersion.split('/').at(-1) ?? 'v1' },
    type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
    namespace,
    name,
    uid: `u-${namespace}-${name}`,
    resourceVersion: String(rv),
    object: new TextEncoder().encode(JSON.stringify(object)),
  });
}

test("a partition's pods are held once it holds a workload, before that workload's first reconcile", async () => {
  const bus = await connectBus({
    servers: nats.url,
    topology: topology({
      prefix: `defer${Date.now().toString(36)}`,
      partitions: PARTITIONS,
      leaseTtlMs: 1_500,
    }),
    publisherId: 'deferred-kinds-test',
  });
  nats.bus = bus;
  await ensureTopology(bus);
  const [withWorkload, podsOnly] = namespacesApart();
  await publish(workload, withWorkload, 'web', 10);
  await publish(pod, withWorkload, 'web-1', 11);
  await publish(pod, withWorkload, 'web-2', 12);
  await publish(pod, podsOnly, 'api-1', 13);
  await recordListPublished(bus, workload, '13');
  await recordListPublished(bus, pod, '13');

  /** Pods of its namespace each reconcile saw. */
  const seen = new Map<string, number>();
  const controller = await startPartitionedController({
    name: 'defer',
    bus,
    memberId: 'm1',
    kinds: [workload, pod],
    deferred: [pod],
    primary: workload,
    workers: 1,
    keysFor: ({ current, old }) => {
      const o = current ?? old;
      return o && o.kind === 'CloneSet' ? [`${o.namespace}/${o.name}`] : [];
    },
    reconcile: async ({ key, namespace, cache }) => {
      seen.set(key, cache.list(pod, namespace).length);
    },
  });
  try {
    await eventually(
      'both partitions owned',
      async () => controller.ownedPartitions().length === PARTITIONS,
      {
        timeoutMs: 15_000,
        intervalMs: 100,
      },
    );
    await eventually('the workload reconciled', async () => seen.has(`${withWorkload}/web`), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    assert.equal(seen.get(`${withWorkload}/web`), 2, 'its first reconcile sees both pods');
    assert.deepEqual(
      controller.cache.list(pod, podsOnly).map((p) => p.name),
      [],
      'a partition without a workload: its pods are not held',
    );

    // Live pod changes of a demanded partition arrive; a workload appearing elsewhere brings its partition's pods.
    await publish(pod, withWorkload, 'web-3', 14);
    await eventually('the live pod', async () => controller.cache.list(pod, withWorkload).length === 3, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    await publish(workload, podsOnly, 'api', 15);
    await eventually('the new workload reconciled', async () => seen.has(`${podsOnly}/api`), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    assert.equal(
      seen.get(`${podsOnly}/api`),
      1,
      "the new workload's first reconcile sees the pod already there",
    );
  } finally {
    await controller.stop();
  }
});
