import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { setupTelemetry } from '../../src/index.ts';

// These tests run in order: each sets up the process-wide telemetry and shuts it down before the next.
describe('setupTelemetry', () => {
  test('without an endpoint tracing is a no-op, yet an incoming trace context still propagates', async () => {
    const telemetry = setupTelemetry({ serviceName: 'svc', serviceVersion: '1.0.0', env: {} });
    try {
      assert.equal(telemetry.enabled, false);
      const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      const parent = propagation.extract(ROOT_CONTEXT, { traceparent: incoming });
      const span = telemetry.tracer().startSpan('work', {}, parent);
      assert.equal(span.isRecording(), false);
      const outgoing: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), span), outgoing);
      assert.equal(outgoing.traceparent, incoming, 'the trace passes through unchanged');
      span.end();
    } finally {
      await telemetry.shutdown();
    }
  });

  test('with an exporter spans are recorded with the service resource, and a flush exports them', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = setupTelemetry({
      serviceName: 'svc',
      serviceVersion: '1.2.3',
      env: { OTEL_RESOURCE_ATTRIBUTES: 'service.name=ignored,team=kruise' },
      exporter,
    });
    assert.equal(telemetry.enabled, true);
    telemetry.tracer().startActiveSpan('parent', (parent) => {
      telemetry.tracer().startSpan('child').end();
      parent.end();
    });
    // The batch processor holds the spans until flushed.
    assert.equal(exporter.getFinishedSpans().length, 0);
    await telemetry.forceFlush();
    const spans = exporter.getFinishedSpans();
    assert.deepEqual(spans.map((s) => s.name).sort(), ['child', 'parent']);
    const parent = spans.find((s) => s.name === 'parent');
    const child = spans.find((s) => s.name === 'child');
    assert.equal(child?.parentSpanContext?.spanId, parent?.spanContext().spanId);
    assert.equal(parent?.resource.attributes['service.name'], 'svc');
    assert.equal(parent?.resource.attributes['service.version'], '1.2.3');
    assert.equal(parent?.resource.attributes.team, 'kruise');
    await telemetry.shutdown();
  });

  test('tracerServices: each named tracer reports under its own service, one trace across them', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = setupTelemetry({
      serviceName: 'all-in-one',
      serviceVersion: '1',
      env: {},
      exporter,
      processor: 'simple',
      tracerServices: { '@kruise-ts/watcher': 'watcher', 'cloneset-controller': 'cloneset-controller' },
    });
    try {
      trace.getTracer('@kruise-ts/watcher').startActiveSpan('publish', (root) => {
        trace.getTracer('cloneset-controller').startActiveSpan('sync', (sync) => {
          trace.getTracer('@kruise-ts/runtime').startSpan('PATCH pod').end();
          sync.end();
        });
        root.end();
      });
      const spans = exporter.getFinishedSpans();
      const serviceOf = Object.fromEntries(spans.map((s) => [s.name, s.resource.attributes['service.name']]));
      assert.deepEqual(serviceOf, {
        publish: 'watcher',
        sync: 'cloneset-controller',
        'PATCH pod': 'all-in-one',
      });
      assert.equal(new Set(spans.map((s) => s.spanContext().traceId)).size, 1, 'one trace');
    } finally {
      await telemetry.shutdown();
    }
  });

  test('OTEL_SERVICE_NAME renames the service; a second setup needs the first shut down', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = setupTelemetry({
      serviceName: 'svc',
      serviceVersion: '1',
      env: { OTEL_SERVICE_NAME: 'renamed' },
      exporter,
      processor: 'simple',
    });
    assert.throws(
      () => setupTelemetry({ serviceName: 'again', serviceVersion: '1', env: {} }),
      /already set up/,
    );
    telemetry.tracer().startSpan('x').end();
    assert.equal(exporter.getFinishedSpans()[0]?.resource.attributes['service.name'], 'renamed');
    assert.equal(telemetry.serviceName, 'renamed');
    await telemetry.shutdown();
    await telemetry.shutdown(); // idempotent
    const next = setupTelemetry({ serviceName: 'again', serviceVersion: '1', env: {} });
    await next.shutdown();
  });
});
