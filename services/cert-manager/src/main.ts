// cert-manager process: the runtime's bootstrap around the cert-manager service.
import { runServiceProcess } from '@kruise-ts/runtime';
import { startCertManager } from './service.ts';
import { settingsFromEnv } from './settings.ts';

await runServiceProcess({
  serviceName: 'cert-manager',
  serviceVersion: '0.1.0',
  configFromEnv: settingsFromEnv,
  start: startCertManager,
});
