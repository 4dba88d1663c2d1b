import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { headers } from '@nats-io/transport-node';
import { ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { extractTraceContext, injectTraceContext } from '../../src/index.ts';

const spanContext = {
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  traceFlags: TraceFlags.SAMPLED,
  traceState: new TraceState('vendor=a,other=b'),
};

describe('W3C trace context in NATS headers', () => {
  test('inject writes traceparent and tracestate; extract reads them back as a remote parent', () => {
    const h = headers();
    injectTraceContext(h, trace.setSpanContext(ROOT_CONTEXT, spanContext));
    assert.equal(h.get('traceparent'), '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    assert.equal(h.get('tracestate'), 'vendor=a,other=b');
    const extracted = trace.getSpanContext(extractTraceContext(h));
    assert.equal(extracted?.traceId, spanContext.traceId);
    assert.equal(extracted?.spanId, spanContext.spanId);
    assert.equal(extracted?.traceFlags, TraceFlags.SAMPLED);
    assert.equal(extracted?.isRemote, true);
    assert.equal(extracted?.traceState?.serialize(), 'vendor=a,other=b');
  });

  test('header names from other clients are matched without case', () => {
    const h = headers();
    h.set('Traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00');
    assert.equal(trace.getSpanContext(extractTraceContext(h))?.traceId, spanContext.traceId);
  });

  test('nothing is written without a span, and nothing is extracted from no headers', () => {
    const h = headers();
    injectTraceContext(h, ROOT_CONTEXT);
    assert.equal(h.has('traceparent'), false);
    assert.equal(trace.getSpanContext(extractTraceContext(undefined)), undefined);
  });

  test('a malformed traceparent is ignored', () => {
    const h = headers();
    h.set('traceparent', 'garbage');
    assert.equal(trace.getSpanContext(extractTraceContext(h)), undefined);
  });
});
