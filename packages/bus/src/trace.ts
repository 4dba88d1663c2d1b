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
const getter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  get: (headers, key) => {
    if (headers === undefined || !headers.has(key, Match.IgnoreCase)) return undefined;
    return headers.get(key, Match.IgnoreCase);
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
