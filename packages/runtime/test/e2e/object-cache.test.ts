// The bus-fed cache against a real nats-server: per-partition snapshot then live updates, owner and namespace
// indexes, stale versions ignored, deletions, and a handed-off partition forgotten.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  type Bus,
  connectBus,
  ensureTopology,
  ObjectEventType,
  partitionOf,
  publishObjectEvent,
  topology,
} from '@kruise-ts/bus';
import { eventually, startNats } from '@kruise-ts/devcluster';
import { type CacheChange, ObjectCache } from '../../src/cache/object-cache.ts';

const PARTITIONS = 4;
let bus: Bus;
let stopNats: (() => Promise<void>) | undefined;
let dir: string | undefined;

before(async () => {
  let url = process.env.KRUISE_TS_NATS_URL;
  if (!url) {
    dir = mkdtempSync(join(tmpdir(), 'cache-'));
    const nats = await startNats(dir);
    url = nats.url;
    stopNats = nats.stop;
  }
  bus = await connectBus({
    servers: url,
    topology: topology({ prefix: `cache${randomBytes(3).toString('hex')}`, partitions: PARTITIONS }),
    publisherId: 'test',
  });
  await ensureTopology(bus);
});

after(async () => {
  await bus?.close();
  await stopNats?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const podKind = { group: '', version: 'v1', kind: 'Pod' };

/** A namespace name that lands in the given partition. */
function namespaceIn(partition: number): string {
  for (let i = 0; ; i++) if (partitionOf(`ns-${i}`, PARTITIONS) === partition) return `ns-${i}`;
}

async function publishPod(
  namespace: string,
  name: string,
  rv: number,
  opts: { uid?: string; owner?: string; type?: ObjectEventType; labels?: Record<string, string> } = {},
) {
  const uid = opts.uid ?? `${namespace}-${name}`;
  const object = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace, name, uid, resourceVersion: String(rv), labels: opts.labels },
  };
  await publishObjectEvent(bus, {
    kind: podKind,
    type: opts.type ?? ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
    namespace,
    name,
    uid,
    resourceVersion: String(rv),
    controllerUid: opts.owner ?? '',
    labels: opts.labels ?? {},
    object: new TextEncoder().encode(JSON.stringify(object)),
  });
}

test('snapshot, live updates, indexes, stale versions, deletions and partition hand-off', async () => {
  const ns0 = namespaceIn(0);
  const ns1 = namespaceIn(1);
  const owner = randomUUID();
  await publishPod(ns0, 'a', 10, { owner, labels: { app: 'x' } });
  await publishPod(ns0, 'a', 11, { owner, labels: { app: 'x' } }); // last value wins
  await publishPod(ns0, 'b', 12, { labels: { app: 'y' } });
  await publishPod(ns1, 'c', 13);

  const changes: CacheChange[] = [];
  const cache = new ObjectCache(bus, { kinds: [podKind], onChange: (c) => void changes.push(c) });
  await cache.addPartition(0);
  assert.equal(cache.isSynced(0), true);
  assert.equal(cache.size(), 2, 'only partition 0 is held');
  assert.equal(cache.get(podKind, ns0, 'a')?.resourceVersion, '11');
  assert.ok(changes.every((c) => c.snapshot));
  assert.deepEqual(
    cache.ownedBy(owner).map((o) => o.name),
    ['a'],
  );
  assert.deepEqual(
    cache.list(podKind, ns0, (l) => l.app === 'y').map((o) => o.name),
    ['b'],
  );

  await publishPod(ns0, 'd', 20, { owner });
  await eventually('live update', async () => cache.get(podKind, ns0, 'd'));
  assert.equal(changes.at(-1)?.snapshot, false);
  assert.equal(cache.ownedBy(owner).length, 2);

  // A lagging publisher's older version never regresses the cache.
  await publishPod(ns0, 'a', 9, { owner, labels: { app: 'x' } });
  await publishPod(ns0, 'a', 30, { owner, labels: { app: 'z' } });
  await eventually(
    'newer version applied',
    async () => cache.get(podKind, ns0, 'a')?.resourceVersion === '30',
  );

  await publishPod(ns0, 'b', 31, { type: ObjectEventType.OBJECT_EVENT_TYPE_DELETED });
  await eventually('deleted', async () => cache.get(podKind, ns0, 'b') === undefined);

  await cache.addPartition(1);
  assert.ok(cache.get(podKind, ns1, 'c'));
  await cache.removePartition(0);
  assert.equal(cache.get(podKind, ns0, 'a'), undefined, 'handed-off partition forgotten');
  assert.ok(cache.get(podKind, ns1, 'c'), 'other partitions kept');
  await cache.stop();
});

test('a partition lost and re-acquired at once keeps its objects (removal and re-add run in order)', async () => {
  const ns2 = namespaceIn(2);
  await publishPod(ns2, 'kept', 40);
  const cache = new ObjectCache(bus, { kinds: [podKind] });
  await cache.addPartition(2);
  assert.ok(cache.get(podKind, ns2, 'kept'));
  // The lease manager's onLost does not wait for the removal; the next acquisition must not be undone by it.
  const removed = cache.removePartition(2);
  await cache.addPartition(2);
  await removed;
  assert.ok(cache.get(podKind, ns2, 'kept'), 'the re-acquired partition holds its objects');
  assert.equal(cache.isSynced(2), true);
  await publishPod(ns2, 'later', 41);
  await eventually('live updates after re-acquisition', async () => cache.get(podKind, ns2, 'later'));
  await cache.stop();
});
