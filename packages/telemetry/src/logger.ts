// Structured logs that join traces: every line carries the trace and span id of the span active when it was
// written, so a log line found in a search leads to its trace in Jaeger and back.
import { hostname } from 'node:os';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import {
  type DestinationStream,
  type Level,
  type Logger,
  type LoggerOptions as PinoOptions,
  pino,
} from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  /** Logger name, usually the service or component. */
  name: string;
  /** Defaults to KRUISE_TS_LOG_LEVEL, else `info`. */
  level?: Level | 'silent';
  /** Where lines go; defaults to stdout. Tests pass a stream to read them back. */
  destination?: DestinationStream;
  /** Fields on every line (e.g. `{ controller: 'cloneset' }`). */
  bindings?: Record<string, string | number | boolean>;
}

/** The active span's ids, for log lines; empty when there is no valid span context. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/**
 * A pino logger whose lines carry `trace_id`/`span_id` of the active span. Add the object being worked on
 * with `logger.child({ key: 'ns/name' })`.
 */
export function createLogger(options: LoggerOptions): Logger {
  const level = options.level ?? (process.env.KRUISE_TS_LOG_LEVEL as Level | undefined) ?? 'info';
  const pinoOptions: PinoOptions = {
    name: options.name,
    level,
    base: { pid: process.pid, hostname: hostname(), ...options.bindings },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Level names rather than numbers: log backends and people read them without a lookup table.
    formatters: { level: (label) => ({ level: label }) },
    mixin: traceFields,
  };
  // pino's default destination writes stdout synchronously, so the last lines before a crash are not lost.
  return options.destination === undefined ? pino(pinoOptions) : pino(pinoOptions, options.destination);
}
