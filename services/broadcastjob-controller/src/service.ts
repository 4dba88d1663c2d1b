// The running controller: BroadcastJobs and their pods from the bus-fed partitioned cache, Nodes from the
// cluster-scoped part every replica holds; the runtime's workload-controller bootstrap around this reconcile.
import {
  packageVersion,
  type SharedProcessParts,
  startWorkloadController,
  type WorkloadControllerService,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import type { ControllerConfig } from './config.ts';
import { jobKeysFor, observeExpectations } from './controller/cache-events.ts';
import { BROADCASTJOB, CACHED_KINDS, CONTROLLED_KINDS, DEFERRED_KINDS } from './controller/kinds.ts';
import { createBroadcastJobReconcile } from './controller/reconciler.ts';

/** For a process composing this service with others (packages/all-in-one): its settings and cached kinds. */
export { configFromEnv } from './config.ts';
export { CACHED_KINDS } from './controller/kinds.ts';

export const SERVICE_NAME = 'broadcastjob-controller';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

export function startBroadcastJobController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<WorkloadControllerService> {
  return startWorkloadController({
    controllerName: 'broadcastjob',
    serviceName: SERVICE_NAME,
    serviceVersion: SERVICE_VERSION,
    settings: config,
    ...deps,
    kinds: CACHED_KINDS,
    deferred: DEFERRED_KINDS,
    controlled: CONTROLLED_KINDS,
    primary: BROADCASTJOB,
    keysFor: (change, cache, { scale }) => {
      observeExpectations(change, cache, scale);
      return jobKeysFor(change, cache);
    },
    reconciler: (d) =>
      createBroadcastJobReconcile({ ...d, assignPodsByScheduler: config.assignPodsByScheduler }),
  });
}
