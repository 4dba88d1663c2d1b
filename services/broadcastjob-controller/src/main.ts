// broadcastjob-controller process: the runtime's controller main around this service.
import { runServiceProcess } from '@kruise-ts/runtime';
import { configFromEnv } from './config.ts';
import { SERVICE_NAME, SERVICE_VERSION, startBroadcastJobController } from './service.ts';

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: SERVICE_VERSION,
  configFromEnv,
  start: startBroadcastJobController,
});
