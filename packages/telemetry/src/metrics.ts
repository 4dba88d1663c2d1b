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

export function createMetricsRegistry(options: MetricsRegistryOptions = {}): Registry {
  const registry = new Registry();
  if (options.defaultLabels !== undefined) registry.setDefaultLabels(options.defaultLabels);
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  return registry;
}
