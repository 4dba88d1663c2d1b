// The running controller: AdvancedCronJobs and the Jobs and BroadcastJobs they create, from the bus-fed
// partitioned cache; the runtime's workload-controller bootstrap around this reconcile.
import {
  packageVersion,
  type SharedProcessParts,
  startWorkloadController,
  type WorkloadControllerService,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import type { ControllerConfig } from './config.ts';
import { cronJobKeysFor, observeExpectations } from './controller/cache-events.ts';
import { ADVANCEDCRONJOB, CACHED_KINDS, DEFERRED_KINDS } from './controller/kinds.ts';
import { createCronJobReconcile } from './controller/reconciler.ts';

/** For a process composing this service with others (packages/all-in-one): its settings and cached kinds. */
export { configFromEnv } from './config.ts';
export { CACHED_KINDS } from './controller/kinds.ts';

export const SERVICE_NAME = 'advancedcronjob-controller';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

export function startAdvancedCronJobController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<WorkloadControllerService> {
  return startWorkloadController({
    controllerName: 'advancedcronjob',
    serviceName: SERVICE_NAME,
    serviceVersion: SERVICE_VERSION,
    settings: config,
    ...deps,
    kinds: CACHED_KINDS,
    deferred: DEFERRED_KINDS,
    primary: ADVANCEDCRONJOB,
    keysFor: (change, cache, { scale }) => {
      observeExpectations(change, cache, scale);
      return cronJobKeysFor(change, cache);
    },
    // Read per reconcile, not here: the zone is looked up on first use (config.ts).
    reconciler: (d) =>
      createCronJobReconcile({
        ...d,
        get defaultZone() {
          return config.defaultZone;
        },
      }),
  });
}
