// webhook-server process: settings from the environment, graceful shutdown on SIGTERM/SIGINT.
import { announceBuild } from '@kruise-ts/runtime';
import { createLogger, setupTelemetry } from '@kruise-ts/telemetry';
import { startWebhookServer } from './server.ts';
import { settingsFromEnv } from './settings.ts';

const logger = createLogger({ name: 'webhook-server' });
const build = announceBuild({ service: 'webhook-server', moduleUrl: import.meta.url, logger });
const telemetry = setupTelemetry({ serviceName: 'webhook-server', serviceVersion: build.version });
try {
  const server = await startWebhookServer(settingsFromEnv(), { logger });
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 15_000).unref();
    server
      .stop()
      .then(() => telemetry.shutdown())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  logger.fatal({ err }, 'webhook server failed to start');
  process.exitCode = 1;
}
