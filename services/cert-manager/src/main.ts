// cert-manager process: settings from the environment, graceful shutdown on SIGTERM/SIGINT.
import { announceBuild } from '@kruise-ts/runtime';
import { createLogger } from '@kruise-ts/telemetry';
import { startCertManager } from './service.ts';
import { settingsFromEnv } from './settings.ts';

const logger = createLogger({ name: 'cert-manager' });
announceBuild({ service: 'cert-manager', moduleUrl: import.meta.url, logger });
try {
  const service = await startCertManager(settingsFromEnv(), { logger });
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    // A second signal, or a shutdown that hangs, ends the process anyway.
    setTimeout(() => process.exit(1), 15_000).unref();
    service.stop().then(
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
  logger.fatal({ err }, 'cert-manager failed to start');
  process.exitCode = 1;
}
