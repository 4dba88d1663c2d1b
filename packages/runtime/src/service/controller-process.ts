// A controller service's main: settings from the environment, telemetry, the service, and an orderly stop on
// SIGTERM/SIGINT (the service's own stop first, then the trace flush). A failed start logs why and exits 1.
import {
  createLogger,
  createMetricsRegistry,
  type Logger,
  type Registry,
  setupTelemetry,
} from '@kruise-ts/telemetry';
import { createGracefulShutdown } from '../server/graceful-shutdown.ts';
import { announceBuild, entryUrl } from './build-info.ts';
import type { Env } from './settings.ts';

export interface ControllerProcessOptions<C extends { shutdownDeadlineMs: number }> {
  serviceName: string;
  serviceVersion: string;
  /** `import.meta.url` of the service's main (finds its git checkout); default the process's entry script. */
  moduleUrl?: string;
  configFromEnv(env: Env): C;
  start(config: C, deps: { logger: Logger; registry: Registry }): Promise<{ stop(): Promise<void> }>;
}

export async function runControllerProcess<C extends { shutdownDeadlineMs: number }>(
  o: ControllerProcessOptions<C>,
): Promise<void> {
  const logger = createLogger({ name: o.serviceName });
  try {
    announceBuild({
      service: o.serviceName,
      version: o.serviceVersion,
      moduleUrl: o.moduleUrl ?? entryUrl(),
      logger,
    });
    const config = o.configFromEnv(process.env);
    const telemetry = setupTelemetry({ serviceName: o.serviceName, serviceVersion: o.serviceVersion });
    for (const warning of telemetry.config.warnings) logger.warn({ warning }, 'telemetry setting ignored');
    const registry = createMetricsRegistry({ defaultLabels: { service: o.serviceName } });
    const shutdown = createGracefulShutdown({ deadlineMs: config.shutdownDeadlineMs, logger });
    const service = await o.start(config, { logger, registry });
    shutdown.register('controller', () => service.stop());
    shutdown.register('telemetry', () => telemetry.shutdown());
  } catch (err) {
    logger.fatal({ err }, `${o.serviceName} failed to start`);
    process.exitCode = 1;
  }
}
