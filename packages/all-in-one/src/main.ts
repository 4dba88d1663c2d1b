// The all-in-one process (bin kruise-ts-all-in-one): the runtime's bootstrap — settings, one logger, one
// telemetry setup (each part's spans under its own service name), one metrics registry, ordered stop — around
// every chosen part in this one process.
import { packageVersion, runServiceProcess } from '@kruise-ts/runtime';
import { startAllInOne } from './all-in-one.ts';
import { configFromEnv, loadChosenParts, SERVICE_NAME } from './config.ts';
import { TRACER_SERVICES } from './tracer-services.ts';

// Only the chosen parts' modules are imported. A bad parts list is reported as the bootstrap reports any bad
// setting (a structured fatal log line), so it is kept and thrown from configFromEnv.
const loaded = await loadChosenParts().catch((err: unknown) =>
  err instanceof Error ? err : new Error('cannot load the chosen parts', { cause: err }),
);

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: packageVersion(import.meta.url),
  moduleUrl: import.meta.url,
  tracerServices: TRACER_SERVICES,
  configFromEnv: (env) => {
    if (loaded instanceof Error) throw loaded;
    return configFromEnv(loaded, env);
  },
  start: startAllInOne,
});
