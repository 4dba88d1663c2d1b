// A bus connection survives a nats-server restart: the client reconnects by itself, a live object feed and a
// durable event worker resume, and publishing works again. Uses its own server (it must restart it).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort, startNats } from '@kruise-ts/devcluster';
import {
  assertBusConnected,
  assertBusLive,
  type Bus,
  connectBus,
  ensureEventConsumer,
  ensureTopology,
  ObjectEventType,
  type ObjectFeedEvent,
  type ObjectStorage,
  ObjectStreamReplacedError,
  openObjectFeed,
  openPartitionedFeed,
  publishDomainEvent,
  publishObjectEvent,
  type ReceivedDomainEvent,
  startEventWorker,
  topology,
} from '../../src/index.ts';
import { uniquePrefix, waitFor, withTimeout } from '../support.ts';

const pod = (name: string, rv: number) => ({
  kind: { group: '', version: 'v1', kind: 'Pod' },
  type: ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
  namespace: 'default',
  name,
  uid: `uid-${name}`,
  resourceVersion: String(rv),
});

/** Publishing while the server restarts fails until the client is back; retry within a bound. */
async function publishEventually(publish: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await publish();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error('could not publish after the restart', { cause: err });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

test('after nats-server restarts, the client reconnects and feeds, workers and publishing resume', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bus-reconnect-'));
  const port = await freePort();
  let server = await startNats(dir, { port });
  let bus: Bus | undefined;
  try {
    bus = await connectBus({
      servers: server.url,
      // On disk, the streams outlive the restart (memory storage: the wiped-store tests below).
      topology: topology({ prefix: uniquePrefix(), partitions: 4, objectStorage: 'file' }),
      publisherId: 'reconnect-test',
      reconnectTimeWaitMs: 200,
      reconnectJitterMs: 100,
      requestTimeoutMs: 2_000,
    });
    const statuses: string[] = [];
    (async () => {
      for await (const s of bus.nc.status()) statuses.push(s.type);
    })();
    await ensureTopology(bus);
    await ensureEventConsumer(bus, { durable: 'restart' });

    const seen: ObjectFeedEvent[] = [];
    const feed = await openObjectFeed(bus, { partitions: [0, 1, 2, 3], onEvent: (e) => void seen.push(e) });
    const received: ReceivedDomainEvent[] = [];
    const worker = await startEventWorker(bus, { durable: 'restart', handler: (e) => void received.push(e) });
    await withTimeout(feed.synced, 10_000, 'synced');

    await publishObjectEvent(bus, pod('before', 1));
    await waitFor('the event before the restart', () => seen.some((e) => e.event.name === 'before'));

    assert.equal(bus.connected(), true);
    assert.doesNotThrow(() => assertBusConnected(bus!));
    await server.stop();
    await waitFor('the client to notice', () => statuses.includes('disconnect'));
    // Readiness reports the outage (every controller's readiness check is assertBusConnected).
    assert.equal(bus.connected(), false);
    assert.throws(() => assertBusConnected(bus!), /bus disconnected for \d+ s/);
    server = await startNats(dir, { port });
    await waitFor('the client to reconnect', () => statuses.includes('reconnect'), 30_000);
    await waitFor('connected again', () => bus!.connected());

    await publishEventually(() => publishObjectEvent(bus!, pod('after', 1)));
    const after = await waitFor(
      'the live event after the restart',
      () => seen.find((e) => e.event.name === 'after'),
      30_000,
    );
    assert.equal(after.snapshot, false);
    assert.equal(
      seen.filter((e) => e.event.name === 'before').length,
      1,
      'no replay of what was already seen',
    );

    await publishEventually(() =>
      publishDomainEvent(bus!, 'RevisionCreated', {
        meta: { eventId: 'after-restart' },
        owner: { namespace: 'default', name: 'web' },
      }),
    );
    await waitFor('the domain event after the restart', () => received.length === 1, 30_000);

    // The streams survived on disk: the object stored before the restart is still in the cache.
    const info = await bus.jsm.streams.info(bus.topology.objects.stream);
    assert.equal(info.state.messages, 2);

    await Promise.all([feed.stop(), worker.stop()]);
  } finally {
    await bus?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('close() drains: a publish in flight completes, then the connection is closed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bus-drain-'));
  const server = await startNats(dir);
  try {
    const bus = await connectBus({
      servers: server.url,
      topology: topology({ prefix: uniquePrefix(), partitions: 1 }),
      publisherId: 'drain-test',
    });
    await ensureTopology(bus);
    const inFlight = publishObjectEvent(bus, pod('last-words', 1));
    const closing = bus.close();
    await assert.rejects(publishObjectEvent(bus, pod('too-late', 1)), (err: Error) =>
      /the bus is closing/.test((err.cause as Error).message),
    );
    await closing;
    assert.equal((await inFlight).duplicate, false);
    assert.equal(bus.nc.isClosed(), true);
    await bus.close(); // idempotent
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Opens a feed over partition 0 and resolves once it is synced. */
type OpenFeed = (bus: Bus, onEvent: (e: ObjectFeedEvent) => void) => Promise<{ stop(): Promise<void> }>;

const perPartitionFeed: OpenFeed = async (bus, onEvent) => {
  const feed = await openObjectFeed(bus, { partitions: [0], onEvent });
  await withTimeout(feed.synced, 10_000, 'synced');
  return feed;
};

// The cache's feed: one live consumer over every scope it holds (partitioned-feed.ts).
const partitionedFeed: OpenFeed = async (bus, onEvent) => {
  const feed = openPartitionedFeed(bus, { onEvent });
  await withTimeout(feed.add(0), 10_000, 'synced');
  return feed;
};

for (const [which, openFeed] of [
  ['an object feed', perPartitionFeed],
  ['a partitioned feed', partitionedFeed],
] as const)
  test(`no ghost after an outage longer than the deleted-object TTL: ${which} tombstones what vanished`, () =>
    ghostScenario(openFeed));

async function ghostScenario(openFeed: OpenFeed): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bus-ghost-'));
  const port = await freePort();
  let server = await startNats(dir, { port });
  const prefix = uniquePrefix();
  let away: Bus | undefined;
  let other: Bus | undefined;
  try {
    // This client comes back slowly; the other one deletes an object meanwhile, whose marker then expires.
    away = await connectBus({
      servers: server.url,
      // The store outlives the restart; the outage is what the test is about.
      topology: topology({ prefix, partitions: 1, objectStorage: 'file' }),
      publisherId: 'away',
      reconnectTimeWaitMs: 6_000,
      reconnectJitterMs: 0,
      requestTimeoutMs: 2_000,
    });
    await ensureTopology(away);
    const seen: ObjectFeedEvent[] = [];
    const feed = await openFeed(away, (e) => void seen.push(e));
    await publishObjectEvent(away, pod('doomed', 1));
    await publishObjectEvent(away, pod('kept', 1));
    await waitFor('both seen', () => seen.length === 2);

    await server.stop();
    await waitFor('the client to notice', () => !away?.connected());
    server = await startNats(dir, { port });
    other = await connectBus({
      servers: server.url,
      topology: topology({ prefix, partitions: 1, deletedObjectTtlMs: 1_000, objectStorage: 'file' }),
      publisherId: 'other',
    });
    await publishEventually(() =>
      publishObjectEvent(other!, { ...pod('doomed', 2), type: ObjectEventType.OBJECT_EVENT_TYPE_DELETED }),
    );
    await waitFor(
      'the deleted marker to expire',
      async () => (await other!.jsm.streams.info(other!.topology.objects.stream)).state.messages === 1,
      15_000,
    );
    assert.equal(away.connected(), false, 'the slow client is still away');

    await waitFor('the slow client to reconnect', () => away!.connected(), 30_000);
    const tombstone = await waitFor(
      'a tombstone for the object deleted while away',
      () =>
        seen.find(
          (e) => e.event.name === 'doomed' && e.event.type === ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
        ),
      15_000,
    );
    assert.equal(tombstone.event.uid, 'uid-doomed');
    assert.ok(
      !seen.some(
        (e) => e.event.name === 'kept' && e.event.type !== ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
      ),
    );
    await feed.stop();
  } finally {
    await other?.close();
    await away?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const [which, openFeed] of [
  ['an object feed', perPartitionFeed],
  ['a partitioned feed', partitionedFeed],
] as const)
  test(`a store wiped under a running process: ${which} tombstones nothing and the bus is no longer live`, () =>
    wipedStoreScenario(openFeed, 'file'));

test('the object stream in memory (the default) is lost with a standalone server: the same verdict', () =>
  wipedStoreScenario(partitionedFeed, 'memory'));

// A restart from disk keeps the stream (the first test); a wiped store, or a stream kept in memory on a
// standalone server, comes back empty. Listing it would tombstone everything the feed holds.
async function wipedStoreScenario(openFeed: OpenFeed, objectStorage: ObjectStorage): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bus-wiped-'));
  const port = await freePort();
  let server = await startNats(dir, { port });
  const prefix = uniquePrefix();
  let bus: Bus | undefined;
  let other: Bus | undefined;
  const noticed: ObjectStreamReplacedError[] = [];
  try {
    bus = await connectBus({
      servers: server.url,
      topology: topology({ prefix, partitions: 1, objectStorage }),
      publisherId: 'wiped',
      reconnectTimeWaitMs: 200,
      reconnectJitterMs: 100,
      requestTimeoutMs: 2_000,
      onObjectStreamReplaced: (err) => noticed.push(err),
    });
    await ensureTopology(bus);
    const seen: ObjectFeedEvent[] = [];
    const feed = await openFeed(bus, (e) => void seen.push(e));
    await publishObjectEvent(bus, pod('a', 1));
    await publishObjectEvent(bus, pod('b', 1));
    await waitFor('both seen', () => seen.length === 2);
    assert.equal(await bus.objectStreamIntact(), true);

    await server.stop();
    await waitFor('the client to notice', () => !bus?.connected());
    // A lost volume; a stream in memory needs nothing more than the restart.
    if (objectStorage === 'file') rmSync(join(dir, 'jetstream'), { recursive: true, force: true });
    server = await startNats(dir, { port });
    // Another process declares the bus again first: the stream exists, empty, with another creation time.
    other = await connectBus({
      servers: server.url,
      topology: topology({ prefix, partitions: 1, objectStorage }),
      publisherId: 'o',
    });
    await ensureTopology(other);

    await waitFor('the client to reconnect', () => bus!.connected(), 30_000);
    const replaced = await waitFor('the replacement to be seen', () => bus!.objectStreamReplaced(), 15_000);
    assert.ok(replaced instanceof ObjectStreamReplacedError);
    // Gone or replaced, depending on whether the client came back before the other process declared it.
    assert.match(
      replaced.message,
      new RegExp(`object stream ${bus.topology.objects.stream} (was replaced|.*is gone)`),
    );
    assert.equal(noticed.length, 1, 'reported once');
    assert.throws(() => assertBusLive(bus!), ObjectStreamReplacedError);
    assert.equal(await bus.objectStreamIntact(), false, 'it stays replaced');
    // Time for a resync to have run, had it been allowed to.
    await new Promise((r) => setTimeout(r, 1_000));
    assert.deepEqual(
      seen
        .filter((e) => e.event.type === ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE)
        .map((e) => e.event.name),
      [],
      'nothing tombstoned',
    );
    await feed.stop();
  } finally {
    await other?.close();
    await bus?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
