// cert-manager process: the runtime's bootstrap around the cert-manager service.
import { packageVersion, runServiceProcess } from '@kruise-ts/runtime';
import { startCertManager } from './service.ts';
import { settingsFromEnv } from './settings.ts';

await runServiceProcess({
  serviceName: 'cert-manager',
  serviceVersion: packageVersion(import.meta.url),
  configFromEnv: settingsFromEnv,
  start: startCertManager,
});
