export type { Logger, LoggerOptions } from './logger.ts';
export { createLogger, traceFields } from './logger.ts';
export type { MetricsRegistryOptions, Registry } from './metrics.ts';
export { createMetricsRegistry } from './metrics.ts';
export type { Telemetry, TelemetryOptions } from './setup.ts';
export { setupTelemetry } from './setup.ts';
export type { Env, TracesExporterKind, TracingConfig } from './tracing-config.ts';
export { tracingConfigFromEnv } from './tracing-config.ts';
export { untraced } from './untraced.ts';
