import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Backoff, sleep } from '../../src/backoff.ts';

describe('Backoff', () => {
  test('doubles from the initial delay up to the maximum, without jitter at random() = 0', () => {
    const b = new Backoff({ initialMs: 100, maxMs: 1_000 }, () => 0);
    assert.deepEqual(
      Array.from({ length: 6 }, () => b.next()),
      [100, 200, 400, 800, 1_000, 1_000],
    );
  });

  test('adds up to `jitter` of each delay, never past the maximum', () => {
    const b = new Backoff({ initialMs: 100, maxMs: 1_000, jitter: 0.5 }, () => 1);
    assert.deepEqual(
      Array.from({ length: 5 }, () => b.next()),
      [150, 300, 600, 1_000, 1_000],
    );
  });

  test('reset starts over', () => {
    const b = new Backoff({ initialMs: 10, maxMs: 1_000 }, () => 0);
    b.next();
    b.next();
    b.reset();
    assert.equal(b.next(), 10);
  });
});

describe('sleep', () => {
  test('resolves true after the delay', async () => {
    assert.equal(await sleep(5), true);
  });

  test('resolves false as soon as any signal aborts', async () => {
    const a = new AbortController();
    const b = new AbortController();
    const started = Date.now();
    const slept = sleep(10_000, a.signal, b.signal);
    setTimeout(() => b.abort(), 5);
    assert.equal(await slept, false);
    assert.ok(Date.now() - started < 1_000);
  });

  test('an already aborted signal returns at once', async () => {
    assert.equal(await sleep(10_000, AbortSignal.abort()), false);
  });
});
