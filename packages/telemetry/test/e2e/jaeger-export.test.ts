// Spans leave over OTLP/HTTP and arrive in the real Jaeger the devcluster runs, read back by trace id with
// their parent/child links and service name intact.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { acquireCluster, type ClusterLease, eventually, fetchJaegerTrace } from '@kruise-ts/devcluster';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { setupTelemetry, type Telemetry } from '../../src/index.ts';

let cluster: ClusterLease;
let telemetry: Telemetry;
const serviceName = `telemetry-e2e-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  telemetry = setupTelemetry({
    serviceName,
    serviceVersion: '0.1.0',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: cluster.otlpHttpEndpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
});

after(async () => {
  await telemetry?.shutdown();
  await cluster?.release();
});

const fetchTrace = (traceId: string) => fetchJaegerTrace(cluster.jaegerQueryUrl, traceId);

test('a parent span, its children and a grandchild reach Jaeger as one trace with their references', async () => {
  assert.equal(telemetry.enabled, true);
  const tracer = telemetry.tracer('e2e');
  const ids = await tracer.startActiveSpan('reconcile demo', { kind: SpanKind.INTERNAL }, async (root) => {
    root.setAttribute('kruise.key', 'default/demo');
    const child = await tracer.startActiveSpan(
      'kube get configmaps',
      { kind: SpanKind.CLIENT },
      async (span) => {
        await new Promise((r) => setTimeout(r, 5));
        const grandchild = tracer.startSpan('decode');
        grandchild.end();
        span.end();
        return { span: span.spanContext().spanId, grandchild: grandchild.spanContext().spanId };
      },
    );
    const sibling = tracer.startSpan('publish event');
    sibling.end();
    root.end();
    return {
      traceId: root.spanContext().traceId,
      root: root.spanContext().spanId,
      child: child.span,
      grandchild: child.grandchild,
      sibling: sibling.spanContext().spanId,
    };
  });
  await telemetry.forceFlush();

  const got = await eventually('trace in jaeger', async () => {
    const t = await fetchTrace(ids.traceId);
    return t !== undefined && t.spans.length === 4 ? t : undefined;
  });
  const byId = new Map(got.spans.map((s) => [s.spanID, s]));
  const parentOf = (spanId: string) =>
    byId.get(spanId)?.references.find((r) => r.refType === 'CHILD_OF')?.spanID;
  assert.equal(byId.get(ids.root)?.operationName, 'reconcile demo');
  assert.equal(parentOf(ids.root), undefined, 'the root has no parent');
  assert.equal(parentOf(ids.child), ids.root);
  assert.equal(parentOf(ids.sibling), ids.root);
  assert.equal(parentOf(ids.grandchild), ids.child);
  const root = byId.get(ids.root);
  assert.ok(root);
  assert.equal(got.processes[root.processID]?.serviceName, serviceName);
  assert.ok(root.tags.some((t) => t.key === 'kruise.key' && t.value === 'default/demo'));
});

test('a remote parent carried in a traceparent header joins the exported span to the caller trace', async () => {
  const tracer = telemetry.tracer('e2e');
  const traceId = randomBytes(16).toString('hex');
  const remoteParent = randomBytes(8).toString('hex');
  const parentContext = propagation.extract(context.active(), {
    traceparent: `00-${traceId}-${remoteParent}-01`,
  });
  const span = tracer.startSpan('consume message', { kind: SpanKind.CONSUMER }, parentContext);
  span.end();
  assert.equal(trace.getSpanContext(parentContext)?.isRemote, true);
  await telemetry.forceFlush();
  const got = await eventually('trace in jaeger', () => fetchTrace(traceId));
  const exported = got.spans.find((s) => s.spanID === span.spanContext().spanId);
  assert.ok(exported);
  assert.equal(exported.references.find((r) => r.refType === 'CHILD_OF')?.spanID, remoteParent);
});

test('the service is listed by Jaeger', async () => {
  await eventually('service listed', async () => {
    const res = await fetch(`${cluster.jaegerQueryUrl}/api/services`);
    const body = (await res.json()) as { data?: string[] };
    return body.data?.includes(serviceName);
  });
});
