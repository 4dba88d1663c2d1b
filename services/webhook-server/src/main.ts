// webhook-server process: the runtime's bootstrap around the webhook server.
import { runServiceProcess } from '@kruise-ts/runtime';
import { startWebhookServer } from './server.ts';
import { settingsFromEnv } from './settings.ts';

await runServiceProcess({
  serviceName: 'webhook-server',
  serviceVersion: '0.1.0',
  configFromEnv: settingsFromEnv,
  start: (settings, deps) => startWebhookServer(settings, deps),
});
