// The object stream as a last-value cache: publish → feed round trip, de-duplication by message id,
// one value per object, snapshot-then-live per partition set with a synced signal, trace context carried.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import {
  type ObjectEventInit,
  ObjectEventType,
  type ObjectFeedEvent,
  objectOf,
  objectSubject,
  openObjectFeed,
  partitionOf,
  publishObjectEvent,
} from '../../src/index.ts';
import { busPerTest, cloneSetEvent, cloneSetKind, namespacesIn, natsPerFile } from '../e2e-fixture.ts';
import { waitFor, withTimeout } from '../support.ts';

const nats = natsPerFile();
const withBus = busPerTest(nats);

describe('object events over the bus', () => {
  test('an ObjectEvent round-trips: published, then read by a feed with every field intact', () =>
    withBus(async (bus) => {
      const published = await publishObjectEvent(
        bus,
        cloneSetEvent('team-a', 'web', 1, { controllerUid: 'owner' }),
      );
      assert.equal(published.duplicate, false);
      assert.equal(published.msgId, 'uid-team-a-web:1:ADDED');
      assert.equal(
        published.subject,
        `${bus.topology.prefix}.objects.CloneSet.apps_kruise_io.${partitionOf('team-a', 8)}.team-a.web`,
      );

      const seen: ObjectFeedEvent[] = [];
      const feed = await openObjectFeed(bus, {
        partitions: [partitionOf('team-a', 8)],
        onEvent: (e) => void seen.push(e),
      });
      await withTimeout(feed.synced, 10_000, 'synced');
      await feed.stop();
      assert.equal(seen.length, 1);
      const { event } = seen[0]!;
      assert.deepEqual(event.kind, cloneSetKind);
      assert.equal(event.type, ObjectEventType.OBJECT_EVENT_TYPE_ADDED);
      assert.equal(event.namespace, 'team-a');
      assert.equal(event.name, 'web');
      assert.equal(event.uid, 'uid-team-a-web');
      assert.equal(event.resourceVersion, '1');
      assert.equal(event.generation, 1);
      assert.equal(event.controllerUid, 'owner');
      assert.deepEqual(event.labels, { app: 'web' });
      assert.equal(event.partition, partitionOf('team-a', 8));
      assert.equal(event.publisherId, `test/${bus.topology.prefix}`);
      assert.ok(event.observedAt !== null && Number(event.observedAt?.seconds) > 0);
      assert.equal(objectOf<{ metadata: { name: string } }>(event)?.metadata.name, 'web');
      assert.equal(seen[0]!.snapshot, true);
    }));

  test('a second publish with the same uid:resourceVersion:type is dropped as a duplicate', () =>
    withBus(async (bus) => {
      const first = await publishObjectEvent(bus, cloneSetEvent('team-a', 'web', 2));
      // Another watcher replica publishing the same observation, a moment later.
      const second = await publishObjectEvent(bus, {
        ...cloneSetEvent('team-a', 'web', 2),
        publisherId: 'watcher/1',
      });
      assert.equal(first.duplicate, false);
      assert.equal(second.duplicate, true);
      assert.equal(second.seq, first.seq);
      const info = await bus.jsm.streams.info(bus.topology.objects.stream);
      assert.equal(info.state.messages, 1);
      assert.equal(info.state.last_seq, 1, 'the duplicate was never stored');
      const stored = await bus.jsm.streams.getMessage(bus.topology.objects.stream, { seq: 1 });
      assert.equal(stored?.header.get('Nats-Msg-Id'), 'uid-team-a-web:2:MODIFIED');
    }));

  test('two updates of one object leave only the latest in the cache', () =>
    withBus(async (bus) => {
      await publishObjectEvent(bus, cloneSetEvent('prod', 'web', 1));
      await publishObjectEvent(bus, cloneSetEvent('prod', 'web', 2));
      await publishObjectEvent(bus, cloneSetEvent('prod', 'api', 1));
      const info = await bus.jsm.streams.info(bus.topology.objects.stream);
      assert.equal(info.state.messages, 2, 'one message per object');

      const seen: ObjectFeedEvent[] = [];
      const feed = await openObjectFeed(bus, {
        partitions: [partitionOf('prod', 8)],
        onEvent: (e) => void seen.push(e),
      });
      await withTimeout(feed.synced, 10_000, 'synced');
      await feed.stop();
      const web = seen.filter((e) => e.event.name === 'web');
      assert.equal(web.length, 1);
      assert.equal(web[0]!.event.resourceVersion, '2');
      assert.equal(seen.length, 2);
    }));

  test('snapshot-then-live: only owned partitions, synced after the snapshot, then live events', () =>
    withBus(async (bus) => {
      const owned = [namespacesIn(2, 3), namespacesIn(5, 2)].flat();
      const other = namespacesIn(3, 3);
      for (const ns of [...owned, ...other]) {
        await publishObjectEvent(bus, cloneSetEvent(ns, 'a', 1));
        await publishObjectEvent(bus, cloneSetEvent(ns, 'a', 2));
        await publishObjectEvent(bus, cloneSetEvent(ns, 'b', 1));
      }
      // A cluster-scoped object: every replica gets it.
      await publishObjectEvent(bus, {
        kind: { group: '', version: 'v1', kind: 'Node' },
        type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
        name: 'node-1.example.com',
        uid: 'node-uid',
        resourceVersion: '7',
      });
      // The stream head is outside the feed: the snapshot completes by having nothing pending, not by reaching it.
      await publishObjectEvent(bus, cloneSetEvent(other[0]!, 'c', 1));

      const seen: ObjectFeedEvent[] = [];
      let seenAtSync = -1;
      const feed = await openObjectFeed(bus, {
        partitions: [2, 5],
        bufferMessages: 2, // several pulls for the snapshot
        onEvent: async (e) => {
          await new Promise((r) => setTimeout(r, 1)); // a slow cache update must not break ordering or sync
          seen.push(e);
        },
      });
      feed.synced.then(() => {
        seenAtSync = seen.length;
      });
      await withTimeout(feed.synced, 10_000, 'synced');
      await new Promise((r) => setImmediate(r));
      const expected = owned.length * 2 + 1;
      assert.equal(seenAtSync, expected, 'synced fires right after the last snapshot event');
      assert.ok(seen.every((e) => e.snapshot));
      assert.ok(seen.every((e) => e.event.namespace === '' || owned.includes(e.event.namespace)));
      assert.ok(seen.filter((e) => e.event.name === 'a').every((e) => e.event.resourceVersion === '2'));
      const node = seen.find((e) => e.event.kind?.kind === 'Node');
      assert.equal(node?.event.partition, undefined);
      assert.equal(
        node?.subject,
        objectSubject(bus.topology, { group: '', kind: 'Node', namespace: '', name: 'node-1.example.com' }),
      );
      assert.ok(
        seen.every((e, i) => i === 0 || e.seq > seen[i - 1]!.seq),
        'stream order',
      );

      // Live: an owned change arrives, marked live; another partition's change does not.
      await publishObjectEvent(bus, cloneSetEvent(other[0]!, 'a', 3));
      await publishObjectEvent(bus, cloneSetEvent(owned[0]!, 'a', 3));
      const live = await waitFor('the live event', () => seen.find((e) => !e.snapshot));
      assert.equal(live.event.namespace, owned[0]);
      assert.equal(live.event.resourceVersion, '3');
      assert.equal(seen.length, expected + 1);

      await feed.stop();
      await withTimeout(feed.done, 5_000, 'done');
      await publishObjectEvent(bus, cloneSetEvent(owned[1]!, 'a', 3));
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(seen.length, expected + 1, 'nothing is delivered after stop()');
    }));

  test('synced arrives while the owned objects keep changing during the snapshot', () =>
    withBus(async (bus) => {
      const namespaces = namespacesIn(7, 10);
      for (const ns of namespaces) await publishObjectEvent(bus, cloneSetEvent(ns, 'a', 1));
      const latest = new Map<string, string>();
      const feed = await openObjectFeed(bus, {
        partitions: [7],
        bufferMessages: 4,
        onEvent: async (e) => {
          await new Promise((r) => setTimeout(r, 5));
          latest.set(e.event.namespace, e.event.resourceVersion);
        },
      });
      // A busy cluster: every object changes again and again while the replica replays its snapshot.
      const churn = (async () => {
        for (let rv = 2; rv <= 6; rv++)
          for (const ns of namespaces) await publishObjectEvent(bus, cloneSetEvent(ns, 'a', rv));
      })();
      await withTimeout(feed.synced, 10_000, 'synced under churn');
      await churn;
      await waitFor('every object at its last version', () =>
        namespaces.every((ns) => latest.get(ns) === '6'),
      );
      await feed.stop();
    }));

  test('a feed over partitions with no objects is synced at once and still gets live events', () =>
    withBus(async (bus) => {
      await publishObjectEvent(bus, cloneSetEvent(namespacesIn(1, 1)[0]!, 'x', 1));
      const seen: ObjectFeedEvent[] = [];
      const ns = namespacesIn(6, 1)[0]!;
      const feed = await openObjectFeed(bus, {
        partitions: [6],
        clusterScoped: false,
        onEvent: (e) => void seen.push(e),
      });
      await withTimeout(feed.synced, 2_000, 'synced');
      assert.equal(seen.length, 0);
      await publishObjectEvent(bus, cloneSetEvent(ns, 'y', 1));
      const live = await waitFor('live event', () => seen[0]);
      assert.equal(live.snapshot, false);
      await feed.stop();
    }));

  test('a feed on an empty stream is synced at once', () =>
    withBus(async (bus) => {
      const feed = await openObjectFeed(bus, { partitions: [0, 1, 2], onEvent: () => {} });
      await withTimeout(feed.synced, 2_000, 'synced');
      assert.equal(feed.isSynced(), true);
      await feed.stop();
    }));

  test('stopping before the snapshot completes rejects synced and ends the feed', () =>
    withBus(async (bus) => {
      for (const ns of namespacesIn(4, 20)) await publishObjectEvent(bus, cloneSetEvent(ns, 'a', 1));
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const feed = await openObjectFeed(bus, { partitions: [4], bufferMessages: 1, onEvent: () => gate });
      const stopping = feed.stop();
      release();
      await stopping;
      await assert.rejects(feed.synced, /ended before its snapshot was complete/);
      await withTimeout(feed.done, 5_000, 'done');
    }));

  test('deleted objects carry a TTL so the cache forgets them', () =>
    withBus(async (bus) => {
      const deleted = await publishObjectEvent(
        bus,
        cloneSetEvent('gone', 'web', 9, { type: ObjectEventType.OBJECT_EVENT_TYPE_DELETED }),
      );
      assert.equal(deleted.msgId, 'uid-gone-web:9:DELETED');
      const stored = await bus.jsm.streams.getMessage(bus.topology.objects.stream, { seq: deleted.seq });
      assert.equal(stored?.header.get('Nats-TTL'), '3600s');
      await assert.rejects(
        publishObjectEvent(
          bus,
          cloneSetEvent('x', 'y', 1, { type: ObjectEventType.OBJECT_EVENT_TYPE_BOOKMARK }),
        ),
        /BOOKMARK does not belong in the object cache/,
      );
      await assert.rejects(
        publishObjectEvent(bus, { ...cloneSetEvent('x', 'y', 1), uid: '' }),
        /uid is required/,
      );
    }));

  test('a controlled feed skips objects of other controllers undecoded; one adopted away leaves as a TOMBSTONE', () =>
    withBus(async (bus) => {
      const podKind = { group: '', version: 'v1', kind: 'Pod' };
      const pod = (name: string, rv: number): ObjectEventInit => ({
        ...cloneSetEvent('owners', name, rv),
        kind: podKind,
        uid: `uid-${name}`,
      });
      const cloneSet = { group: 'apps.kruise.io', kind: 'CloneSet' };
      const statefulSet = { group: 'apps.kruise.io', kind: 'StatefulSet' };
      await publishObjectEvent(bus, pod('mine', 1), { controllerKind: statefulSet });
      await publishObjectEvent(bus, pod('theirs', 1), { controllerKind: cloneSet });
      await publishObjectEvent(bus, pod('orphan', 1));
      await publishObjectEvent(bus, cloneSetEvent('owners', 'web', 1));
      const seen: ObjectFeedEvent[] = [];
      const feed = await openObjectFeed(bus, {
        partitions: [partitionOf('owners', 8)],
        controlled: { kinds: [podKind], controllers: [statefulSet] },
        onEvent: (e) => void seen.push(e),
      });
      try {
        await withTimeout(feed.synced, 10_000, 'synced');
        const names = () => seen.map((e) => `${e.event.name}:${ObjectEventType[e.event.type]}`).sort();
        // CloneSets are not a controlled kind: held whatever their owner.
        assert.deepEqual(names(), [
          'mine:OBJECT_EVENT_TYPE_ADDED',
          'orphan:OBJECT_EVENT_TYPE_ADDED',
          'web:OBJECT_EVENT_TYPE_ADDED',
        ]);
        // The orphan is adopted by a CloneSet: it leaves this view.
        await publishObjectEvent(bus, pod('orphan', 2), { controllerKind: cloneSet });
        await waitFor('the adopted orphan leaves', () => seen.length === 4);
        assert.equal(seen[3]!.event.name, 'orphan');
        assert.equal(seen[3]!.event.type, ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE);
        // Another controller's pod changing is not delivered at all.
        await publishObjectEvent(bus, pod('theirs', 2), { controllerKind: cloneSet });
        await publishObjectEvent(bus, pod('mine', 2), { controllerKind: statefulSet });
        await waitFor('own pod update', () => seen.length === 5);
        assert.equal(seen[4]!.event.name, 'mine');
      } finally {
        await feed.stop();
      }
    }));

  test('trace context travels from publisher to feed', () =>
    withBus(async (bus) => {
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const parent = trace.setSpanContext(ROOT_CONTEXT, {
        traceId,
        spanId: 'b7ad6b7169203331',
        traceFlags: TraceFlags.SAMPLED,
      });
      await publishObjectEvent(bus, cloneSetEvent('traced', 'web', 1), { context: parent });
      const seen: ObjectFeedEvent[] = [];
      const feed = await openObjectFeed(bus, {
        partitions: [partitionOf('traced', 8)],
        onEvent: (e) => void seen.push(e),
      });
      await withTimeout(feed.synced, 10_000, 'synced');
      await feed.stop();
      const remote = trace.getSpanContext(seen[0]!.context);
      assert.equal(remote?.traceId, traceId);
      assert.equal(remote?.spanId, 'b7ad6b7169203331');
      assert.equal(remote?.isRemote, true);
    }));
});
