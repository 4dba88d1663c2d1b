// statefulset-controller process: the runtime's controller main around this service.
import { runControllerProcess } from '@kruise-ts/runtime';
import { configFromEnv } from './config.ts';
import { SERVICE_NAME, SERVICE_VERSION, startStatefulSetController } from './service.ts';

await runControllerProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: SERVICE_VERSION,
  configFromEnv,
  start: startStatefulSetController,
});
