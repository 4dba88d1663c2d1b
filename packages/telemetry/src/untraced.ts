// Housekeeping that repeats on a timer (a leader renewing its Lease every few seconds, a certificate poll) is no
// one's request and belongs in no trace: traced, each round became a root trace in Jaeger and an OTLP export,
// most of an idle service's wake-ups. Calls made inside `untraced` start no span and send no traceparent.
import { context } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';

/**
 * Runs `fn` (and everything it awaits) with tracing suppressed. Keep it around the housekeeping calls only: work
 * started from inside, timers and callbacks included, inherits the suppression.
 */
export function untraced<T>(fn: () => T): T {
  return context.with(suppressTracing(context.active()), fn);
}
