// The reconcile loop: N workers take keys from a work queue and reconcile them one at a time per key, with
// controller-runtime's result handling and metrics, each reconcile traced as a span that continues the trace
// of whatever caused it.

import type { Logger } from '@kruise-ts/telemetry';
import {
  context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import { type Clock, realClock } from './clock.ts';
import { controllerInstruments, type ReconcileResultLabel } from './controller-metrics.ts';
import type { WorkItem, WorkQueue } from './queue/work-queue.ts';

export interface ReconcileResult {
  /** Reconcile again after this many milliseconds (and reset the key's back-off). */
  requeueAfter?: number;
  /** Reconcile again after the key's rate-limited back-off. */
  requeue?: boolean;
}

export interface ReconcileRequest<K extends string = string> {
  key: K;
  /** The reconcile's span, active while `reconcile` runs: child spans (kube calls, publishes) nest under it. */
  span: Span;
  /** The controller's logger bound to the key; its lines carry the span's trace id. */
  logger: Logger | undefined;
}

export interface ControllerOptions<K extends string = string> {
  /** The `controller` label and span name suffix. */
  name: string;
  queue: WorkQueue<K>;
  /** Concurrent reconciles (controller-runtime's MaxConcurrentReconciles). */
  workers: number;
  /** Throw to retry with back-off; return `{ requeueAfter }` to come back later. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a reconciler that never requeues is a plain async function
  reconcile(request: ReconcileRequest<K>): Promise<ReconcileResult | undefined | void>;
  /** Where the controller_runtime_* metrics go; none when omitted. */
  registry?: Registry;
  /** Defaults to the global tracer provider's `@kruise-ts/runtime` tracer. */
  tracer?: Tracer;
  logger?: Logger;
  clock?: Clock;
}

export interface Controller {
  readonly name: string;
  /** Stops taking keys, waits for running reconciles to finish, and resolves when every worker has exited. */
  stop(): Promise<void>;
  /** Resolves when every worker has exited (after stop(), or when the queue was shut down elsewhere). */
  readonly stopped: Promise<void>;
}

const ALL_RESULTS: ReconcileResultLabel[] = ['success', 'error', 'requeue', 'requeue_after'];

/** Starts `workers` workers on the queue. */
export function runController<K extends string = string>(options: ControllerOptions<K>): Controller {
  if (!Number.isInteger(options.workers) || options.workers < 1) {
    throw new Error(`controller ${options.name}: workers must be a positive integer, got ${options.workers}`);
  }
  const { name, queue } = options;
  const clock = options.clock ?? realClock;
  const tracer = options.tracer ?? trace.getTracer('@kruise-ts/runtime');
  const instruments = options.registry === undefined ? undefined : controllerInstruments(options.registry);
  const labels = { controller: name };
  if (instruments !== undefined) {
    // controller-runtime publishes every series at zero on start, so rates work from the first scrape.
    for (const result of ALL_RESULTS) instruments.reconcileTotal.inc({ ...labels, result }, 0);
    instruments.reconcileErrors.inc(labels, 0);
    instruments.maxConcurrentReconciles.set(labels, options.workers);
    instruments.activeWorkers.set(labels, 0);
  }

  const worker = async (): Promise<void> => {
    for (;;) {
      const item = await queue.get();
      if (item === undefined) return;
      instruments?.activeWorkers.inc(labels);
      try {
        await reconcileItem(item);
      } catch (err) {
        // Only the bookkeeping around reconcile can land here; a worker must outlive it, or capacity leaks away.
        options.logger?.error({ err, controller: name, key: item.key }, 'reconcile bookkeeping failed');
      } finally {
        queue.done(item.key);
        instruments?.activeWorkers.dec(labels);
      }
    }
  };

  const reconcileItem = async (item: WorkItem<K>): Promise<void> => {
    const [parent, ...others] = item.links;
    const parentContext = parent === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, parent);
    const links: Link[] = others.map((spanContext) => ({ context: spanContext }));
    const span = tracer.startSpan(
      `reconcile ${name}`,
      {
        kind: SpanKind.INTERNAL,
        links,
        attributes: {
          'kruise.controller': name,
          'kruise.reconcile.key': item.key,
          'kruise.reconcile.requeues': queue.numRequeues(item.key),
        },
      },
      parentContext,
    );
    const logger = options.logger?.child({ controller: name, key: item.key });
    const started = clock.now();
    let result: ReconcileResultLabel;
    try {
      const outcome = await context.with(trace.setSpan(parentContext, span), () =>
        options.reconcile({ key: item.key, span, logger }),
      );
      // The retry continues the original trace, linked to this attempt, so retries sit side by side in it.
      const requeueLinks = retryLinks(parent, span.spanContext());
      if (outcome?.requeueAfter !== undefined && outcome.requeueAfter > 0) {
        queue.forget(item.key);
        queue.addAfter(item.key, outcome.requeueAfter, { links: requeueLinks });
        result = 'requeue_after';
        span.setAttribute('kruise.reconcile.requeue_after_ms', outcome.requeueAfter);
      } else if (outcome?.requeue === true) {
        queue.addRateLimited(item.key, { links: requeueLinks });
        result = 'requeue';
      } else {
        queue.forget(item.key);
        result = 'success';
      }
    } catch (err) {
      queue.addRateLimited(item.key, { links: retryLinks(parent, span.spanContext()) });
      result = 'error';
      instruments?.reconcileErrors.inc(labels);
      const error = err instanceof Error ? err : new Error(String(err));
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      context.with(trace.setSpan(parentContext, span), () =>
        logger?.error({ err: error, requeues: queue.numRequeues(item.key) }, 'reconcile failed'),
      );
    } finally {
      instruments?.reconcileTime.observe(labels, (clock.now() - started) / 1000);
    }
    instruments?.reconcileTotal.inc({ ...labels, result });
    span.setAttribute('kruise.reconcile.result', result);
    span.end();
  };

  const workers = Array.from({ length: options.workers }, () => worker());
  const stopped = Promise.all(workers).then(() => {});
  return {
    name,
    stopped,
    stop: async () => {
      await queue.shutDownWithDrain();
      await stopped;
    },
  };
}

function retryLinks(parent: SpanContext | undefined, attempt: SpanContext): SpanContext[] {
  return parent === undefined ? [attempt] : [parent, attempt];
}
