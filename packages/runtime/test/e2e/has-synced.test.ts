// HasSynced over the bus: a partitioned controller reconciles nothing while the watcher has not published a
// full list of every kind it reads (a cold start on a fresh bus may hold a CloneSet without its pods), and
// starts once the list markers are there. Real nats-server; objects published by hand, markers recorded by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  connectBus,
  ensureTopology,
  ObjectEventType,
  publishObjectEvent,
  recordListPublished,
  topology,
} from '@kruise-ts/bus';
import { eventually } from '@kruise-ts/devcluster';
import { startPartitionedController } from '../../src/index.ts';
import { natsPerFile } from './fixtures/nats-per-file.ts';

const nats = natsPerFile('has-synced');

const workload = { group: 'apps.kruise.io', kind: 'CloneSet' };
const pod = { group: '', kind: 'Pod' };

test('no reconcile before every kind read has a list marker; reconciles once they all do', async () => {
  const bus = await connectBus({
    servers: nats.url,
    topology: topology({ prefix: `sync${Date.now().toString(36)}`, partitions: 2, leaseTtlMs: 1_500 }),
    publisherId: 'has-synced-test',
  });
  nats.bus = bus;
  await ensureTopology(bus);
  const object = {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'a' },
  };
  await publishObjectEvent(bus, {
    kind: { ...workload, version: 'v1alpha1' },
    type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
    namespace: 'a',
    name: 'web',
    uid: 'u-web',
    resourceVersion: '10',
    object: new TextEncoder().encode(JSON.stringify(object)),
  });

  const reconciled: string[] = [];
  const starting = startPartitionedController({
    name: 'gate',
    bus,
    memberId: 'm1',
    kinds: [workload, pod],
    primary: workload,
    workers: 1,
    keysFor: ({ current, old }) => {
      const o = current ?? old;
      return o && o.kind === 'CloneSet' ? [`${o.namespace}/${o.name}`] : [];
    },
    reconcile: async ({ key }) => {
      reconciled.push(key);
    },
  });
  try {
    await recordListPublished(bus, workload, '10');
    // The CloneSet is on the bus and listed, its pods are not: nothing may act.
    await new Promise((r) => setTimeout(r, 2_500));
    assert.deepEqual(reconciled, [], 'reconciled before the pods were listed');

    await recordListPublished(bus, pod, '11');
    await starting;
    await eventually(
      'the CloneSet reconciled once every kind was listed',
      async () => reconciled.length > 0,
      {
        timeoutMs: 15_000,
        intervalMs: 100,
      },
    );
    assert.equal(reconciled[0], 'a/web');
  } finally {
    // Stopped whatever failed, so a failing run ends instead of holding its process open.
    await (await starting).stop();
  }
});
