// HasSynced over the bus: a controller waits for the watcher's list marker of every kind it reads; a feed
// opened afterwards replays at least the whole list; a marker of a lost (recreated) stream counts for nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  awaitListsPublished,
  ensureTopology,
  listMarkersBucket,
  readListMarkers,
  recordListPublished,
} from '../../src/index.ts';
import { natsPerFile } from '../e2e-fixture.ts';
import { testBus } from '../support.ts';

const nats = natsPerFile();

const POD = { group: '', kind: 'Pod' };
const CLONESET = { group: 'apps.kruise.io', kind: 'CloneSet' };

describe('list markers', () => {
  test('waiting ends only once every kind was fully listed; a recreated stream invalidates them', async () => {
    const bus = await testBus(nats.url);
    try {
      await ensureTopology(bus);
      const abort = new AbortController();
      let done = false;
      const waiting = awaitListsPublished(bus, [POD, CLONESET], { signal: abort.signal, pollMs: 50 }).then(
        (markers) => {
          done = true;
          return markers;
        },
      );
      await bus.js.publish(`${bus.topology.objects.subjectRoot}.x`, new Uint8Array([1]));
      await recordListPublished(bus, CLONESET, '100');
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(done, false, 'pods were never listed: not synced');

      const pods = await recordListPublished(bus, POD, '101');
      const markers = await waiting;
      assert.equal(markers.get(POD)?.resourceVersion, '101');
      assert.ok(pods.seq >= 1, 'the marker carries the stream sequence the list reached');

      // A lost stream: its markers are void until the watcher lists again.
      await bus.jsm.streams.delete(bus.topology.objects.stream);
      await ensureTopology(bus);
      assert.equal((await readListMarkers(bus, [POD])).get(POD), undefined);
      abort.abort();
    } finally {
      await bus.jsm.streams.delete(`KV_${listMarkersBucket(bus.topology.prefix)}`).catch(() => {});
      await bus.dispose();
    }
  });
});
