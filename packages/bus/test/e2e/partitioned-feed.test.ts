// One live consumer for every scope a service holds (partitioned-feed.ts): per scope snapshot-then-live, nothing
// lost or handed on twice while scopes join and leave under churn, one consumer left on the stream once idle.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Bus,
  ObjectEventType,
  openPartitionedFeed,
  type PartitionedFeedEvent,
  partitionOf,
  publishObjectEvent,
} from '../../src/index.ts';
import { busPerTest, cloneSetEvent, cloneSetKind, namespacesIn, natsPerFile } from '../e2e-fixture.ts';
import { waitFor, withTimeout } from '../support.ts';

const nats = natsPerFile();
const withBus = busPerTest(nats);

const nodeKind = { group: '', version: 'v1', kind: 'Node' };
const podKind = { group: '', version: 'v1', kind: 'Pod' };

const consumerCount = async (bus: Bus) =>
  (await bus.jsm.streams.info(bus.topology.objects.stream)).state.consumer_count;

describe('a partitioned feed: one live consumer over every scope held', () => {
  test('each scope replays its snapshot then follows live; one consumer stays open for all of them', () =>
    withBus(async (bus) => {
      const [a1, a2] = namespacesIn(2, 2) as [string, string];
      const [b1] = namespacesIn(5, 1) as [string];
      const [other] = namespacesIn(3, 1) as [string];
      for (const ns of [a1, a2, b1, other]) {
        await publishObjectEvent(bus, cloneSetEvent(ns, 'x', 1));
        await publishObjectEvent(bus, cloneSetEvent(ns, 'x', 2));
      }
      await publishObjectEvent(bus, {
        kind: nodeKind,
        type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
        name: 'node-1',
        uid: 'node-uid',
        resourceVersion: '7',
      });
      const seen: PartitionedFeedEvent[] = [];
      const feed = openPartitionedFeed(bus, {
        bufferMessages: 2,
        onEvent: async (e) => {
          await new Promise((r) => setTimeout(r, 1));
          seen.push(e);
        },
      });
      await withTimeout(feed.add('cluster'), 10_000, 'cluster synced');
      assert.deepEqual(
        seen.map((e) => [e.scope, e.event.name, e.snapshot]),
        [['cluster', 'node-1', true]],
      );
      await withTimeout(feed.add(2), 10_000, 'partition 2 synced');
      assert.equal(feed.isSynced(2), true);
      assert.equal(feed.isSynced(5), false);
      assert.deepEqual(
        seen.slice(1).map((e) => [e.event.namespace, e.event.resourceVersion, e.snapshot]),
        [
          [a1, '2', true],
          [a2, '2', true],
        ],
      );
      assert.ok(feed.consumedThrough(2) > 0);
      assert.equal(feed.consumedThrough(5), 0);

      // Live for 2, nothing of 5 until it is added; then 5's snapshot has its newest value only.
      await publishObjectEvent(bus, cloneSetEvent(a1, 'x', 3));
      await publishObjectEvent(bus, cloneSetEvent(b1, 'x', 3));
      await publishObjectEvent(bus, cloneSetEvent(other, 'x', 3));
      await waitFor('the live event of partition 2', () => seen.find((e) => !e.snapshot && e.scope === 2));
      await withTimeout(feed.add(5), 10_000, 'partition 5 synced');
      const of5 = seen.filter((e) => e.scope === 5);
      assert.deepEqual(
        of5.map((e) => [e.event.resourceVersion, e.snapshot]),
        [['3', true]],
      );
      await publishObjectEvent(bus, cloneSetEvent(b1, 'x', 4));
      await publishObjectEvent(bus, cloneSetEvent(a2, 'x', 3));
      await waitFor('live events of both partitions', () =>
        seen.find((e) => e.event.namespace === b1 && e.event.resourceVersion === '4' && !e.snapshot),
      );
      await waitFor('live event of partition 2 after 5 joined', () =>
        seen.find((e) => e.event.namespace === a2 && e.event.resourceVersion === '3'),
      );
      assert.ok(!seen.some((e) => e.event.namespace === other), 'a partition not added is never handed on');
      const keys = seen.map((e) => `${e.subject}@${e.seq}`);
      assert.equal(new Set(keys).size, keys.length, 'no message handed on twice');
      assert.equal(await consumerCount(bus), 1, 'one consumer for the cluster scope and both partitions');
      assert.equal(feed.liveFilterSubjects().length, 3);

      // Removed: nothing more of 2; re-added: its snapshot again, with what changed meanwhile.
      await feed.remove(2);
      assert.equal(feed.isSynced(2), false);
      const before = seen.length;
      await publishObjectEvent(bus, cloneSetEvent(a1, 'x', 4));
      await publishObjectEvent(bus, cloneSetEvent(b1, 'x', 5));
      await waitFor('the live event of partition 5', () =>
        seen.find((e) => e.event.namespace === b1 && e.event.resourceVersion === '5'),
      );
      assert.deepEqual(
        seen.slice(before).map((e) => e.scope),
        [5],
      );
      await withTimeout(feed.add(2), 10_000, 'partition 2 synced again');
      assert.deepEqual(
        seen
          .slice(before + 1)
          .map((e) => [e.event.namespace, e.event.resourceVersion, e.snapshot])
          .sort(),
        [
          [a1, '4', true],
          [a2, '3', true],
        ].sort(),
      );
      assert.equal(await consumerCount(bus), 1);

      await feed.stop();
      await publishObjectEvent(bus, cloneSetEvent(b1, 'x', 6));
      const after = seen.length;
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(seen.length, after, 'nothing is handed on after stop()');
      assert.equal(await consumerCount(bus), 0, 'stop() removes the consumer');
    }));

  test('scopes joining and leaving under churn: every object ends at its newest version, in order, once', () =>
    withBus(async (bus) => {
      const namespaces = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((p) => namespacesIn(p, 2));
      for (const ns of namespaces) await publishObjectEvent(bus, cloneSetEvent(ns, 'x', 1));
      const latest = new Map<string, number>();
      const violations: string[] = [];
      const feed = openPartitionedFeed(bus, {
        bufferMessages: 4,
        onEvent: async (e) => {
          await new Promise((r) => setTimeout(r, 1));
          const rv = Number(e.event.resourceVersion);
          const last = latest.get(e.event.namespace) ?? 0;
          // The same version again is fine only as a re-added partition's snapshot.
          if (rv < last || (rv === last && !e.snapshot))
            violations.push(`${e.event.namespace}@${rv} after ${last}`);
          latest.set(e.event.namespace, rv);
        },
      });
      const churn = (async () => {
        for (let rv = 2; rv <= 8; rv++)
          for (const ns of namespaces) await publishObjectEvent(bus, cloneSetEvent(ns, 'x', rv));
      })();
      await Promise.all(
        [0, 1, 2, 3, 4, 5, 6, 7].map((p) => withTimeout(feed.add(p), 20_000, `partition ${p}`)),
      );
      await feed.remove(3);
      for (const ns of namespaces) if (partitionOf(ns, 8) === 3) latest.delete(ns);
      await withTimeout(feed.add(3), 10_000, 'partition 3 again');
      await churn;
      await waitFor('every object at its last version', () => namespaces.every((ns) => latest.get(ns) === 8));
      assert.deepEqual(violations, []);
      for (let p = 0; p < 8; p++) assert.ok(feed.consumedThrough(p) > 0);
      assert.equal(await consumerCount(bus), 1);
      await feed.stop();
    }));

  test('a feed on an empty stream syncs at once and gets live events', () =>
    withBus(async (bus) => {
      const seen: PartitionedFeedEvent[] = [];
      const feed = openPartitionedFeed(bus, { onEvent: (e) => void seen.push(e) });
      await withTimeout(feed.add(6), 2_000, 'synced');
      const [ns] = namespacesIn(6, 1) as [string];
      await publishObjectEvent(bus, cloneSetEvent(ns, 'y', 1));
      const live = await waitFor('live event', () => seen[0]);
      assert.equal(live.snapshot, false);
      await feed.stop();
    }));

  test("a partition's deferred kinds: none until asked for, then their snapshot and live changes; removal takes both", () =>
    withBus(async (bus) => {
      const [ns] = namespacesIn(4, 1) as [string];
      const podEvent = (name: string, rv: number) => ({
        ...cloneSetEvent(ns, name, rv),
        kind: podKind,
        uid: `pod-${name}`,
      });
      await publishObjectEvent(bus, cloneSetEvent(ns, 'x', 1));
      await publishObjectEvent(bus, podEvent('p-1', 1));
      const seen: PartitionedFeedEvent[] = [];
      const feed = openPartitionedFeed(bus, {
        kinds: [cloneSetKind, podKind],
        deferredKinds: [podKind],
        onEvent: (e) => void seen.push(e),
      });
      const kindsSeen = () =>
        seen.map((e) => `${e.event.kind?.kind}/${e.event.name}@${e.event.resourceVersion}`);
      await withTimeout(feed.add(4), 10_000, 'partition 4 synced');
      await publishObjectEvent(bus, podEvent('p-1', 2));
      await publishObjectEvent(bus, cloneSetEvent(ns, 'x', 2));
      await waitFor('the live CloneSet change', () => seen.find((e) => e.event.resourceVersion === '2'));
      assert.deepEqual(kindsSeen(), ['CloneSet/x@1', 'CloneSet/x@2'], 'no pod before addDeferred');
      const withoutPods = feed.consumedThrough(4);

      await withTimeout(feed.addDeferred(4), 10_000, "partition 4's pods synced");
      assert.deepEqual(
        seen.slice(2).map((e) => [e.event.name, e.event.resourceVersion, e.snapshot, e.scope]),
        [['p-1', '2', true, 4]],
        'the pods snapshot: newest value, scope is the partition',
      );
      assert.ok(feed.consumedThrough(4) >= withoutPods);
      await publishObjectEvent(bus, podEvent('p-1', 3));
      await waitFor('the live pod change', () =>
        seen.find((e) => e.event.name === 'p-1' && e.event.resourceVersion === '3'),
      );
      assert.equal(seen.at(-1)?.snapshot, false);
      assert.equal(await consumerCount(bus), 1, 'one consumer for both parts');
      assert.equal(feed.liveFilterSubjects().length, 2, 'CloneSets of 4, pods of 4');

      await feed.remove(4);
      const before = seen.length;
      await publishObjectEvent(bus, podEvent('p-1', 4));
      await withTimeout(feed.add(4), 10_000, 'partition 4 again');
      await new Promise((r) => setTimeout(r, 200));
      assert.deepEqual(
        seen.slice(before).map((e) => `${e.event.kind?.kind}/${e.event.name}`),
        ['CloneSet/x'],
        're-added, the partition holds its deferred kinds only once asked again',
      );
      await assert.rejects(feed.addDeferred(5), /not held/);
      await feed.stop();
    }));

  test('a partition whose every kind is deferred opens no consumer until asked for', () =>
    withBus(async (bus) => {
      const [ns] = namespacesIn(1, 1) as [string];
      await publishObjectEvent(bus, { ...cloneSetEvent(ns, 'p-1', 1), kind: podKind });
      const seen: PartitionedFeedEvent[] = [];
      const feed = openPartitionedFeed(bus, {
        kinds: [podKind],
        deferredKinds: [podKind],
        onEvent: (e) => void seen.push(e),
      });
      await withTimeout(feed.add(1), 10_000, 'partition 1 synced');
      assert.equal(feed.isSynced(1), true);
      assert.deepEqual(feed.liveFilterSubjects(), []);
      assert.equal(await consumerCount(bus), 0);
      await withTimeout(feed.addDeferred(1), 10_000, 'pods synced');
      assert.deepEqual(
        seen.map((e) => [e.event.name, e.snapshot]),
        [['p-1', true]],
      );
      assert.equal(await consumerCount(bus), 1);
      await feed.stop();
    }));
});
