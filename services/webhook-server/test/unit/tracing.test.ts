// Admission continues the trace the apiserver forwards, so a traced write shows its webhooks.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setupTelemetry } from '@kruise-ts/telemetry';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { admissionReview, testApp } from '../support/app.ts';

const exporter = new InMemorySpanExporter();
const telemetry = setupTelemetry({
  serviceName: 'webhook-server',
  serviceVersion: 'test',
  exporter,
  processor: 'simple',
});
after(() => telemetry.shutdown());

test('an admission request with a W3C traceparent is served inside that trace', async () => {
  const { app } = await testApp();
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const parentSpanId = '00f067aa0ba902b7';
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/mutate-pod',
    headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${parentSpanId}-01` },
    payload: admissionReview(
      'Pod',
      'v1',
      'CREATE',
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } },
      undefined,
      '',
    ),
  });
  assert.equal(res.statusCode, 200);
  const span = exporter.getFinishedSpans().find((s) => s.name === 'webhook /mutate-pod');
  assert.ok(span, 'a span for the webhook call');
  assert.equal(span.spanContext().traceId, traceId);
  assert.equal(span.parentSpanContext?.spanId, parentSpanId);
  await app.fastify.close();
});
