// The all-in-one process (bin kruise-ts-all-in-one): the runtime's bootstrap — settings, one logger, one
// telemetry setup (each part's spans under its own service name), one metrics registry, ordered stop — around
// every chosen part in this one process.
import { packageVersion, runServiceProcess } from '@kruise-ts/runtime';
import { startAllInOne } from './all-in-one.ts';
import { configFromEnv, SERVICE_NAME } from './config.ts';
import { TRACER_SERVICES } from './tracer-services.ts';

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: packageVersion(import.meta.url),
  moduleUrl: import.meta.url,
  tracerServices: TRACER_SERVICES,
  configFromEnv,
  start: startAllInOne,
});
