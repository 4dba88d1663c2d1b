// The running controller: the runtime's workload-controller bootstrap (connections, expectations, Event
// recorder, partitioned controller over CloneSets, Pods, PVCs and ControllerRevisions, health and ordered stop)
// around this reconcile, plus what is CloneSet's own: rollout tracing and the controller's metrics.
import {
  packageVersion,
  RolloutTracker,
  recallFromBus,
  type SharedProcessParts,
  startWorkloadController,
  type WorkloadControllerService,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import type { ControllerConfig } from './config.ts';
import { cloneSetKeysFor, observeExpectations } from './controller/cache-events.ts';
import { cloneSetClients } from './controller/clients.ts';
import { CACHED_KINDS, CLONESET, CONTROLLED_KINDS, DEFERRED_KINDS } from './controller/kinds.ts';
import { type ControllerMetrics, controllerMetrics } from './controller/metrics.ts';
import { createCloneSetReconcile } from './controller/reconciler.ts';
import { PendingClaimDeletes } from './sync/pending-claim-deletes.ts';

/** For a process composing this service with others (packages/all-in-one): its settings and cached kinds. */
export { configFromEnv } from './config.ts';
export { CACHED_KINDS } from './controller/kinds.ts';

export const CONTROLLER_NAME = 'cloneset';
export const SERVICE_NAME = 'cloneset-controller';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

/** Stops taking work, hands partitions off (draining reconciles), flushes events, closes bus and server. */
export type CloneSetControllerService = WorkloadControllerService;

export function startCloneSetController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<CloneSetControllerService> {
  const { logger, registry } = deps;
  let metrics: ControllerMetrics | undefined;
  let rollouts: RolloutTracker | undefined;
  // Claim deletes owed: retried by this replica's reconciles and carried in its liveness record for a successor.
  const pendingClaims = new PendingClaimDeletes();
  return startWorkloadController({
    controllerName: CONTROLLER_NAME,
    serviceName: SERVICE_NAME,
    serviceVersion: SERVICE_VERSION,
    settings: config,
    logger,
    registry,
    shared: deps.shared,
    kinds: CACHED_KINDS,
    deferred: DEFERRED_KINDS,
    controlled: CONTROLLED_KINDS,
    primary: CLONESET,
    owed: pendingClaims,
    onExpectationLeak: (leak) => metrics?.onLeak(leak),
    reconciler: (d) => {
      const tracker = new RolloutTracker({ recall: recallFromBus(d.bus, logger) });
      rollouts = tracker;
      metrics = controllerMetrics(registry, {
        pendingScale: () => d.scale.size(),
        pendingVersions: () => d.versions.size(),
        rollouts: () => tracker.size(),
      });
      return createCloneSetReconcile({
        ...d,
        rollouts: tracker,
        clients: cloneSetClients(d.kube),
        gates: config.gates,
        pendingClaims,
      });
    },
    keysFor: (change, cache, expectations) => {
      observeExpectations(change, cache, expectations);
      const cur = change.current;
      const isCloneSet = cur !== undefined && cur.group === CLONESET.group && cur.kind === CLONESET.kind;
      if (isCloneSet && !change.snapshot && change.old?.generation !== cur.generation) {
        rollouts?.noteGeneration(`${cur.namespace}/${cur.name}`, cur.generation, change.context);
      }
      return cloneSetKeysFor(change, cache);
    },
  });
}
