// Monotonic object publishing against a real nats-server: a lagging replica can no longer regress the
// last-value cache, concurrent replicas racing for one subject all end at the newest state, and a consumer
// following the stream sees every object's resourceVersions only go up.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Bus,
  type ObjectEventInit,
  ObjectEventType,
  objectEventCodec,
  objectSubject,
  openObjectFeed,
  publishObjectEvent,
} from '../../src/index.ts';
import { busPerTest, natsPerFile } from '../e2e-fixture.ts';
import { waitFor, withTimeout } from '../support.ts';

const nats = natsPerFile();
const withBus = busPerTest(nats);

const podKind = { group: '', version: 'v1', kind: 'Pod' };

function podEvent(
  name: string,
  rv: number,
  type = ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
): ObjectEventInit {
  const uid = `uid-${name}`;
  const object = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: 'ns', name, uid, resourceVersion: `${rv}` },
  };
  return {
    kind: podKind,
    type,
    namespace: 'ns',
    name,
    uid,
    resourceVersion: String(rv),
    object: new TextEncoder().encode(JSON.stringify(object)),
  };
}

async function lastResourceVersion(bus: Bus, name: string): Promise<string | undefined> {
  const subject = objectSubject(bus.topology, { group: '', kind: 'Pod', namespace: 'ns', name });
  const stored = await bus.jsm.direct.getMessage(bus.topology.objects.stream, { last_by_subj: subject });
  if (stored === null) return undefined;
  return objectEventCodec.decode(stored.data).resourceVersion;
}

describe('monotonic object publishing', () => {
  test('an older resourceVersion published after a newer one is superseded and stores nothing', () =>
    withBus(async (bus) => {
      const newer = await publishObjectEvent(bus, podEvent('web', 12), { monotonic: true });
      assert.equal(newer.superseded, false);
      const older = await publishObjectEvent(bus, podEvent('web', 11), { monotonic: true });
      assert.equal(older.superseded, true);
      assert.equal(older.seq, newer.seq, 'reports the stored message that supersedes it');
      const same = await publishObjectEvent(
        bus,
        podEvent('web', 12, ObjectEventType.OBJECT_EVENT_TYPE_ADDED),
        {
          monotonic: true,
        },
      );
      assert.equal(same.superseded, true, 'the same revision under another type is not stored twice');
      assert.equal((await bus.jsm.streams.info(bus.topology.objects.stream)).state.last_seq, 1);
      assert.equal(await lastResourceVersion(bus, 'web'), '12');
    }));

  test('without the option the old behaviour stands: the older event overwrites', () =>
    withBus(async (bus) => {
      await publishObjectEvent(bus, podEvent('web', 12));
      const older = await publishObjectEvent(bus, podEvent('web', 11));
      assert.equal(older.superseded, false);
      assert.equal(await lastResourceVersion(bus, 'web'), '11');
    }));

  test('a TOMBSTONE for an object another replica already saw DELETED is not stored', () =>
    withBus(async (bus) => {
      await publishObjectEvent(bus, podEvent('web', 5, ObjectEventType.OBJECT_EVENT_TYPE_DELETED), {
        monotonic: true,
      });
      const tombstone = await publishObjectEvent(
        bus,
        podEvent('web', 9, ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE),
        { monotonic: true },
      );
      assert.equal(tombstone.superseded, true);
      assert.equal(await lastResourceVersion(bus, 'web'), '5');
    }));

  test('the expected-last-subject-sequence header is what guards the write', () =>
    withBus(async (bus) => {
      // A publish that asserts "the subject is empty" fails once a message is there: the check the retry
      // loop relies on is enforced by the server, not just by our read.
      await publishObjectEvent(bus, podEvent('web', 1), { monotonic: true });
      const subject = objectSubject(bus.topology, { group: '', kind: 'Pod', namespace: 'ns', name: 'web' });
      await assert.rejects(
        bus.js.publish(subject, new Uint8Array([1]), { expect: { lastSubjectSequence: 0 } }),
        (err: Error & { code?: number }) => err.code === 10071,
      );
    }));

  test('two replicas racing over many revisions of the same objects end at the newest, never regressing', () =>
    withBus(async (bus) => {
      const names = ['a', 'b', 'c'];
      const revisions = Array.from({ length: 30 }, (_, i) => i + 1);
      const seen = new Map<string, number[]>();
      const feed = await openObjectFeed(bus, {
        partitions: Array.from({ length: bus.topology.partitions }, (_, i) => i),
        onEvent: ({ event }) => {
          const list = seen.get(event.name) ?? [];
          list.push(Number(event.resourceVersion));
          seen.set(event.name, list);
        },
      });
      // Like watcher replicas: each publishes one object's changes in order, objects in parallel. Replica 2
      // replays every revision a second time behind replica 1 (the worst lag), so subjects see
      // wrong-last-sequence races and stale reads.
      const replica = (order: number[], publisherId: string) =>
        Promise.all(
          names.map(async (name) => {
            const results = [];
            for (const rv of order) {
              results.push(
                await publishObjectEvent(bus, { ...podEvent(name, rv), publisherId }, { monotonic: true }),
              );
            }
            return results;
          }),
        );
      const [one, two] = await Promise.all([
        replica(revisions, 'watcher/1'),
        replica([...revisions, ...revisions], 'watcher/2'),
      ]);
      const stored = [...one.flat(), ...two.flat()].filter((p) => !p.superseded && !p.duplicate);
      assert.ok(stored.length >= names.length, 'something was stored');
      assert.ok(
        two.every((results) => results.slice(revisions.length).every((p) => p.superseded || p.duplicate)),
        "replica 2's replay of old revisions stored nothing",
      );
      for (const name of names) assert.equal(await lastResourceVersion(bus, name), '30');
      await waitFor('the feed to reach revision 30 of every object', () =>
        names.every((n) => seen.get(n)?.at(-1) === 30),
      );
      await withTimeout(feed.stop(), 5_000, 'feed stop');
      for (const name of names) {
        const rvs = seen.get(name) ?? [];
        for (let i = 1; i < rvs.length; i++) {
          assert.ok(rvs[i]! > rvs[i - 1]!, `${name}: revisions only go up, saw ${rvs.join(',')}`);
        }
      }
    }));
});
