// The all-in-one process (bin kruise-ts-all-in-one): the runtime's bootstrap — settings, one logger, one
// telemetry setup, one metrics registry, ordered stop — around every chosen part in this one process.
import { packageVersion, runServiceProcess } from '@kruise-ts/runtime';
import { startAllInOne } from './all-in-one.ts';
import { configFromEnv, SERVICE_NAME } from './config.ts';

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: packageVersion(import.meta.url),
  moduleUrl: import.meta.url,
  configFromEnv,
  start: startAllInOne,
});
