// Every service's main, the one bootstrap: settings from the environment (deprecated names logged once),
// telemetry, the service (which opens its bus connection and health server), and an orderly stop on
// SIGTERM/SIGINT within the shutdown deadline (the service's own stop first, then the trace flush), and memory
// returned once the process goes quiet after a burst (idle-memory-release.ts). A failed start logs why and exits 1.
import { flushCompileCache } from 'node:module';
import {
  createLogger,
  createMetricsRegistry,
  type Logger,
  type Registry,
  setupTelemetry,
} from '@kruise-ts/telemetry';
import { createGracefulShutdown } from '../server/graceful-shutdown.ts';
import type { Env } from '../settings/parse.ts';
import { SettingsReader } from '../settings/reader.ts';
import type { ServiceName } from '../settings/table.ts';
import { announceBuild, entryUrl } from './build-info.ts';
import { startIdleMemoryRelease } from './idle-memory-release.ts';

/** What the bootstrap needs of a service's settings. */
export interface ServiceSettings {
  shutdownDeadlineMs: number;
  deprecations: readonly string[];
}

export interface ServiceProcessOptions<C extends ServiceSettings> {
  serviceName: ServiceName;
  serviceVersion: string;
  /** OpenTelemetry service.name when it differs from serviceName. */
  telemetryName?: string;
  /** Tracer name → service.name of its spans, for a process running several services (setupTelemetry). */
  tracerServices?: Readonly<Record<string, string>>;
  /** `import.meta.url` of the service's main (finds its git checkout); default the process's entry script. */
  moduleUrl?: string;
  configFromEnv(env: Env): C;
  start(config: C, deps: { logger: Logger; registry: Registry }): Promise<{ stop(): Promise<void> }>;
}

export async function runServiceProcess<C extends ServiceSettings>(
  o: ServiceProcessOptions<C>,
): Promise<void> {
  // The log level first, so that even a bad setting is reported as a structured log line.
  let base: SettingsReader | undefined;
  let settingsError: unknown;
  try {
    base = new SettingsReader(process.env, o.serviceName);
  } catch (err) {
    settingsError = err;
  }
  const level = base?.choice<'info'>('KRUISE_TS_LOG_LEVEL') ?? 'info';
  const logger = createLogger({ name: o.serviceName, level });
  try {
    // The build is the process's first log line, even when a setting is bad.
    announceBuild({
      service: o.serviceName,
      version: o.serviceVersion,
      moduleUrl: o.moduleUrl ?? entryUrl(),
      logger,
    });
    if (base === undefined) throw settingsError;
    const config = o.configFromEnv(process.env);
    for (const deprecation of new Set([...base.deprecations, ...config.deprecations])) {
      logger.warn({ deprecation }, 'deprecated setting');
    }
    const telemetry = setupTelemetry({
      serviceName: o.telemetryName ?? o.serviceName,
      serviceVersion: o.serviceVersion,
      ...(o.tracerServices === undefined ? {} : { tracerServices: o.tracerServices }),
    });
    for (const warning of telemetry.config.warnings) logger.warn({ warning }, 'telemetry setting ignored');
    const registry = createMetricsRegistry({ defaultLabels: { service: o.serviceName } });
    const shutdown = createGracefulShutdown({ deadlineMs: config.shutdownDeadlineMs, logger });
    const service = await o.start(config, { logger, registry });
    shutdown.register('service', () => service.stop());
    shutdown.register('telemetry', () => telemetry.shutdown());
    if (base.bool('KRUISE_TS_IDLE_MEMORY_RELEASE')) {
      const release = startIdleMemoryRelease(logger);
      if (release !== undefined) shutdown.register('idle memory release', async () => release.stop());
    }
    // Every module is loaded by now: write the compile cache (when the process runs with it, deploy's
    // COMPILE_CACHE_FLAG) so that the next start skips type stripping even if this one is killed.
    flushCompileCache();
  } catch (err) {
    logger.fatal({ err }, `${o.serviceName} failed to start`);
    process.exitCode = 1;
  }
}
