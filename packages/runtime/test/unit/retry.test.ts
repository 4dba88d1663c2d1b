import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  backoffWaits,
  ConflictError,
  DEFAULT_BACKOFF,
  DEFAULT_RETRY,
  FakeClock,
  NotFoundError,
  retryOnConflict,
  retryOnError,
} from '../../src/index.ts';
import { settle } from './helpers.ts';

const conflict = () => new ConflictError({ code: 409, status: { reason: 'Conflict', message: 'changed' } });

describe('back-off', () => {
  test('client-go DefaultRetry: 4 waits of 10 ms (+ up to 10% jitter) between 5 runs', () => {
    assert.deepEqual([...backoffWaits(DEFAULT_RETRY, () => 0)], [10, 10, 10, 10]);
    assert.deepEqual([...backoffWaits(DEFAULT_RETRY, () => 0.999)].map(Math.round), [11, 11, 11, 11]);
  });

  test('client-go DefaultBackoff: 10, 50, 250 ms', () => {
    assert.deepEqual([...backoffWaits(DEFAULT_BACKOFF, () => 0)], [10, 50, 250]);
  });

  test('a cap stops growth and ends the steps', () => {
    assert.deepEqual(
      [...backoffWaits({ durationMs: 10, factor: 10, jitter: 0, steps: 10, capMs: 500 }, () => 0)],
      [10, 100],
    );
  });
});

describe('retryOnConflict', () => {
  test('retries conflicts with the default back-off until the function succeeds', async () => {
    const clock = new FakeClock();
    let attempts = 0;
    const result = retryOnConflict(
      async () => {
        attempts++;
        if (attempts < 3) throw conflict();
        return 'written';
      },
      { clock, random: () => 0 },
    );
    await settle();
    assert.equal(attempts, 1);
    clock.advance(10);
    await settle();
    assert.equal(attempts, 2);
    clock.advance(10);
    assert.equal(await result, 'written');
    assert.equal(attempts, 3);
  });

  test('gives up after 5 runs with the last conflict', async () => {
    const clock = new FakeClock();
    let attempts = 0;
    const result = retryOnConflict(
      async () => {
        attempts++;
        throw conflict();
      },
      { clock, random: () => 0 },
    ).catch((err: unknown) => err);
    for (let i = 0; i < 10; i++) {
      await settle();
      clock.advance(10);
    }
    const err = await result;
    assert.ok(err instanceof ConflictError);
    assert.equal(attempts, 5);
  });

  test('other errors are not retried', async () => {
    let attempts = 0;
    await assert.rejects(
      retryOnConflict(async () => {
        attempts++;
        throw new NotFoundError({ code: 404 });
      }),
      NotFoundError,
    );
    assert.equal(attempts, 1);
  });

  test('retryOnError takes any predicate and back-off', async () => {
    const clock = new FakeClock();
    let attempts = 0;
    const result = retryOnError(
      (err) => err instanceof TypeError,
      async () => {
        attempts++;
        if (attempts === 1) throw new TypeError('fetch failed');
        return attempts;
      },
      { clock, backoff: { durationMs: 100, factor: 2, jitter: 0, steps: 3 } },
    );
    await settle();
    clock.advance(100);
    assert.equal(await result, 2);
  });
});
