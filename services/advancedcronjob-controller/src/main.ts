// advancedcronjob-controller process: the runtime's controller main around this service.
import { runServiceProcess } from '@kruise-ts/runtime';
import { configFromEnv } from './config.ts';
import { SERVICE_NAME, SERVICE_VERSION, startAdvancedCronJobController } from './service.ts';

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: SERVICE_VERSION,
  configFromEnv,
  start: startAdvancedCronJobController,
});
