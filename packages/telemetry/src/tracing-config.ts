// Reads the standard OTEL_* environment into a tracing configuration. The 3.x trace SDK no longer reads the
// environment itself (only the OTLP exporter still does, for headers/timeout/compression), so the variables
// that decide *whether* and *how* to trace are interpreted here, per the OpenTelemetry SDK environment spec.
import { parseKeyPairsIntoRecord } from '@opentelemetry/core';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  type BatchSpanProcessorOptions,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';

export type Env = Readonly<Record<string, string | undefined>>;

export type TracesExporterKind = 'otlp' | 'console' | 'none';

export interface TracingConfig {
  /** What exports spans; `none` when tracing is off (the API still works, spans are not recorded). */
  exporter: TracesExporterKind;
  /** OTLP/HTTP (protobuf) traces URL, when `exporter` is `otlp`. */
  otlpTracesUrl?: string;
  sampler: Sampler;
  /** Human-readable sampler choice, for start-up logs. */
  samplerDescription: string;
  batch: Omit<BatchSpanProcessorOptions, 'exporter'>;
  /** OTEL_SERVICE_NAME, which overrides the service's own name so operators can rename a deployment. */
  serviceName?: string;
  /** OTEL_RESOURCE_ATTRIBUTES. */
  resourceAttributes: Record<string, string>;
  /** Settings that were present but not understood or not supported; worth a log line at start-up. */
  warnings: string[];
}

const value = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
};

function numberValue(env: Env, name: string, warnings: string[]): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    warnings.push(`${name}=${raw} is not a non-negative number; ignored`);
    return undefined;
  }
  return n;
}

function otlpTracesUrl(env: Env): string | undefined {
  const signal = value(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  if (signal !== undefined) return signal;
  const base = value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  // The generic endpoint is a base URL to which the signal path is appended; the per-signal one is used as is.
  return base === undefined ? undefined : `${base.replace(/\/+$/, '')}/v1/traces`;
}

function ratio(env: Env, warnings: string[]): number {
  const raw = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (raw === undefined) return 1;
  const r = Number(raw);
  if (!Number.isFinite(r) || r < 0 || r > 1) {
    warnings.push(`OTEL_TRACES_SAMPLER_ARG=${raw} is not a ratio in [0, 1]; using 1`);
    return 1;
  }
  return r;
}

function samplerFromEnv(env: Env, warnings: string[]): { sampler: Sampler; description: string } {
  const name = value(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase() ?? 'parentbased_always_on';
  switch (name) {
    case 'always_on':
      return { sampler: new AlwaysOnSampler(), description: name };
    case 'always_off':
      return { sampler: new AlwaysOffSampler(), description: name };
    case 'traceidratio': {
      const r = ratio(env, warnings);
      return { sampler: new TraceIdRatioBasedSampler(r), description: `${name}(${r})` };
    }
    case 'parentbased_always_off':
      return { sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }), description: name };
    case 'parentbased_traceidratio': {
      const r = ratio(env, warnings);
      return {
        sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(r) }),
        description: `${name}(${r})`,
      };
    }
    case 'parentbased_always_on':
      return { sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }), description: name };
    default:
      warnings.push(`OTEL_TRACES_SAMPLER=${name} is not supported; using parentbased_always_on`);
      return {
        sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
        description: 'parentbased_always_on',
      };
  }
}

function exporterKind(env: Env, url: string | undefined, warnings: string[]): TracesExporterKind {
  if (value(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return 'none';
  const names = (value(env, 'OTEL_TRACES_EXPORTER') ?? 'otlp').split(',').map((s) => s.trim().toLowerCase());
  if (names.includes('none')) return 'none';
  if (names.includes('otlp')) {
    // No endpoint means nobody asked for traces: stay silent instead of sending to a default localhost port.
    return url === undefined ? 'none' : 'otlp';
  }
  if (names.includes('console')) return 'console';
  warnings.push(`OTEL_TRACES_EXPORTER=${names.join(',')} is not supported; tracing is off`);
  return 'none';
}

function checkProtocol(env: Env, warnings: string[]): void {
  const protocol =
    value(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? value(env, 'OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol !== undefined && protocol !== 'http/protobuf') {
    warnings.push(`OTLP protocol ${protocol} is not supported; exporting with http/protobuf`);
  }
}

export function tracingConfigFromEnv(env: Env = process.env): TracingConfig {
  const warnings: string[] = [];
  const url = otlpTracesUrl(env);
  const exporter = exporterKind(env, url, warnings);
  if (exporter === 'otlp') checkProtocol(env, warnings);
  const { sampler, description } = samplerFromEnv(env, warnings);

  const batch: TracingConfig['batch'] = {};
  const scheduledDelayMillis = numberValue(env, 'OTEL_BSP_SCHEDULE_DELAY', warnings);
  const exportTimeoutMillis = numberValue(env, 'OTEL_BSP_EXPORT_TIMEOUT', warnings);
  const maxQueueSize = numberValue(env, 'OTEL_BSP_MAX_QUEUE_SIZE', warnings);
  const maxExportBatchSize = numberValue(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', warnings);
  if (scheduledDelayMillis !== undefined) batch.scheduledDelayMillis = scheduledDelayMillis;
  if (exportTimeoutMillis !== undefined) batch.exportTimeoutMillis = exportTimeoutMillis;
  if (maxQueueSize !== undefined) batch.maxQueueSize = maxQueueSize;
  if (maxExportBatchSize !== undefined) batch.maxExportBatchSize = maxExportBatchSize;

  const rawAttributes = value(env, 'OTEL_RESOURCE_ATTRIBUTES');
  const resourceAttributes = rawAttributes === undefined ? {} : parseKeyPairsIntoRecord(rawAttributes);

  const config: TracingConfig = {
    exporter,
    sampler,
    samplerDescription: description,
    batch,
    resourceAttributes,
    warnings,
  };
  if (exporter === 'otlp' && url !== undefined) config.otlpTracesUrl = url;
  const serviceName = value(env, 'OTEL_SERVICE_NAME');
  if (serviceName !== undefined) config.serviceName = serviceName;
  return config;
}
