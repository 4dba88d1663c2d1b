// runController: controller-runtime's result handling and metrics, bounded concurrency, stop with drain, and
// the reconcile span continuing the trace attached to the key.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setupTelemetry, type Telemetry } from '@kruise-ts/telemetry';
import { type SpanContext, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { Registry } from 'prom-client';
import {
  type ControllerOptions,
  FakeClock,
  ItemExponentialFailureRateLimiter,
  type ReconcileResult,
  runController,
  WorkQueue,
} from '../../src/index.ts';
import { type Deferred, deferred, settle, spanContext } from './helpers.ts';

const exporter = new InMemorySpanExporter();
let telemetry: Telemetry;
before(() => {
  telemetry = setupTelemetry({
    serviceName: 'runtime-unit',
    serviceVersion: '0',
    env: {},
    exporter,
    processor: 'simple',
  });
});
after(() => telemetry.shutdown());
beforeEach(() => exporter.reset());

function setup(
  reconcile: ControllerOptions['reconcile'],
  workers = 1,
): { clock: FakeClock; queue: WorkQueue; registry: Registry; stop: () => Promise<void> } {
  const clock = new FakeClock();
  const registry = new Registry();
  const queue = new WorkQueue({
    name: 'demo',
    clock,
    registry,
    rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000),
  });
  const controller = runController({ name: 'demo', queue, workers, reconcile, registry, clock });
  return { clock, queue, registry, stop: () => controller.stop() };
}

async function metricValue(registry: Registry, name: string, labels: Record<string, string> = {}) {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const match = metric?.values.find((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val));
  return match?.value;
}

const spans = (name = 'reconcile demo'): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((s) => s.name === name);

describe('runController: results', () => {
  test('success forgets the key’s back-off and counts result=success', async () => {
    const seen: string[] = [];
    const { queue, registry, stop } = setup(async ({ key }) => {
      seen.push(key);
    });
    queue.addRateLimited('ns/a'); // leaves one failure on record…
    queue.add('ns/a');
    await settle();
    assert.deepEqual(seen, ['ns/a']);
    assert.equal(queue.numRequeues('ns/a'), 0, '…which success forgets');
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'success' }), 1);
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'error' }), 0);
    const text = await registry.metrics();
    assert.match(text, /controller_runtime_reconcile_time_seconds_count\{controller="demo"\} 1/);
    await stop();
  });

  test('a thrown error requeues with back-off (5, 10, 20 ms…) and counts errors', async () => {
    let attempts = 0;
    const { clock, queue, registry, stop } = setup(async () => {
      attempts++;
      if (attempts <= 3) throw new Error(`boom ${attempts}`);
    });
    queue.add('k');
    await settle();
    assert.equal(attempts, 1);
    assert.equal(queue.numRequeues('k'), 1);
    for (const delay of [5, 10, 20]) {
      clock.advance(delay - 1);
      await settle();
      const attemptsBefore: number = attempts;
      clock.advance(1);
      await settle();
      assert.equal(attempts, attemptsBefore + 1, `retried after ${delay} ms`);
    }
    assert.equal(attempts, 4);
    assert.equal(queue.numRequeues('k'), 0, 'the success forgot the failures');
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'error' }), 3);
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_errors_total'), 3);
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'success' }), 1);
    const failed = spans().filter((s) => s.status.code === 2);
    assert.equal(failed.length, 3);
    assert.equal(failed[0]?.events[0]?.name, 'exception');
    await stop();
  });

  test('requeueAfter comes back after that time with the back-off reset; requeue uses the back-off', async () => {
    const results: (ReconcileResult | undefined)[] = [{ requeueAfter: 30_000 }, { requeue: true }, undefined];
    let attempts = 0;
    const { clock, queue, registry, stop } = setup(async () => results[attempts++]);
    queue.addRateLimited('k'); // one failure on record (5 ms)
    clock.advance(5);
    await settle();
    assert.equal(attempts, 1);
    assert.equal(queue.numRequeues('k'), 0, 'requeueAfter forgets the back-off');
    clock.advance(29_999);
    await settle();
    assert.equal(attempts, 1);
    clock.advance(1);
    await settle();
    assert.equal(attempts, 2);
    clock.advance(5);
    await settle();
    assert.equal(attempts, 3);
    assert.equal(
      await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'requeue_after' }),
      1,
    );
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'requeue' }), 1);
    assert.equal(await metricValue(registry, 'controller_runtime_reconcile_total', { result: 'success' }), 1);
    assert.equal(await metricValue(registry, 'workqueue_retries_total', { name: 'demo' }), 3);
    await stop();
  });
});

