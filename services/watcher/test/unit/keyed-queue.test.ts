import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KeyedQueue } from '../../src/keyed-queue.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedQueue', () => {
  test("one key's tasks run one at a time in push order", async () => {
    const q = new KeyedQueue({ concurrency: 8, capacity: 100 });
    const order: number[] = [];
    let running = 0;
    let maxRunning = 0;
    for (let i = 0; i < 20; i++) {
      q.push('k', async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        order.push(i);
        running--;
      });
    }
    await q.flush();
    assert.deepEqual(
      order,
      Array.from({ length: 20 }, (_, i) => i),
    );
    assert.equal(maxRunning, 1);
  });

  test('different keys run in parallel up to the concurrency bound', async () => {
    const q = new KeyedQueue({ concurrency: 3, capacity: 100 });
    const gates = Array.from({ length: 5 }, deferred);
    let running = 0;
    let maxRunning = 0;
    gates.forEach((gate, i) => {
      q.push(`k${i}`, async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await gate.promise;
        running--;
      });
    });
    await tick();
    assert.equal(running, 3);
    for (const g of gates) g.resolve();
    await q.flush();
    assert.equal(maxRunning, 3);
    assert.equal(q.size, 0);
  });

  test('a slow key does not hold up other keys', async () => {
    const q = new KeyedQueue({ concurrency: 2, capacity: 100 });
    const slow = deferred();
    const done: string[] = [];
    q.push('slow', async () => {
      await slow.promise;
      done.push('slow');
    });
    for (let i = 0; i < 5; i++) q.push('fast', async () => void done.push(`fast${i}`));
    await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(done, ['fast0', 'fast1', 'fast2', 'fast3', 'fast4']);
    slow.resolve();
    await q.flush();
    assert.equal(done.at(-1), 'slow');
  });

  test('flush waits only for tasks pushed before it', async () => {
    const q = new KeyedQueue({ concurrency: 4, capacity: 100 });
    const first = deferred();
    const later = deferred();
    q.push('a', () => first.promise);
    const flushed = q.flush();
    q.push('b', () => later.promise);
    let isFlushed = false;
    void flushed.then(() => {
      isFlushed = true;
    });
    await tick();
    assert.equal(isFlushed, false);
    first.resolve();
    await flushed;
    assert.equal(q.size, 1, 'the later task is still pending');
    later.resolve();
    await q.flush();
  });

  test('flush on an idle queue resolves at once', async () => {
    await new KeyedQueue({ concurrency: 1, capacity: 1 }).flush();
  });

  test('waitForCapacity blocks the producer while capacity tasks are pending', async () => {
    const q = new KeyedQueue({ concurrency: 1, capacity: 2 });
    const gate = deferred();
    q.push('a', () => gate.promise);
    q.push('b', async () => {});
    let hasRoom = false;
    void q.waitForCapacity().then(() => {
      hasRoom = true;
    });
    await tick();
    assert.equal(hasRoom, false);
    gate.resolve();
    await q.flush();
    await tick();
    assert.equal(hasRoom, true);
  });

  test('a rejecting task is reported and does not stop its key', async () => {
    const errors: [string, unknown][] = [];
    const q = new KeyedQueue({ concurrency: 1, capacity: 10, onError: (k, e) => errors.push([k, e]) });
    const ran: number[] = [];
    q.push('k', async () => {
      throw new Error('boom');
    });
    q.push('k', async () => void ran.push(2));
    await q.flush();
    assert.deepEqual(ran, [2]);
    assert.equal(errors.length, 1);
    assert.equal(errors[0]![0], 'k');
  });
});
