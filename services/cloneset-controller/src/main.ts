// cloneset-controller process: settings from the environment, telemetry, the controller service, and an orderly
// stop on SIGTERM/SIGINT (not ready → hand partitions off → close the bus → flush traces).
import { createGracefulShutdown } from '@kruise-ts/runtime';
import { createLogger, createMetricsRegistry, setupTelemetry } from '@kruise-ts/telemetry';
import { configFromEnv } from './config.ts';
import { SERVICE_NAME, SERVICE_VERSION, startCloneSetController } from './service.ts';

const logger = createLogger({ name: SERVICE_NAME });
try {
  const config = configFromEnv();
  const telemetry = setupTelemetry({ serviceName: SERVICE_NAME, serviceVersion: SERVICE_VERSION });
  for (const warning of telemetry.config.warnings) logger.warn({ warning }, 'telemetry setting ignored');
  const registry = createMetricsRegistry({ defaultLabels: { service: SERVICE_NAME } });
  const shutdown = createGracefulShutdown({ deadlineMs: config.shutdownDeadlineMs, logger });
  const service = await startCloneSetController(config, { logger, registry });
  shutdown.register('controller', () => service.stop());
  shutdown.register('telemetry', () => telemetry.shutdown());
} catch (err) {
  logger.fatal({ err }, `${SERVICE_NAME} failed to start`);
  process.exitCode = 1;
}
