// A rate-limited, delaying work queue with client-go's semantics (k8s.io/client-go/util/workqueue):
//  - a key is queued at most once (adds while queued are de-duplicated);
//  - a key is handed to at most one worker at a time: adding it while it is being processed marks it dirty,
//    and it is queued again when the worker calls done(key);
//  - addAfter(key, ms) delays an add, the earliest pending time winning; addRateLimited(key) delays by the
//    rate limiter's back-off, which forget(key) resets;
//  - keys carry trace contexts (span contexts of whatever caused the add, e.g. a bus message), merged while the
//    key waits, and handed to the worker with the key.
// One deliberate difference: after shutdown no more keys are handed out, even ones still queued (client-go
// drains them). A stopping replica hands its partitions to another, which reconciles everything it owns.
import { isSpanContextValid, type SpanContext } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import { type Clock, realClock, type Timer } from '../clock.ts';
import { Fifo } from './fifo.ts';
import { QueueMetrics } from './queue-metrics.ts';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiters.ts';

export interface AddOptions {
  /**
   * Span contexts of what caused this add. The reconcile of the key is traced as their continuation: the
   * first becomes its parent, the others links (see runController).
   */
  links?: readonly SpanContext[];
}

export interface WorkItem<K extends string = string> {
  key: K;
  /** Every distinct trace context attached to the key since it was last handed out, oldest first. */
  links: readonly SpanContext[];
}

export interface WorkQueueOptions<K extends string = string> {
  /** Queue name: the `name` label of the workqueue_* metrics. */
  name: string;
  /** Defaults to client-go's default controller rate limiter (5 ms…1000 s per key, 10 qps / 100 burst overall). */
  rateLimiter?: RateLimiter<K>;
  clock?: Clock;
  /** Where the workqueue_* metrics go; none when omitted. */
  registry?: Registry;
  /** Most trace contexts kept per key (the oldest win: they are the causes). Default 32. */
  maxLinks?: number;
}

interface Waiting {
  readyAt: number;
  timer: Timer;
  links: SpanContext[];
}

export class WorkQueue<K extends string = string> {
  readonly name: string;
  readonly #clock: Clock;
  readonly #rateLimiter: RateLimiter<K>;
  readonly #metrics: QueueMetrics<K>;
  readonly #maxLinks: number;

  readonly #fifo = new Fifo<K>();
  /** Keys that need processing: queued, or processing and added again. */
  readonly #dirty = new Set<K>();
  readonly #processing = new Set<K>();
  readonly #links = new Map<K, SpanContext[]>();
  readonly #waiting = new Map<K, Waiting>();
  readonly #getters: ((item: WorkItem<K> | undefined) => void)[] = [];
  readonly #drained: (() => void)[] = [];
  #shuttingDown = false;

  constructor(options: WorkQueueOptions<K>) {
    this.name = options.name;
    this.#clock = options.clock ?? realClock;
    this.#rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter<K>({ clock: this.#clock });
    this.#metrics = new QueueMetrics<K>(options.name, this.#clock, options.registry);
    this.#maxLinks = options.maxLinks ?? 32;
  }

