// W3C trace context (`traceparent`, `tracestate`) across NATS: injected into message headers on publish and
// extracted on consume, so a reconcile span in one service parents the spans its messages cause elsewhere.
// The propagator is W3C's own, not the global one, so the headers are right whether or not a service has
// registered an OpenTelemetry SDK.

import { Match, type MsgHdrs } from '@nats-io/transport-node';
import {
  type Context,
  context,
  ROOT_CONTEXT,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

const propagator = new W3CTraceContextPropagator();

const setter: TextMapSetter<MsgHdrs> = {
  set: (headers, key, value) => headers.set(key, value),
};

// Header names are matched without case: other clients (e.g. Go's) canonicalize them to `Traceparent`.
// One pass over the names, lower-casing only those of the right length: nats-core's case-insensitive has() and
// get() each lower-case every name, and this runs for every message every service receives.
const getter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  get: (headers, key) => {
    if (headers === undefined) return undefined;
    const lower = key.toLowerCase();
    for (const name of headers.keys()) {
      if (name.length === key.length && (name === key || name.toLowerCase() === lower)) {
        return headers.get(name, Match.Exact);
      }
    }
    return undefined;
  },
};

/** Writes the span context of `ctx` (default: the active context) into `headers`; no-op without a span. */
export function injectTraceContext(headers: MsgHdrs, ctx: Context = context.active()): void {
  propagator.inject(ctx, headers, setter);
}

/** The context carried by `headers` (a remote span context), on top of `base`; `base` when there is none. */
export function extractTraceContext(headers: MsgHdrs | undefined, base: Context = ROOT_CONTEXT): Context {
  return propagator.extract(base, headers, getter);
}
