// The work queue's contract, after client-go's workqueue tests: de-duplication, one worker per key, dirty
// re-queue after done, delays where the earliest wins, rate-limited back-off, drain on shutdown, trace links.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Registry } from 'prom-client';
import { FakeClock, ItemExponentialFailureRateLimiter, WorkQueue } from '../../src/index.ts';
import { prng, settle, spanContext } from './helpers.ts';

function newQueue(clock = new FakeClock(), registry?: Registry) {
  return new WorkQueue({
    name: 'test',
    clock,
    ...(registry ? { registry } : {}),
    rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000),
  });
}

describe('WorkQueue: de-duplication and ordering', () => {
  test('adding a queued key again does not queue it twice; keys come out in FIFO order', async () => {
    const q = newQueue();
    q.add('a');
    q.add('b');
    q.add('a');
    q.add('c');
    q.add('b');
    assert.equal(q.len(), 3);
    const order = [(await q.get())?.key, (await q.get())?.key, (await q.get())?.key];
    assert.deepEqual(order, ['a', 'b', 'c']);
    assert.equal(q.len(), 0);
  });

  test('get waits for an add when the queue is empty, and waiting workers are served in order', async () => {
    const q = newQueue();
    const first = q.get();
    const second = q.get();
    q.add('x');
    q.add('y');
    assert.equal((await first)?.key, 'x');
    assert.equal((await second)?.key, 'y');
  });
});

describe('WorkQueue: a key is processed by one worker at a time', () => {
  test('re-adding a key being processed marks it dirty; it is handed out again only after done', async () => {
    const q = newQueue();
    q.add('a');
    const item = await q.get();
    assert.equal(item?.key, 'a');
    q.add('a');
    q.add('a');
    assert.equal(q.len(), 0, 'not queued while in flight');
    let next: string | undefined;
    void q.get().then((i) => {
      next = i?.key;
    });
    await settle();
    assert.equal(next, undefined, 'a second worker does not get the in-flight key');
    q.done('a');
    await settle();
    assert.equal(next, 'a', 'queued once more after done');
    assert.equal(q.len(), 0, 'and only once');
  });

  test('done without a re-add does not re-queue; done of an unknown key is harmless', async () => {
    const q = newQueue();
    q.add('a');
    await q.get();
    q.done('a');
    q.done('a');
    q.done('never-added');
    assert.equal(q.len(), 0);
    assert.equal(q.processingLen(), 0);
  });

  test('hasWork: a key ready or being processed is work; a delayed add is not yet', async () => {
    const q = newQueue();
    assert.equal(q.hasWork(), false);
    q.addAfter('later', 60_000);
    assert.equal(q.hasWork(), false, 'a delayed add');
    q.add('a');
    assert.equal(q.hasWork(), true, 'ready');
    await q.get();
    assert.equal(q.hasWork(), true, 'being processed');
    q.done('a');
    assert.equal(q.hasWork(), false);
    q.shutDown();
  });

  test('randomised schedule: no key is ever held by two workers, and every add is eventually processed', async () => {
    const q = newQueue();
    const random = prng(42);
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const held = new Set<string>();
    const lastAddedAt = new Map<string, number>();
    const lastStartedAt = new Map<string, number>();
    let step = 0;
    let violations = 0;
    const workers = Array.from({ length: 3 }, async () => {
      for (;;) {
        const item = await q.get();
        if (item === undefined) return;
        if (held.has(item.key)) violations++;
        held.add(item.key);
        lastStartedAt.set(item.key, step);
        // Hold the key for a random number of turns, while others keep adding.
        const turns = Math.floor(random() * 4);
        for (let i = 0; i < turns; i++) await settle();
        held.delete(item.key);
        q.done(item.key);
      }
    });
    for (step = 1; step <= 400; step++) {
      const key = keys[Math.floor(random() * keys.length)] as string;
      q.add(key);
      lastAddedAt.set(key, step);
      if (random() < 0.5) await settle();
    }
    // Let everything drain.
    for (let i = 0; i < 20 && (q.len() > 0 || q.processingLen() > 0); i++) await settle();
    assert.equal(violations, 0);
    for (const key of keys) {
      // A key added at step s must have been (re)started at or after s: no add is lost.
      assert.ok((lastStartedAt.get(key) ?? -1) >= (lastAddedAt.get(key) ?? 0), `key ${key} lost an add`);
    }
    await q.shutDownWithDrain();
    await Promise.all(workers);
  });
});

