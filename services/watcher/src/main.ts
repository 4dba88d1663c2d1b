// The watcher process: the runtime's bootstrap around the watcher service.
import { runServiceProcess } from '@kruise-ts/runtime';
import { configFromEnv } from './config.ts';
import { SERVICE_NAME, SERVICE_VERSION, startWatcherService, TELEMETRY_NAME } from './service.ts';

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: SERVICE_VERSION,
  telemetryName: TELEMETRY_NAME,
  configFromEnv,
  start: startWatcherService,
});
