// What one read of the object stream's creation time means (object-stream-identity.ts); no server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ObjectStreamReplacedError, streamIdentityVerdict } from '../../src/index.ts';

test('streamIdentityVerdict: the first read is recorded, a different or missing stream afterwards is replaced', () => {
  const t0 = '2026-12-03T19:00:00.000000001Z';
  const t1 = '2026-12-03T19:05:00.000000001Z';
  const cases: [known: string | undefined, now: string | undefined, verdict: string][] = [
    [undefined, undefined, 'absent'], // not declared yet: nothing to compare with
    [undefined, t0, 'first'],
    [t0, t0, 'same'], // restarted from disk: the stream keeps its creation time
    [t0, t1, 'replaced'], // wiped and declared again
    [t0, undefined, 'replaced'], // wiped, not declared again yet
  ];
  for (const [known, now, verdict] of cases)
    assert.equal(streamIdentityVerdict(known, now), verdict, `${known} then ${now}`);
});

test('ObjectStreamReplacedError names the stream and both creation times', () => {
  const err = new ObjectStreamReplacedError('KRUISE_OBJECTS', 'a', 'b');
  assert.match(err.message, /object stream KRUISE_OBJECTS was replaced \(created a, now b\)/);
  assert.match(
    new ObjectStreamReplacedError('KRUISE_OBJECTS', 'a', undefined).message,
    /\(created a\) is gone/,
  );
});