describe('runController: concurrency', () => {
  test('at most `workers` reconciles run at once, and a key never runs twice at once', async () => {
    const gates = new Map<string, Deferred>();
    const running = new Set<string>();
    let peak = 0;
    const runs: string[] = [];
    const { queue, registry, stop } = setup(async ({ key }) => {
      running.add(key);
      peak = Math.max(peak, running.size);
      runs.push(key);
      const gate = deferred();
      gates.set(key, gate);
      await gate.promise;
      running.delete(key);
    }, 2);
    for (const key of ['a', 'b', 'c', 'd']) queue.add(key);
    await settle();
    assert.deepEqual([...running].sort(), ['a', 'b']);
    assert.equal(await metricValue(registry, 'controller_runtime_active_workers'), 2);
    assert.equal(await metricValue(registry, 'controller_runtime_max_concurrent_reconciles'), 2);
    queue.add('a'); // while a runs: must wait for it
    gates.get('b')?.resolve();
    await settle();
    assert.deepEqual([...running].sort(), ['a', 'c']);
    gates.get('a')?.resolve();
    await settle();
    assert.deepEqual([...running].sort(), ['c', 'd']);
    gates.get('c')?.resolve();
    await settle();
    assert.deepEqual([...running].sort(), ['a', 'd'], 'a runs again only after its first run finished');
    gates.get('a')?.resolve();
    gates.get('d')?.resolve();
    await settle();
    assert.equal(peak, 2);
    assert.deepEqual(runs, ['a', 'b', 'c', 'd', 'a']);
    assert.equal(await metricValue(registry, 'controller_runtime_active_workers'), 0);
    await stop();
  });

  test('stop() waits for running reconciles and starts no more', async () => {
    const gate = deferred();
    const runs: string[] = [];
    const { queue, stop } = setup(async ({ key }) => {
      runs.push(key);
      await gate.promise;
    });
    queue.add('a');
    queue.add('b');
    await settle();
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await settle();
    assert.equal(stopped, false, 'a is still running');
    gate.resolve();
    await stopping;
    assert.deepEqual(runs, ['a'], 'b was never started');
  });

  test('workers must be a positive integer', () => {
    const queue = new WorkQueue({ name: 'x', clock: new FakeClock() });
    assert.throws(
      () => runController({ name: 'x', queue, workers: 0, reconcile: async () => {} }),
      /workers/,
    );
  });
});

describe('runController: tracing', () => {
  test('the reconcile span is named for the controller, carries the key, and parents the spans made inside it', async () => {
    const { queue, stop } = setup(async () => {
      telemetry.tracer('inner').startSpan('kube get configmaps').end();
    });
    queue.add('ns/name');
    await settle();
    const [span] = spans();
    assert.ok(span);
    assert.equal(span.attributes['kruise.reconcile.key'], 'ns/name');
    assert.equal(span.attributes['kruise.controller'], 'demo');
    assert.equal(span.attributes['kruise.reconcile.result'], 'success');
    assert.equal(span.parentSpanContext, undefined, 'nothing attached: a new trace');
    const child = spans('kube get configmaps')[0];
    assert.equal(child?.parentSpanContext?.spanId, span.spanContext().spanId);
    assert.equal(child?.spanContext().traceId, span.spanContext().traceId);
    await stop();
  });

  test('the first attached context becomes the parent; contexts of coalesced adds become links', async () => {
    const gate = deferred();
    const { queue, stop } = setup(async ({ key }) => {
      if (key === 'block') await gate.promise;
    });
    queue.add('block');
    await settle();
    // Three events for the same key arrive while the single worker is busy: one reconcile covers them all.
    const events: SpanContext[] = [spanContext(1), spanContext(2), spanContext(3)];
    for (const event of events) queue.add('ns/a', { links: [event] });
    gate.resolve();
    await settle();
    const span = spans().find((s) => s.attributes['kruise.reconcile.key'] === 'ns/a');
    assert.ok(span);
    assert.equal(span.spanContext().traceId, events[0]?.traceId, 'joins the first event’s trace');
    assert.equal(span.parentSpanContext?.spanId, events[0]?.spanId);
    assert.deepEqual(
      span.links.map((l) => l.context.spanId),
      [events[1]?.spanId, events[2]?.spanId],
    );
    await stop();
  });

  test('a retry after an error stays in the original trace and links the failed attempt', async () => {
    let attempts = 0;
    const { clock, queue, stop } = setup(async () => {
      attempts++;
      if (attempts === 1) throw new Error('conflict');
    });
    const event = spanContext(7);
    queue.add('ns/a', { links: [event] });
    await settle();
    clock.advance(5);
    await settle();
    const [first, second] = spans();
    assert.ok(first && second);
    assert.equal(first.parentSpanContext?.spanId, event.spanId);
    assert.equal(second.parentSpanContext?.spanId, event.spanId, 'same parent: retries sit side by side');
    assert.equal(second.spanContext().traceId, event.traceId);
    assert.deepEqual(
      second.links.map((l) => l.context.spanId),
      [first.spanContext().spanId],
    );
    await stop();
  });

  test('the reconcile logger is bound to controller and key, and its lines carry the reconcile span ids', async () => {
    const lines: Record<string, unknown>[] = [];
    const { createLogger } = await import('@kruise-ts/telemetry');
    const { Writable } = await import('node:stream');
    const logger = createLogger({
      name: 't',
      destination: new Writable({
        write(chunk: Buffer, _e, cb) {
          lines.push(JSON.parse(chunk.toString()));
          cb();
        },
      }),
    });
    const clock = new FakeClock();
    const queue = new WorkQueue({ name: 'demo', clock });
    let spanId = '';
    const controller = runController({
      name: 'demo',
      queue,
      workers: 1,
      logger,
      clock,
      reconcile: async ({ logger: log, span }) => {
        spanId = span.spanContext().spanId;
        assert.equal(trace.getActiveSpan()?.spanContext().spanId, spanId);
        log?.info('working');
        throw new Error('nope');
      },
    });
    queue.add('ns/x');
    await settle();
    await controller.stop();
    assert.equal(lines.length, 2);
    for (const line of lines) {
      assert.equal(line.key, 'ns/x');
      assert.equal(line.controller, 'demo');
      assert.equal(line.span_id, spanId);
    }
    assert.equal(lines[1]?.msg, 'reconcile failed');
    const err = lines[1]?.err as { message?: string } | undefined;
    assert.equal(err?.message, 'nope');
  });
});
