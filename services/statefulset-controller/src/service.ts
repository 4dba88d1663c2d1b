// The running controller: Advanced StatefulSets with their pods, PVCs and revisions from the bus-fed
// partitioned cache; the runtime's workload-controller bootstrap around this reconcile, and the rollout tracker
// that keeps each rollout in one trace (docs/adr/0009-rollout-trace-continuity.md).
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
import { observeExpectations, setKeysFor } from './controller/cache-events.ts';
import { setClients } from './controller/clients.ts';
import { CACHED_KINDS, CONTROLLED_KINDS, DEFERRED_KINDS, STATEFULSET } from './controller/kinds.ts';
import { PendingPodWrites } from './controller/pending-pod-writes.ts';
import { createStatefulSetReconcile } from './controller/reconciler.ts';

/** For a process composing this service with others (packages/all-in-one): its settings and cached kinds. */
export { configFromEnv } from './config.ts';
export { CACHED_KINDS } from './controller/kinds.ts';

export const SERVICE_NAME = 'statefulset-controller';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

export function startStatefulSetController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<WorkloadControllerService> {
  let rollouts: RolloutTracker | undefined;
  return startWorkloadController({
    controllerName: 'statefulset',
    serviceName: SERVICE_NAME,
    serviceVersion: SERVICE_VERSION,
    settings: config,
    ...deps,
    kinds: CACHED_KINDS,
    deferred: DEFERRED_KINDS,
    controlled: CONTROLLED_KINDS,
    primary: STATEFULSET,
    keysFor: (change, cache, { scale }) => {
      observeExpectations(change, cache, scale);
      const cur = change.current;
      const isSet = cur !== undefined && cur.group === STATEFULSET.group && cur.kind === STATEFULSET.kind;
      // Only a live spec change starts a rollout; snapshot replays are recalled from the bus instead.
      if (isSet && !change.snapshot && change.old?.generation !== cur.generation) {
        rollouts?.noteGeneration(`${cur.namespace}/${cur.name}`, cur.generation, change.context);
      }
      return setKeysFor(change, cache);
    },
    reconciler: (d) => {
      rollouts = new RolloutTracker({ recall: recallFromBus(d.bus, deps.logger) });
      return createStatefulSetReconcile({
        ...d,
        rollouts,
        clients: setClients(d.kube),
        gates: config.gates,
        pendingWrites: new PendingPodWrites(),
      });
    },
  });
}
