// The webhook server as a part of a process composing several services (packages/all-in-one): its settings
// and its start. Its own process is main.ts.
export { startWebhookServer } from './server.ts';
export { settingsFromEnv } from './settings.ts';

export const SERVICE_NAME = 'webhook-server';
