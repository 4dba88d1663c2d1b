import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  FakeClock,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
  TokenBucket,
} from '../../src/index.ts';

describe('TokenBucket', () => {
  test('a full bucket serves the burst at once, then one token per 1/qps, queued callers waiting in turn', () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket(10, 3, clock);
    const waits = Array.from({ length: 6 }, () => bucket.reserve());
    assert.deepEqual(
      waits.map((w) => Math.round(w)),
      [0, 0, 0, 100, 200, 300],
    );
    assert.deepEqual(bucket.stats(), { reservations: 6, waited: 3, totalWaitMs: 600, maxWaitMs: 300 });
    clock.advance(300);
    assert.equal(Math.round(bucket.tokens() * 1000) / 1000, 0, 'the queued callers consumed the refill');
    clock.advance(10_000);
    assert.equal(bucket.tokens(), 3, 'refills up to the burst, no further');
  });

  test('tryTake never queues', () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket(1, 1, clock);
    assert.equal(bucket.tryTake(), true);
    assert.equal(bucket.tryTake(), false);
    clock.advance(1000);
    assert.equal(bucket.tryTake(), true);
  });

  test('infinite or non-positive qps does not limit', () => {
    for (const qps of [Number.POSITIVE_INFINITY, 0, -1]) {
      const bucket = new TokenBucket(qps, 1, new FakeClock());
      for (let i = 0; i < 100; i++) assert.equal(bucket.reserve(), 0);
    }
  });
});

describe('rate limiters', () => {
  test('exponential failure: base × 2^n capped, per key, forget resets', () => {
    const limiter = new ItemExponentialFailureRateLimiter(1, 10);
    assert.deepEqual(
      Array.from({ length: 6 }, () => limiter.when('a')),
      [1, 2, 4, 8, 10, 10],
    );
    assert.equal(limiter.when('b'), 1);
    assert.equal(limiter.numRequeues('a'), 6);
    limiter.forget('a');
    assert.equal(limiter.numRequeues('a'), 0);
    assert.equal(limiter.when('a'), 1);
  });

  test('exponential failure never overflows to a wrong value', () => {
    const limiter = new ItemExponentialFailureRateLimiter(5, 1_000_000);
    let last = 0;
    for (let i = 0; i < 2000; i++) last = limiter.when('a');
    assert.equal(last, 1_000_000);
  });

  test('client-go default: per-key back-off and a shared 10 qps / 100 burst bucket, the larger wins', () => {
    const clock = new FakeClock();
    const limiter = defaultControllerRateLimiter({ clock });
    // 100 different keys use up the burst with the per-key base delay (5 ms)…
    for (let i = 0; i < 100; i++) assert.equal(limiter.when(`k${i}`), 5);
    // …after which the bucket dominates for fresh keys: 100 ms, 200 ms, …
    assert.equal(Math.round(limiter.when('k100')), 100);
    assert.equal(Math.round(limiter.when('k101')), 200);
    limiter.forget('k0');
    assert.equal(limiter.numRequeues('k0'), 0);
  });

  test('MaxOf and Bucket limiters combine as in client-go; settable base and cap', () => {
    const clock = new FakeClock();
    const limiter = new MaxOfRateLimiter(
      new ItemExponentialFailureRateLimiter(50, 400),
      new BucketRateLimiter(new TokenBucket(1, 1, clock)),
    );
    assert.equal(limiter.when('a'), 50);
    assert.equal(Math.round(limiter.when('b')), 1000, 'the bucket is empty: one second for the next token');
    assert.equal(limiter.numRequeues('a'), 1);
    const custom = defaultControllerRateLimiter({ baseDelayMs: 100, maxDelayMs: 300, clock });
    assert.deepEqual(
      [custom.when('x'), custom.when('x'), custom.when('x'), custom.when('x')],
      [100, 200, 300, 300],
    );
  });
});

describe('FakeClock', () => {
  test('fires due timers in time order, including ones scheduled by fired timers, and skips cancelled ones', () => {
    const clock = new FakeClock(0);
    const fired: string[] = [];
    clock.setTimer(() => fired.push('b@20'), 20);
    const cancelled = clock.setTimer(() => fired.push('x'), 5);
    clock.setTimer(() => {
      fired.push('a@10');
      clock.setTimer(() => fired.push('c@15'), 5);
    }, 10);
    cancelled.cancel();
    clock.advance(30);
    assert.deepEqual(fired, ['a@10', 'c@15', 'b@20']);
    assert.equal(clock.now(), 30);
  });
});
