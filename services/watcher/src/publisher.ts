// Publishes observed changes to the bus: per object in order, objects in parallel, each under a
// `watcher publish <Kind>` span whose context travels in the message headers (controllers parent their
// reconciles on it), monotonic so a lagging replica never regresses the cache, retried until it lands. A change
// still waiting is replaced by a newer state of its object (pending-changes.ts).
import { type Bus, publishObjectEvent } from '@kruise-ts/bus';
import type { Logger } from '@kruise-ts/telemetry';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { Backoff, type BackoffOptions, sleep } from './backoff.ts';
import { KeyedQueue } from './keyed-queue.ts';
import { resourceId } from './kinds.ts';
import type { PublishOutcome, WatcherMetrics } from './metrics.ts';
import { controllerKindOf, type ObjectChange, toObjectEvent } from './object-event.ts';
import { PendingChanges } from './pending-changes.ts';

/** Where reflectors hand their changes. */
export interface ObjectSink {
  /** Queues a change; changes pushed under one key are published in push order. */
  push(key: string, change: ObjectChange): void;
  /** The sink has room now: checked per watch event, so the common case allocates no promise. */
  hasCapacity(): boolean;
  /** Resolves when the sink has room again; reflectors stop reading the apiserver until then. */
  waitForCapacity(): Promise<void>;
  /** Resolves when everything pushed before the call has been published. */
  flush(): Promise<void>;
}

export interface BusPublisherOptions {
  bus: Bus;
  metrics: WatcherMetrics;
  logger: Logger;
  /** Publishes in flight at once. Default 64. */
  concurrency?: number;
  /** Queued changes beyond which reflectors wait. Default 2048. */
  capacity?: number;
  /**
   * How long a creation or modification waits at least before it is queued (up to twice: releases come on ticks
   * this far apart), so that a newer state of the same object arriving meanwhile replaces it: one publish (and one
   * delivery to every consumer) instead of several. Default 0; the service passes KRUISE_TS_WATCHER_PUBLISH_LINGER_MS.
   */
  lingerMs?: number;
  /**
   * After this long without a new change, what lingers is released (the end of a burst has nothing left to fold
   * into it). Default 0: the ticks alone; the service passes KRUISE_TS_WATCHER_PUBLISH_QUIET_MS.
   */
  quietMs?: number;
  /** Back-off between attempts of a failing publish. Default 100 ms doubling to 5 s. */
  retry?: BackoffOptions;
  tracer?: Tracer;
}

export class BusPublisher implements ObjectSink {
  readonly #options: BusPublisherOptions;
  readonly #queue: KeyedQueue;
  readonly #tracer: Tracer;
  readonly #stopping = new AbortController();
  readonly #pending: PendingChanges;

  constructor(options: BusPublisherOptions) {
    this.#options = options;
    this.#tracer = options.tracer ?? trace.getTracer('@kruise-ts/watcher');
    this.#queue = new KeyedQueue({
      concurrency: options.concurrency ?? 64,
      capacity: options.capacity ?? 2048,
      onError: (key, err) => options.logger.error({ err, key }, 'publish task failed unexpectedly'),
    });
    this.#pending = new PendingChanges({
      lingerMs: options.lingerMs ?? 0,
      quietMs: options.quietMs ?? 0,
      release: (queueKey, take) => {
        this.#queue.push(queueKey, () => {
          const { key, change } = take();
          return this.#publish(key, change);
        });
        options.metrics.publishQueueDepth.set(this.#queue.size);
      },
      coalesced: (replaced) => options.metrics.eventsCoalesced.inc({ kind: replaced.resource.kind }),
    });
  }

  push(key: string, change: ObjectChange): void {
    this.#pending.add(key, `${resourceId(change.resource)} ${key}`, change);
  }

  hasCapacity(): boolean {
    return this.#queue.hasCapacity();
  }

  waitForCapacity(): Promise<void> {
    return this.#queue.waitForCapacity();
  }

  flush(): Promise<void> {
    this.#pending.releaseAll();
    return this.#queue.flush();
  }

  /** Pending changes. */
  get pending(): number {
    return this.#queue.size + this.#pending.lingering;
  }

  /** Gives up retrying: failing publishes end, queued ones fail fast once the bus is closed. */
  stop(): void {
    this.#stopping.abort();
    this.#pending.stop();
  }

  async #publish(key: string, change: ObjectChange): Promise<void> {
    const { bus, metrics, logger } = this.#options;
    const kind = change.resource.kind;
    const event = toObjectEvent(change);
    const span = this.#tracer.startSpan(
      `watcher publish ${kind}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.operation.type': 'publish',
          'k8s.resource': resourceId(change.resource),
          'k8s.namespace.name': event.namespace ?? '',
          'k8s.object.name': event.name ?? '',
          'k8s.object.uid': event.uid ?? '',
          'k8s.object.resource_version': change.resourceVersion,
          'kruise.event.type': change.type,
        },
      },
      // Each observed change starts its own trace: it is the root of whatever the controllers do about it.
      ROOT_CONTEXT,
    );
    const context = trace.setSpan(ROOT_CONTEXT, span);
    const backoff = new Backoff(this.#options.retry ?? { initialMs: 100, maxMs: 5_000 });
    const started = performance.now();
    try {
      for (;;) {
        try {
          const controllerKind = controllerKindOf(change.object);
          const published = await publishObjectEvent(bus, event, {
            context,
            monotonic: true,
            ...(controllerKind === undefined ? {} : { controllerKind }),
          });
          const outcome: PublishOutcome = published.superseded
            ? 'superseded'
            : published.duplicate
              ? 'duplicate'
              : 'stored';
          metrics.eventsPublished.inc({ kind, type: change.type, outcome });
          metrics.publishDuration.observe({ kind }, (performance.now() - started) / 1000);
          span.setAttributes({
            'messaging.destination.name': published.subject,
            'kruise.publish.outcome': outcome,
            'kruise.publish.seq': published.seq,
          });
          logger.debug(
            { key, kind, type: change.type, resourceVersion: change.resourceVersion, outcome },
            'published',
          );
          return;
        } catch (err) {
          metrics.publishErrors.inc({ kind });
          span.addEvent('publish failed', { 'exception.message': String(err) });
          if (this.#stopping.signal.aborted || bus.nc.isClosed()) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: 'gave up: the watcher is stopping' });
            logger.warn({ err, key, kind, type: change.type }, 'publish abandoned on shutdown');
            return;
          }
          logger.warn({ err, key, kind, type: change.type }, 'publish failed; retrying');
          await sleep(backoff.next(), this.#stopping.signal);
        }
      }
    } finally {
      span.end();
      metrics.publishQueueDepth.set(this.#queue.size - 1);
    }
  }
}
