import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PENDING_WRITE_TTL_MS, PendingPodWrites } from '../../src/controller/pending-pod-writes.ts';
import type { StatefulSetPod } from '../../src/types.ts';

const pod = (uid: string, resourceVersion: string): StatefulSetPod =>
  ({ metadata: { name: 'web-0', namespace: 'ns', uid, resourceVersion } }) as StatefulSetPod;

test('a move is made on the cache’s copy, and not while a write of ours is on its way back', () => {
  const writes = new PendingPodWrites({ now: () => 0 });
  const listed = pod('u1', '10');
  assert.deepEqual(
    writes.toActOn(listed, pod('u1', '11')),
    pod('u1', '11'),
    'no write of ours: the cached copy',
  );
  writes.wrote({ metadata: { uid: 'u1', resourceVersion: '12' } });
  const cases: [string, StatefulSetPod | undefined, StatefulSetPod | undefined][] = [
    ['gone from the cache', undefined, undefined],
    ['replaced by a pod of the same name', pod('u2', '20'), undefined],
    ['our write (12) not back: the cache still shows 11', pod('u1', '11'), undefined],
    ['our write back', pod('u1', '12'), pod('u1', '12')],
  ];
  for (const [why, cached, want] of cases) assert.deepEqual(writes.toActOn(listed, cached), want, why);
  assert.equal(writes.size, 0, 'a write seen is forgotten');
});

test('a write never seen (the pod gone, its partition lost) is dropped after the TTL', () => {
  let now = 0;
  const writes = new PendingPodWrites({ now: () => now });
  writes.wrote({ metadata: { uid: 'gone', resourceVersion: '5' } });
  now = 1_000;
  writes.wrote({ metadata: { uid: 'u1', resourceVersion: '12' } });
  assert.equal(writes.toActOn(pod('u1', '10'), pod('u1', '11')), undefined);
  now = PENDING_WRITE_TTL_MS;
  writes.wrote({ metadata: { uid: 'u2', resourceVersion: '3' } });
  assert.equal(writes.size, 2, 'the oldest, never seen, is pruned by the next write');
  now = 1_000 + PENDING_WRITE_TTL_MS;
  assert.deepEqual(
    writes.toActOn(pod('u1', '10'), pod('u1', '11')),
    pod('u1', '11'),
    'expired: acted on again',
  );
  assert.equal(writes.size, 1);
});
