// webhook-server process: the runtime's bootstrap around the webhook server.
import { packageVersion, runServiceProcess } from '@kruise-ts/runtime';
import { startWebhookServer } from './server.ts';
import { settingsFromEnv } from './settings.ts';

await runServiceProcess({
  serviceName: 'webhook-server',
  serviceVersion: packageVersion(import.meta.url),
  configFromEnv: settingsFromEnv,
  start: (settings, deps) => startWebhookServer(settings, deps),
});
