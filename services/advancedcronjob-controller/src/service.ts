// The running controller: AdvancedCronJobs and the Jobs and BroadcastJobs they create, from the bus-fed
// partitioned cache; the runtime's workload-controller bootstrap around this reconcile.
import { packageVersion, startWorkloadController, type WorkloadControllerService } from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import type { ControllerConfig } from './config.ts';
import { cronJobKeysFor, observeExpectations } from './controller/cache-events.ts';
import { ADVANCEDCRONJOB, CACHED_KINDS } from './controller/kinds.ts';
import { createCronJobReconcile } from './controller/reconciler.ts';

export const SERVICE_NAME = 'advancedcronjob-controller';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

export function startAdvancedCronJobController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry },
): Promise<WorkloadControllerService> {
  return startWorkloadController({
    controllerName: 'advancedcronjob',
    serviceName: SERVICE_NAME,
    serviceVersion: SERVICE_VERSION,
    settings: config,
    ...deps,
    kinds: CACHED_KINDS,
    primary: ADVANCEDCRONJOB,
    keysFor: (change, _cache, { scale }) => {
      observeExpectations(change, scale);
      return cronJobKeysFor(change);
    },
    reconciler: (d) => createCronJobReconcile({ ...d, defaultZone: config.defaultZone }),
  });
}
