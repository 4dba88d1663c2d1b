// sidecarset-controller process: the runtime's controller main around this service (stop order: not ready →
// hand the lease off → close the bus → flush traces).
import { runServiceProcess } from '@kruise-ts/runtime';
import { configFromEnv } from './config.ts';
import { SERVICE_NAME, SERVICE_VERSION, startSidecarSetController } from './service.ts';

await runServiceProcess({
  serviceName: SERVICE_NAME,
  serviceVersion: SERVICE_VERSION,
  configFromEnv,
  start: startSidecarSetController,
});
