// controller-runtime's reconcile metrics (sigs.k8s.io/controller-runtime/pkg/internal/controller/metrics), same
// names, help and buckets, labelled by `controller`.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export type ReconcileResultLabel = 'success' | 'error' | 'requeue' | 'requeue_after';

export interface ControllerInstruments {
  reconcileTotal: Counter<'controller' | 'result'>;
  reconcileErrors: Counter<'controller'>;
  reconcileTime: Histogram<'controller'>;
  maxConcurrentReconciles: Gauge<'controller'>;
  activeWorkers: Gauge<'controller'>;
}

const byRegistry = new WeakMap<Registry, ControllerInstruments>();

export function controllerInstruments(registry: Registry): ControllerInstruments {
  const existing = byRegistry.get(registry);
  if (existing !== undefined) return existing;
  const registers = [registry];
  const instruments: ControllerInstruments = {
    reconcileTotal: new Counter({
      name: 'controller_runtime_reconcile_total',
      help: 'Total number of reconciliations per controller',
      labelNames: ['controller', 'result'],
      registers,
    }),
    reconcileErrors: new Counter({
      name: 'controller_runtime_reconcile_errors_total',
      help: 'Total number of reconciliation errors per controller',
      labelNames: ['controller'],
      registers,
    }),
    reconcileTime: new Histogram({
      name: 'controller_runtime_reconcile_time_seconds',
      help: 'Length of time per reconciliation per controller',
      labelNames: ['controller'],
      buckets: [
        0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0,
        1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
      ],
      registers,
    }),
    maxConcurrentReconciles: new Gauge({
      name: 'controller_runtime_max_concurrent_reconciles',
      help: 'Maximum number of concurrent reconciles per controller',
      labelNames: ['controller'],
      registers,
    }),
    activeWorkers: new Gauge({
      name: 'controller_runtime_active_workers',
      help: 'Number of currently used workers per controller',
      labelNames: ['controller'],
      registers,
    }),
  };
  byRegistry.set(registry, instruments);
  return instruments;
}
