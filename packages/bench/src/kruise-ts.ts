// The whole kruise-ts system as a contender, started as `npm start` starts it (packages/launcher startSystem:
// every service as its own process, tracing on; with `allInOne`, as `npm start -- --all-in-one` does: one
// process), counted with the cluster's nats-server, which only kruise-ts uses. Jaeger runs for both contenders
// and is listed, not counted.
import type { ClusterInfo } from '@kruise-ts/devcluster';
import { startSystem } from '@kruise-ts/launcher';
import { deleteRecheckMinMs, settingSpec } from '@kruise-ts/runtime';
import type { HeapMiB, RunningContender } from './contender.ts';
import { tryFetchMetrics } from './kube.ts';
import { clusterProcesses, type NamedPid } from './proc.ts';
import { reconcileTotal, sumMetric } from './prometheus.ts';

/**
 * For this long after a controller takes a partition, its pod deletes are first re-checked against the
 * apiserver (a GET each; docs/adr/0025-fast-failover.md): a start-up cost, not the steady state the phases
 * compare, so the phases start once it is over. The system runs with the default lease TTL.
 */
function startUpRecheckMs(): number {
  const spec = settingSpec('KRUISE_TS_LEASE_TTL_MS');
  if (spec?.type !== 'int' || typeof spec.default !== 'number')
    throw new Error('the settings table has no default KRUISE_TS_LEASE_TTL_MS');
  return deleteRecheckMinMs(spec.default);
}

const MiB = 1024 * 1024;

export interface KruiseTsOptions {
  /** Every service in one process (packages/all-in-one) instead of one process each. */
  allInOne?: boolean;
  /** The workload controller's `controller` label on controller_runtime_reconcile_total (`cloneset`). */
  controller: string;
}

export async function startKruiseTs(
  cluster: ClusterInfo,
  options: KruiseTsOptions,
): Promise<RunningContender> {
  const allInOne = options.allInOne === true;
  const system = await startSystem(cluster, { allInOne });
  const waitMs = startUpRecheckMs();
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const nats = clusterProcesses(cluster.dir).filter((p) => p.name === 'nats-server');
  return {
    name: 'kruise-ts',
    pids: (): NamedPid[] => [...system.services.map((s) => ({ name: s.name, pid: s.pid })), ...nats],
    notCounted: [
      'Jaeger (tracing on; spans exported to it)',
      'the trace UI (runs inside the benchmark process)',
    ],
    notes: [
      allInOne
        ? 'every service in one process (launcher startSystem --all-in-one), nats-server counted, tracing on'
        : 'every service as its own process (launcher startSystem), nats-server counted, tracing on',
      `phases start ${waitMs / 1000} s after start-up, when the controllers' delete re-check windows have closed`,
    ],
    stop: () => system.stop(),
    heapMiB: async () => {
      const out: Record<string, HeapMiB> = {};
      for (const s of system.services) {
        const samples = await tryFetchMetrics(`${s.healthUrl}/metrics`);
        if (samples === undefined) continue;
        out[s.name] = {
          used: sumMetric(samples, 'nodejs_heap_size_used_bytes') / MiB,
          committed: sumMetric(samples, 'nodejs_heap_size_total_bytes') / MiB,
        };
      }
      return out;
    },
    counters: async () => {
      const total = { reconciles: 0, busEvents: { published: 0, coalesced: 0 } };
      for (const s of system.services) {
        const samples = await tryFetchMetrics(`${s.healthUrl}/metrics`);
        if (samples === undefined) return undefined;
        total.reconciles += reconcileTotal(samples, options.controller);
        total.busEvents.published += sumMetric(samples, 'kruise_watcher_events_published_total');
        total.busEvents.coalesced += sumMetric(samples, 'kruise_watcher_events_coalesced_total');
      }
      return total;
    },
  };
}