  /** Queues `key` unless it is already queued; a key being processed is queued again once done. */
  add(key: K, options?: AddOptions): void {
    if (this.#shuttingDown) return;
    this.#mergeLinks(key, options?.links);
    if (this.#dirty.has(key)) return;
    this.#metrics.add(key);
    this.#dirty.add(key);
    if (this.#processing.has(key)) return;
    this.#fifo.push(key);
    this.#handOut();
  }

  /** Adds `key` after `delayMs`. If it is already waiting, the earlier time wins. */
  addAfter(key: K, delayMs: number, options?: AddOptions): void {
    if (this.#shuttingDown) return;
    this.#metrics.retry();
    if (!(delayMs > 0)) {
      this.add(key, options);
      return;
    }
    const readyAt = this.#clock.now() + delayMs;
    const waiting = this.#waiting.get(key);
    if (waiting !== undefined) {
      this.#appendLinks(waiting.links, options?.links);
      if (readyAt >= waiting.readyAt) return;
      waiting.timer.cancel();
      waiting.readyAt = readyAt;
      waiting.timer = this.#schedule(key, delayMs);
      return;
    }
    const links: SpanContext[] = [];
    this.#appendLinks(links, options?.links);
    this.#waiting.set(key, { readyAt, timer: this.#schedule(key, delayMs), links });
  }

  /** Adds `key` after the rate limiter's back-off for it (one more failure counted). */
  addRateLimited(key: K, options?: AddOptions): void {
    if (this.#shuttingDown) return;
    this.addAfter(key, this.#rateLimiter.when(key), options);
  }

  /** Resets the key's back-off: call when it was processed successfully. */
  forget(key: K): void {
    this.#rateLimiter.forget(key);
  }

  numRequeues(key: K): number {
    return this.#rateLimiter.numRequeues(key);
  }

  /**
   * The next key to process, waiting for one if the queue is empty; undefined once the queue shuts down.
   * The caller owns the key until it calls done(key).
   */
  get(): Promise<WorkItem<K> | undefined> {
    if (this.#shuttingDown) return Promise.resolve(undefined);
    const item = this.#pop();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => this.#getters.push(resolve));
  }

  /** Marks the key processed; if it was added meanwhile it is queued again. */
  done(key: K): void {
    if (!this.#processing.delete(key)) return;
    this.#metrics.done(key);
    if (this.#dirty.has(key) && !this.#shuttingDown) {
      this.#fifo.push(key);
      this.#handOut();
    }
    if (this.#processing.size === 0 && this.#shuttingDown) this.#notifyDrained();
  }

  /** Whether a key is ready to hand out or being processed (a delayed add is not work yet). */
  hasWork(): boolean {
    return this.#fifo.length > 0 || this.#processing.size > 0;
  }

  /** Keys queued and ready to hand out. */
  len(): number {
    return this.#fifo.length;
  }

  /** Keys waiting for a delayed add. */
  waitingLen(): number {
    return this.#waiting.size;
  }

  /** Keys handed out and not yet done. */
  processingLen(): number {
    return this.#processing.size;
  }

  isProcessing(key: K): boolean {
    return this.#processing.has(key);
  }

  shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /** Stops handing out keys and accepting adds; workers waiting in get() receive undefined. */
  shutDown(): void {
    if (this.#shuttingDown) return;
    this.#shuttingDown = true;
    for (const waiting of this.#waiting.values()) waiting.timer.cancel();
    this.#waiting.clear();
    for (const getter of this.#getters.splice(0)) getter(undefined);
    if (this.#processing.size === 0) this.#notifyDrained();
  }

  /** shutDown(), then resolves once every key handed out has been marked done. */
  shutDownWithDrain(): Promise<void> {
    this.shutDown();
    if (this.#processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drained.push(resolve));
  }

  #schedule(key: K, delayMs: number): Timer {
    return this.#clock.setTimer(
      () => {
        const waiting = this.#waiting.get(key);
        if (waiting === undefined) return;
        this.#waiting.delete(key);
        this.add(key, { links: waiting.links });
      },
      delayMs,
      // A pending requeue alone must not keep a finished process running.
      { unref: true },
    );
  }

  #pop(): WorkItem<K> | undefined {
    const key = this.#fifo.shift();
    if (key === undefined) return undefined;
    this.#metrics.get(key);
    this.#processing.add(key);
    this.#dirty.delete(key);
    const links = this.#links.get(key) ?? [];
    this.#links.delete(key);
    return { key, links };
  }

  // Hands queued keys to waiting workers synchronously, so a key is owned the moment it leaves the queue.
  #handOut(): void {
    while (this.#getters.length > 0 && this.#fifo.length > 0) {
      const getter = this.#getters.shift();
      getter?.(this.#pop());
    }
  }

  #mergeLinks(key: K, links: readonly SpanContext[] | undefined): void {
    if (links === undefined || links.length === 0) return;
    let existing = this.#links.get(key);
    if (existing === undefined) {
      existing = [];
      this.#links.set(key, existing);
    }
    this.#appendLinks(existing, links);
    if (existing.length === 0) this.#links.delete(key);
  }

  #appendLinks(into: SpanContext[], links: readonly SpanContext[] | undefined): void {
    if (links === undefined) return;
    for (const link of links) {
      if (into.length >= this.#maxLinks) return;
      if (!isSpanContextValid(link)) continue;
      if (into.some((l) => l.traceId === link.traceId && l.spanId === link.spanId)) continue;
      into.push(link);
    }
  }

  #notifyDrained(): void {
    this.#metrics.close();
    for (const resolve of this.#drained.splice(0)) resolve();
  }
}
