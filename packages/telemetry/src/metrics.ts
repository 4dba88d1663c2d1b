// The Prometheus registry a service exposes on /metrics; components register their metrics on the one
// registry they are handed rather than on prom-client's global, so tests and several controllers in one
// process never collide.
import { collectDefaultMetrics, Registry } from 'prom-client';

export type { Registry } from 'prom-client';

export interface MetricsRegistryOptions {
  /** Process metrics (CPU, memory, event loop lag, GC): on by default for services, off in most tests. */
  processMetrics?: boolean;
  /** Labels on every series (e.g. `{ service: 'cloneset-controller' }`). */
  defaultLabels?: Record<string, string>;
}

const EVENT_LOOP_PRECISION_MS = 500;

export function createMetricsRegistry(options: MetricsRegistryOptions = {}): Registry {
  const registry = new Registry();
  if (options.defaultLabels !== undefined) registry.setDefaultLabels(options.defaultLabels);
  // The event-loop delay histogram samples on a libuv timer of this period; prom-client's 10 ms default wakes an
  // idle service 100 times a second. 500 ms still catches every stall worth alerting on.
  if (options.processMetrics ?? true) {
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_PRECISION_MS });
  }
  return registry;
}
