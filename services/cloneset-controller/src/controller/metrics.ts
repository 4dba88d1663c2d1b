// The controller's own metrics, beside the runtime's controller_runtime_* and workqueue_* ones: expectation
// leaks (Kruise's cloneset_scale_expectation_leakage), expectations pending and rollouts being tracked.
import type { ExpectationLeak } from '@kruise-ts/core';
import { Counter, Gauge, type Registry } from 'prom-client';

export interface ControllerMetrics {
  onLeak(leak: ExpectationLeak): void;
}

export function controllerMetrics(
  registry: Registry,
  gauges: { pendingScale(): number; pendingVersions(): number; rollouts(): number },
): ControllerMetrics {
  const leaks = new Counter({
    name: 'cloneset_expectation_leakage_total',
    help: 'Expectations that stayed unsatisfied past the expectation timeout',
    labelNames: ['kind'],
    registers: [registry],
  });
  leaks.inc({ kind: 'scale' }, 0);
  leaks.inc({ kind: 'resourceVersion' }, 0);
  new Gauge({
    name: 'cloneset_expectations_pending',
    help: 'CloneSets (scale) and objects (resourceVersion) with an expectation not yet met',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: 'scale' }, gauges.pendingScale());
      this.set({ kind: 'resourceVersion' }, gauges.pendingVersions());
    },
  });
  new Gauge({
    name: 'cloneset_rollouts_tracked',
    help: 'CloneSets whose current rollout trace the controller remembers',
    registers: [registry],
    collect() {
      this.set(gauges.rollouts());
    },
  });
  return { onLeak: (leak) => leaks.inc({ kind: leak.kind }) };
}