describe('WorkQueue: delayed adds', () => {
  test('addAfter adds the key once the delay has passed', async () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    q.addAfter('a', 100);
    assert.equal(q.len(), 0);
    assert.equal(q.waitingLen(), 1);
    clock.advance(99);
    assert.equal(q.len(), 0);
    clock.advance(1);
    assert.equal(q.len(), 1);
    assert.equal(q.waitingLen(), 0);
  });

  test('the earliest pending time wins: a shorter delay moves it forward, a longer one does not push it back', () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    q.addAfter('a', 1000);
    q.addAfter('a', 200);
    q.addAfter('a', 5000);
    assert.equal(q.waitingLen(), 1);
    clock.advance(200);
    assert.equal(q.len(), 1, 'added at the earliest time');
    clock.advance(10_000);
    assert.equal(q.len(), 1, 'and not again at the later times');
    assert.equal(clock.pendingTimers(), 0);
  });

  test('a zero or negative delay adds at once', () => {
    const q = newQueue();
    q.addAfter('a', 0);
    q.addAfter('b', -5);
    assert.equal(q.len(), 2);
  });

  test('a direct add does not cancel a pending delayed add (both happen, as in client-go)', async () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    q.addAfter('a', 50);
    q.add('a');
    const item = await q.get();
    q.done(item?.key ?? '');
    clock.advance(50);
    assert.equal(q.len(), 1);
  });
});

describe('WorkQueue: rate-limited requeues', () => {
  test('back-off doubles per failure from the base up to the cap, and forget resets it', () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    const readyAfter: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = clock.now();
      q.addRateLimited('a');
      const at = clock.nextTimerAt();
      assert.ok(at !== undefined);
      readyAfter.push(at - start);
      clock.advance(at - start);
    }
    assert.deepEqual(readyAfter, [5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
    assert.equal(q.numRequeues('a'), 10);
    q.forget('a');
    assert.equal(q.numRequeues('a'), 0);
    const start = clock.now();
    q.addRateLimited('a');
    assert.equal((clock.nextTimerAt() ?? 0) - start, 5);
  });

  test('back-off is per key', () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    q.addRateLimited('a');
    q.addRateLimited('a');
    q.addRateLimited('a');
    q.addRateLimited('b');
    assert.equal(q.numRequeues('a'), 3);
    assert.equal(q.numRequeues('b'), 1);
  });
});

describe('WorkQueue: shutdown', () => {
  test('shutDownWithDrain waits for in-flight keys, hands out nothing more and ignores adds', async () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    q.add('a');
    q.add('b');
    q.addAfter('c', 100);
    const a = await q.get();
    assert.equal(a?.key, 'a');
    let drained = false;
    const drain = q.shutDownWithDrain().then(() => {
      drained = true;
    });
    assert.equal(q.shuttingDown(), true);
    assert.equal(await q.get(), undefined, 'b is not handed out after shutdown');
    q.add('d');
    q.addAfter('e', 1);
    q.addRateLimited('f');
    assert.equal(q.len(), 1, 'only b remains queued');
    assert.equal(clock.pendingTimers(), 0, 'delayed adds are cancelled');
    await settle();
    assert.equal(drained, false, 'a is still in flight');
    q.add('a'); // ignored: no re-queue after done either
    q.done('a');
    await drain;
    assert.equal(drained, true);
    assert.equal(q.len(), 1);
  });

  test('workers blocked in get() are released with undefined', async () => {
    const q = newQueue();
    const waiting = [q.get(), q.get()];
    q.shutDown();
    assert.deepEqual(await Promise.all(waiting), [undefined, undefined]);
    await q.shutDownWithDrain(); // nothing in flight: resolves at once
  });
});

