// client-go's work queue metrics (k8s.io/component-base/metrics/prometheus/workqueue), same names, help and
// buckets, labelled by queue `name`, so dashboards built for Go controllers read ours unchanged.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Clock } from '../clock.ts';

// prometheus.ExponentialBuckets(10e-9, 10, 10): 10 ns … 10 s.
const durationBuckets = Array.from({ length: 10 }, (_, i) => 1e-8 * 10 ** i);

interface Instruments {
  depth: Gauge<'name'>;
  adds: Counter<'name'>;
  latency: Histogram<'name'>;
  workDuration: Histogram<'name'>;
  unfinished: Gauge<'name'>;
  longestRunning: Gauge<'name'>;
  retries: Counter<'name'>;
  live: Set<QueueMetrics<string>>;
}

const byRegistry = new WeakMap<Registry, Instruments>();

function instrumentsFor(registry: Registry): Instruments {
  const existing = byRegistry.get(registry);
  if (existing !== undefined) return existing;
  const live = new Set<QueueMetrics<string>>();
  const registers = [registry];
  // The two "in progress" gauges are computed when scraped, as client-go's 500 ms updater would, minus the timer.
  const refresh = () => {
    for (const queue of live) {
      const { totalSeconds, longestSeconds } = queue.unfinishedWork();
      instruments.unfinished.set({ name: queue.name }, totalSeconds);
      instruments.longestRunning.set({ name: queue.name }, longestSeconds);
    }
  };
  const instruments: Instruments = {
    depth: new Gauge({
      name: 'workqueue_depth',
      help: 'Current depth of workqueue',
      labelNames: ['name'],
      registers,
    }),
    adds: new Counter({
      name: 'workqueue_adds_total',
      help: 'Total number of adds handled by workqueue',
      labelNames: ['name'],
      registers,
    }),
    latency: new Histogram({
      name: 'workqueue_queue_duration_seconds',
      help: 'How long in seconds an item stays in workqueue before being requested.',
      labelNames: ['name'],
      buckets: durationBuckets,
      registers,
    }),
    workDuration: new Histogram({
      name: 'workqueue_work_duration_seconds',
      help: 'How long in seconds processing an item from workqueue takes.',
      labelNames: ['name'],
      buckets: durationBuckets,
      registers,
    }),
    unfinished: new Gauge({
      name: 'workqueue_unfinished_work_seconds',
      help:
        "How many seconds of work has done that is in progress and hasn't been observed by work_duration. " +
        'Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate ' +
        'at which this increases.',
      labelNames: ['name'],
      registers,
      collect: refresh,
    }),
    longestRunning: new Gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running.',
      labelNames: ['name'],
      registers,
      collect: refresh,
    }),
    retries: new Counter({
      name: 'workqueue_retries_total',
      help: 'Total number of retries handled by workqueue',
      labelNames: ['name'],
      registers,
    }),
    live,
  };
  byRegistry.set(registry, instruments);
  return instruments;
}

/** Tracks one queue's item timings and reports them to the registry's instruments (or nowhere). */
export class QueueMetrics<K extends string> {
  readonly name: string;
  readonly #clock: Clock;
  readonly #instruments: Instruments | undefined;
  readonly #addTimes = new Map<K, number>();
  readonly #processingStarts = new Map<K, number>();

  constructor(name: string, clock: Clock, registry: Registry | undefined) {
    this.name = name;
    this.#clock = clock;
    this.#instruments = registry === undefined ? undefined : instrumentsFor(registry);
    if (this.#instruments !== undefined) {
      // Series exist from the start (at zero), as client-go's do once a queue is created.
      const labels = { name };
      this.#instruments.depth.set(labels, 0);
      this.#instruments.adds.inc(labels, 0);
      this.#instruments.retries.inc(labels, 0);
      this.#instruments.live.add(this as QueueMetrics<string>);
    }
  }

  add(key: K): void {
    this.#instruments?.adds.inc({ name: this.name });
    this.#instruments?.depth.inc({ name: this.name });
    if (!this.#addTimes.has(key)) this.#addTimes.set(key, this.#clock.now());
  }

  get(key: K): void {
    const now = this.#clock.now();
    this.#instruments?.depth.dec({ name: this.name });
    const addedAt = this.#addTimes.get(key);
    if (addedAt !== undefined) {
      this.#instruments?.latency.observe({ name: this.name }, (now - addedAt) / 1000);
      this.#addTimes.delete(key);
    }
    this.#processingStarts.set(key, now);
  }

  done(key: K): void {
    const startedAt = this.#processingStarts.get(key);
    if (startedAt === undefined) return;
    this.#instruments?.workDuration.observe({ name: this.name }, (this.#clock.now() - startedAt) / 1000);
    this.#processingStarts.delete(key);
  }

  retry(): void {
    this.#instruments?.retries.inc({ name: this.name });
  }

  /** Seconds of work in progress (summed over keys) and of the longest-running one. */
  unfinishedWork(): { totalSeconds: number; longestSeconds: number } {
    const now = this.#clock.now();
    let total = 0;
    let longest = 0;
    for (const start of this.#processingStarts.values()) {
      const seconds = (now - start) / 1000;
      total += seconds;
      longest = Math.max(longest, seconds);
    }
    return { totalSeconds: total, longestSeconds: longest };
  }

  /** Stops reporting in-progress work for a queue that has shut down. */
  close(): void {
    this.#instruments?.live.delete(this as QueueMetrics<string>);
  }
}
