// The kube client against the real apiserver: CRUD with conflict retry, typed errors with the apiserver's
// causes, the client-side rate limit, and traces that the apiserver joins.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  acquireCluster,
  type ClusterLease,
  eventually,
  fetchJaegerTrace,
  type JaegerApiSpan,
  spanService,
} from '@kruise-ts/devcluster';
import { setupTelemetry, type Telemetry } from '@kruise-ts/telemetry';
import { CoreV1Api, type V1ConfigMap } from '@kubernetes/client-node';
import {
  AlreadyExistsError,
  ConflictError,
  InvalidError,
  KubeClient,
  NotFoundError,
  retryOnConflict,
} from '../../src/index.ts';

let cluster: ClusterLease;
let telemetry: Telemetry;
let client: KubeClient;
let core: CoreV1Api;
const ns = `runtime-kube-${randomBytes(3).toString('hex')}`;
const serviceName = `runtime-e2e-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  telemetry = setupTelemetry({
    serviceName,
    serviceVersion: '0.1.0',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: cluster.otlpHttpEndpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
  client = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1000, burst: 1000 });
  core = client.api(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
});

after(async () => {
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await telemetry?.shutdown();
  await cluster?.release();
});

describe('KubeClient against the real apiserver', () => {
  test('create, get, update, update after a conflict (retried), delete a ConfigMap', async () => {
    const name = 'crud';
    const created = await core.createNamespacedConfigMap({
      namespace: ns,
      body: { metadata: { name }, data: { a: '1' } },
    });
    assert.equal(created.data?.a, '1');
    await assert.rejects(
      core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name } } }),
      (err: unknown) =>
        err instanceof AlreadyExistsError && err.code === 409 && err.reason === 'AlreadyExists',
    );

    const read = await core.readNamespacedConfigMap({ name, namespace: ns });
    assert.equal(read.metadata?.resourceVersion, created.metadata?.resourceVersion);
    const updated = await core.replaceNamespacedConfigMap({
      name,
      namespace: ns,
      body: { ...read, data: { a: '2' } },
    });
    assert.equal(updated.data?.a, '2');

    // A write based on the stale copy conflicts…
    const conflict = await core
      .replaceNamespacedConfigMap({ name, namespace: ns, body: { ...read, data: { a: 'stale' } } })
      .catch((err: unknown) => err);
    assert.ok(conflict instanceof ConflictError, String(conflict));
    assert.equal(conflict.code, 409);
    assert.equal(conflict.reason, 'Conflict');
    assert.ok(conflict.cause !== undefined, 'keeps the client exception as its cause');
    assert.match(conflict.message, new RegExp(`update configmaps ${ns}/${name}`));

    // …and retryOnConflict re-reads and writes again: the first attempt works on a copy made stale meanwhile.
    let attempts = 0;
    let stale: V1ConfigMap | undefined = read;
    const final = await retryOnConflict(async () => {
      attempts++;
      const base = stale ?? (await core.readNamespacedConfigMap({ name, namespace: ns }));
      stale = undefined;
      return core.replaceNamespacedConfigMap({
        name,
        namespace: ns,
        body: { ...base, data: { ...base.data, b: 'retried' } },
      });
    });
    assert.equal(attempts, 2);
    assert.deepEqual(final.data, { a: '2', b: 'retried' });

    await core.deleteNamespacedConfigMap({ name, namespace: ns });
    await assert.rejects(core.readNamespacedConfigMap({ name, namespace: ns }), NotFoundError);
  });

  test('a 404 is a NotFoundError carrying the Status and the ApiException', async () => {
    const err = await core
      .readNamespacedConfigMap({ name: 'missing', namespace: ns })
      .catch((e: unknown) => e);
    assert.ok(err instanceof NotFoundError);
    assert.equal(err.code, 404);
    assert.equal(err.reason, 'NotFound');
    assert.equal(err.status?.details?.kind, 'configmaps');
    assert.match(err.message, new RegExp(`get configmaps ${ns}/missing: configmaps "missing" not found`));
    assert.equal((err.cause as { code?: number }).code, 404);
  });

  test('an invalid object is an InvalidError with the field paths of the causes', async () => {
    const err = await core
      .createNamespacedConfigMap({
        namespace: ns,
        body: { metadata: { name: 'Not_A_Valid_Name' }, data: { 'bad key!': 'x' } },
      })
      .catch((e: unknown) => e);
    assert.ok(err instanceof InvalidError, String(err));
    assert.equal(err.code, 422);
    assert.deepEqual([...err.fields].sort(), ['data[bad key!]', 'metadata.name']);
    assert.ok(err.causes.every((c) => c.reason === 'FieldValueInvalid' && (c.message ?? '') !== ''));
  });

  test('the rate limiter holds a burst of 50 calls to the configured QPS', async () => {
    const limited = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 20, burst: 10 });
    const api = limited.api(CoreV1Api);
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'rl' } } });
    // All 50 calls are issued in one synchronous loop, so each takes its token at (virtually) the same instant.
    const calls = Array.from({ length: 50 }, () =>
      api.readNamespacedConfigMap({ name: 'rl', namespace: ns }),
    );
    const stats = limited.rateLimiter.stats();
    assert.equal(stats.reservations, 50);
    assert.equal(stats.waited, 40, '10 go at once (the burst), 40 wait for tokens');
    // The 40th waiting call gets the 40th new token: 40 / 20 qps = 2 s after the burst.
    assert.ok(Math.abs(stats.maxWaitMs - 2000) < 25, `max wait ${stats.maxWaitMs}`);
    // Waits are 50 ms, 100 ms, … 2000 ms: 50 ms × (1 + … + 40).
    assert.ok(
      Math.abs(stats.totalWaitMs - 50 * ((40 * 41) / 2)) < 25 * 40,
      `total wait ${stats.totalWaitMs}`,
    );
    const results = await Promise.all(calls);
    assert.equal(results.length, 50);
    assert.ok(results.every((cm) => cm.metadata?.name === 'rl'));
  });

  test('a traced call: the client span and the apiserver span appear in one Jaeger trace', async () => {
    const tracer = telemetry.tracer('e2e');
    const traceId = await tracer.startActiveSpan('reconcile test', async (root) => {
      await core.readNamespacedConfigMap({ name: 'missing', namespace: ns }).catch(() => undefined);
      root.end();
      return root.spanContext().traceId;
    });
    await telemetry.forceFlush();
    const got = await eventually(
      'client and apiserver spans in one trace',
      async () => {
        const t = await fetchJaegerTrace(cluster.jaegerQueryUrl, traceId);
        if (t === undefined) return undefined;
        const services = new Set(t.spans.map((s) => spanService(t, s)));
        return services.size >= 2 ? t : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const service = (s: JaegerApiSpan) => spanService(got, s);
    const kubeSpan = got.spans.find((s) => s.operationName === 'kube get configmaps');
    assert.ok(kubeSpan, `spans: ${got.spans.map((s) => `${service(s)}:${s.operationName}`).join(', ')}`);
    assert.equal(service(kubeSpan), serviceName);
    const tag = (key: string) => kubeSpan.tags.find((t) => t.key === key)?.value;
    assert.equal(tag('span.kind'), 'client');
    assert.equal(tag('http.response.status_code'), 404);
    assert.equal(tag('kube.verb'), 'get');
    assert.equal(tag('kube.resource'), 'configmaps');
    assert.equal(tag('kube.name'), 'missing');
    assert.equal(tag('k8s.namespace.name'), ns);
    assert.equal(tag('error.type'), 'NotFound');
    const apiserverSpans = got.spans.filter((s) => service(s) !== serviceName);
    assert.ok(apiserverSpans.length > 0);
    // The apiserver's outermost span is a child of our client span: the traceparent header carried it.
    const served = apiserverSpans.find((s) => s.references.some((r) => r.spanID === kubeSpan.spanID));
    assert.ok(
      served,
      `apiserver spans: ${apiserverSpans.map((s) => `${service(s)}:${s.operationName}`).join(', ')}`,
    );
    assert.equal(service(served), 'apiserver');
    assert.match(served.operationName, /^GET \/api\/v1\/namespaces\/\{:namespace\}\/configmaps\/\{:name\}/);
  });
});