describe('WorkQueue: trace contexts travel with keys', () => {
  test('contexts of coalesced adds are merged, de-duplicated, and handed out with the key, oldest first', async () => {
    const q = newQueue();
    q.add('a', { links: [spanContext(1)] });
    q.add('a', { links: [spanContext(2), spanContext(1)] });
    q.add('a');
    q.add('b', { links: [spanContext(3)] });
    const a = await q.get();
    assert.deepEqual(
      a?.links.map((l) => l.spanId),
      [spanContext(1).spanId, spanContext(2).spanId],
    );
    const b = await q.get();
    assert.deepEqual(
      b?.links.map((l) => l.spanId),
      [spanContext(3).spanId],
    );
  });

  test('contexts added while the key is in flight come with its next hand-out, not the current one', async () => {
    const q = newQueue();
    q.add('a', { links: [spanContext(1)] });
    const first = await q.get();
    q.add('a', { links: [spanContext(2)] });
    q.done('a');
    const second = await q.get();
    assert.deepEqual(
      first?.links.map((l) => l.spanId),
      [spanContext(1).spanId],
    );
    assert.deepEqual(
      second?.links.map((l) => l.spanId),
      [spanContext(2).spanId],
    );
  });

  test('delayed adds keep their contexts; invalid contexts are dropped; at most maxLinks are kept', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ name: 't', clock, maxLinks: 3 });
    q.addAfter('a', 10, { links: [spanContext(1)] });
    q.addAfter('a', 5, { links: [spanContext(2)] });
    const invalid = { traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 };
    q.addAfter('a', 20, { links: [invalid, spanContext(3), spanContext(4)] });
    clock.advance(5);
    const item = await q.get();
    assert.deepEqual(
      item?.links.map((l) => l.spanId),
      [1, 2, 3].map((n) => spanContext(n).spanId),
    );
  });
});

describe('WorkQueue: workqueue_* metrics', () => {
  test('depth, adds, retries, queue and work durations, unfinished work and longest processor', async () => {
    const clock = new FakeClock();
    const registry = new Registry();
    const q = newQueue(clock, registry);
    const value = async (metric: string) => {
      const m = (await registry.getMetricsAsJSON()).find((x) => x.name === metric);
      return m?.values;
    };
    q.add('a');
    q.add('b');
    q.add('a'); // de-duplicated: not counted
    assert.equal((await value('workqueue_depth'))?.[0]?.value, 2);
    assert.equal((await value('workqueue_adds_total'))?.[0]?.value, 2);
    clock.advance(1500);
    await q.get(); // a waited 1.5 s
    clock.advance(2000);
    await q.get(); // b waited 3.5 s
    assert.equal((await value('workqueue_depth'))?.[0]?.value, 0);
    clock.advance(1000);
    const unfinished = (await value('workqueue_unfinished_work_seconds'))?.[0]?.value;
    const longest = (await value('workqueue_longest_running_processor_seconds'))?.[0]?.value;
    assert.equal(unfinished, 3 + 1, 'a has run 3 s, b 1 s');
    assert.equal(longest, 3);
    q.done('a');
    q.done('b');
    q.addRateLimited('a');
    q.addAfter('b', 10);
    assert.equal((await value('workqueue_retries_total'))?.[0]?.value, 2);
    const text = await registry.metrics();
    assert.match(text, /workqueue_queue_duration_seconds_sum\{name="test"\} 5/);
    assert.match(text, /workqueue_queue_duration_seconds_count\{name="test"\} 2/);
    assert.match(text, /workqueue_work_duration_seconds_sum\{name="test"\} 4/);
    assert.match(text, /workqueue_work_duration_seconds_bucket\{le="10",name="test"\} 2/);
    assert.match(text, /workqueue_unfinished_work_seconds\{name="test"\} 0/);
  });

  test('two queues on one registry share the instruments, told apart by name', async () => {
    const registry = new Registry();
    const a = new WorkQueue({ name: 'alpha', registry, clock: new FakeClock() });
    const b = new WorkQueue({ name: 'beta', registry, clock: new FakeClock() });
    a.add('x');
    b.add('x');
    b.add('y');
    const text = await registry.metrics();
    assert.match(text, /workqueue_depth\{name="alpha"\} 1/);
    assert.match(text, /workqueue_depth\{name="beta"\} 2/);
  });
});
