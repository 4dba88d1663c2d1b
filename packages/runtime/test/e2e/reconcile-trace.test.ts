// One trace across the pieces: an event's span (as the watcher would publish it on the bus) → the reconcile it
// caused → the kube client call in that reconcile → the apiserver's own spans, all read back from Jaeger.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import {
  acquireCluster,
  type ClusterLease,
  eventually,
  fetchJaegerTrace,
  type JaegerApiSpan,
  spanService,
} from '@kruise-ts/devcluster';
import { setupTelemetry, type Telemetry } from '@kruise-ts/telemetry';
import { SpanKind } from '@opentelemetry/api';
import { Registry } from 'prom-client';
import { KubeClient, NotFoundError, resources, runController, WorkQueue } from '../../src/index.ts';

let cluster: ClusterLease;
let telemetry: Telemetry;
const ns = `runtime-trace-${randomBytes(3).toString('hex')}`;
const serviceName = `runtime-trace-${randomBytes(3).toString('hex')}`;

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

test('event → reconcile (retried after an error) → kube call → apiserver, as one Jaeger trace', async () => {
  const client = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath });
  const configMaps = client.resource<object>(resources.configMaps);
  const namespaces = client.resource<object>(resources.namespaces);
  await namespaces.create({ body: { metadata: { name: ns } } });
  try {
    const registry = new Registry();
    const queue = new WorkQueue({ name: 'configmap', registry });
    let attempts = 0;
    const controller = runController({
      name: 'configmap',
      queue,
      workers: 2,
      registry,
      reconcile: async ({ key }) => {
        attempts++;
        const [namespace = '', name = ''] = key.split('/');
        // The first attempt reads an object that is not there yet and fails; the retry creates it.
        if (attempts === 1) {
          await configMaps.get({ namespace, name });
          return;
        }
        await configMaps.create({ namespace, body: { metadata: { name } } });
      },
    });

    // What the watcher would do: publish an event in its own span; the consumer adds the key with that context.
    const event = telemetry.tracer('watcher').startSpan('publish ConfigMap', { kind: SpanKind.PRODUCER });
    event.end();
    queue.add(`${ns}/traced`, { links: [event.spanContext()] });

    await eventually('the retry created the ConfigMap', async () => {
      const cm = await configMaps.get({ namespace: ns, name: 'traced' }).catch((err: unknown) => {
        if (err instanceof NotFoundError) return undefined;
        throw err;
      });
      return cm !== undefined && queue.processingLen() === 0;
    });
    await controller.stop();
    assert.equal(attempts, 2);
    await telemetry.forceFlush();

    const traceId = event.spanContext().traceId;
    const got = await eventually(
      'the whole chain in Jaeger',
      async () => {
        const t = await fetchJaegerTrace(cluster.jaegerQueryUrl, traceId);
        if (t === undefined) return undefined;
        const names = t.spans.map((s) => s.operationName);
        const apiserverServed = t.spans.filter((s) => spanService(t, s) === 'apiserver');
        return names.filter((n) => n === 'reconcile configmap').length === 2 &&
          names.includes('kube create configmaps') &&
          apiserverServed.length >= 2
          ? t
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const byId = new Map(got.spans.map((s) => [s.spanID, s]));
    const parentOf = (s: JaegerApiSpan) =>
      byId.get(s.references.find((r) => r.refType === 'CHILD_OF')?.spanID ?? '');
    const follows = (s: JaegerApiSpan) =>
      s.references.filter((r) => r.refType === 'FOLLOWS_FROM').map((r) => r.spanID);
    const tag = (s: JaegerApiSpan, key: string) => s.tags.find((t) => t.key === key)?.value;

    const reconciles = got.spans.filter((s) => s.operationName === 'reconcile configmap');
    const failed = reconciles.find((s) => tag(s, 'kruise.reconcile.result') === 'error');
    const succeeded = reconciles.find((s) => tag(s, 'kruise.reconcile.result') === 'success');
    assert.ok(failed && succeeded);
    for (const r of reconciles) {
      assert.equal(parentOf(r)?.spanID, event.spanContext().spanId, 'each attempt is a child of the event');
      assert.equal(tag(r, 'kruise.reconcile.key'), `${ns}/traced`);
    }
    assert.ok(follows(succeeded).includes(failed.spanID), 'the retry links the failed attempt');

    const read = got.spans.find((s) => s.operationName === 'kube get configmaps');
    const create = got.spans.find((s) => s.operationName === 'kube create configmaps');
    assert.ok(read && create);
    assert.equal(parentOf(read)?.spanID, failed.spanID);
    assert.equal(parentOf(create)?.spanID, succeeded.spanID);
    for (const call of [read, create]) {
      const served = got.spans.find(
        (s) => got.processes[s.processID]?.serviceName === 'apiserver' && parentOf(s)?.spanID === call.spanID,
      );
      assert.ok(served, `the apiserver joined ${call.operationName}`);
    }
    const text = await registry.metrics();
    assert.match(text, /controller_runtime_reconcile_total\{controller="configmap",result="error"\} 1/);
    assert.match(text, /controller_runtime_reconcile_total\{controller="configmap",result="success"\} 1/);
  } finally {
    await namespaces.delete({ name: ns }).catch(() => {});
  }
});
