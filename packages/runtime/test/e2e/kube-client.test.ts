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
import {
  AlreadyExistsError,
  ConflictError,
  guardedJsonPatch,
  InvalidError,
  isLostPatchTest,
  KubeClient,
  KubeHttpError,
  NotFoundError,
  type ResourceClient,
  resources,
  retryOnConflict,
} from '../../src/index.ts';

interface ConfigMap {
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    creationTimestamp?: string;
    labels?: Record<string, string>;
  };
  data?: Record<string, string>;
}

let cluster: ClusterLease;
let telemetry: Telemetry;
let client: KubeClient;
let configMaps: ResourceClient<ConfigMap>;
let namespaces: ResourceClient<ConfigMap>;
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
  configMaps = client.resource<ConfigMap>(resources.configMaps);
  namespaces = client.resource<ConfigMap>(resources.namespaces);
  await namespaces.create({ body: { metadata: { name: ns } } });
});

after(async () => {
  await namespaces?.delete({ name: ns }).catch(() => {});
  await client?.close();
  await telemetry?.shutdown();
  await cluster?.release();
});

describe('KubeClient against the real apiserver', () => {
  test('create, get, update, update after a conflict (retried), delete a ConfigMap', async () => {
    const name = 'crud';
    const created = await configMaps.create({
      namespace: ns,
      body: { metadata: { name }, data: { a: '1' } },
    });
    assert.equal(created.data?.a, '1');
    await assert.rejects(
      configMaps.create({ namespace: ns, body: { metadata: { name } } }),
      (err: unknown) =>
        err instanceof AlreadyExistsError && err.code === 409 && err.reason === 'AlreadyExists',
    );

    const read = await configMaps.get({ name, namespace: ns });
    assert.equal(read.metadata?.resourceVersion, created.metadata?.resourceVersion);
    const updated = await configMaps.replace({
      name,
      namespace: ns,
      body: { ...read, data: { a: '2' } },
    });
    assert.equal(updated.data?.a, '2');

    // A write based on the stale copy conflicts…
    const conflict = await configMaps
      .replace({ name, namespace: ns, body: { ...read, data: { a: 'stale' } } })
      .catch((err: unknown) => err);
    assert.ok(conflict instanceof ConflictError, String(conflict));
    assert.equal(conflict.code, 409);
    assert.equal(conflict.reason, 'Conflict');
    assert.ok(conflict.cause instanceof KubeHttpError, 'keeps the HTTP answer as its cause');
    assert.match(conflict.message, new RegExp(`update configmaps ${ns}/${name}`));

    // …and retryOnConflict re-reads and writes again: the first attempt works on a copy made stale meanwhile.
    let attempts = 0;
    let stale: ConfigMap | undefined = read;
    const final = await retryOnConflict(async () => {
      attempts++;
      const base = stale ?? (await configMaps.get({ name, namespace: ns }));
      stale = undefined;
      return configMaps.replace({
        name,
        namespace: ns,
        body: { ...base, data: { ...base.data, b: 'retried' } },
      });
    });
    assert.equal(attempts, 2);
    assert.deepEqual(final.data, { a: '2', b: 'retried' });

    await configMaps.delete({ name, namespace: ns });
    await assert.rejects(configMaps.get({ name, namespace: ns }), NotFoundError);
  });

  test('a guarded JSON patch gets through a change elsewhere in the object and loses to a change of what it writes', async () => {
    const name = 'guarded';
    await configMaps.create({
      namespace: ns,
      body: { metadata: { name, labels: { x: '1' } }, data: { a: '1' } },
    });
    const read = await configMaps.get({ name, namespace: ns });
    const withMeta = (cm: ConfigMap) => ({ ...cm, metadata: { ...cm.metadata } });
    // Another writer's label: a PUT of `read` would now conflict, the guarded patch does not.
    await configMaps.patch({
      name,
      namespace: ns,
      type: 'merge',
      patch: { metadata: { labels: { y: '2' } } },
    });
    const ops = guardedJsonPatch(withMeta(read), { ...withMeta(read), data: { a: '2', b: 'new' } });
    const written = await configMaps.patch({ name, namespace: ns, type: 'json', patch: ops });
    assert.deepEqual(written.data, { a: '2', b: 'new' });
    assert.deepEqual(written.metadata?.labels, { x: '1', y: '2' });

    // Another writer changes the very value: the patch from the older copy is refused, as a lost race.
    await configMaps.patch({ name, namespace: ns, type: 'merge', patch: { data: { a: '3' } } });
    const lost = await configMaps
      .patch({
        name,
        namespace: ns,
        type: 'json',
        patch: guardedJsonPatch(withMeta(written), { ...withMeta(written), data: { a: '4', b: 'new' } }),
      })
      .catch((err: unknown) => err);
    assert.ok(isLostPatchTest(lost), String(lost));
    assert.equal((await configMaps.get({ name, namespace: ns })).data?.a, '3');

    // Deleted and made again under the name: the uid test refuses it.
    await configMaps.delete({ name, namespace: ns });
    await configMaps.create({ namespace: ns, body: { metadata: { name }, data: { a: '3', b: 'new' } } });
    const recreated = await configMaps
      .patch({
        name,
        namespace: ns,
        type: 'json',
        patch: guardedJsonPatch(withMeta(written), { ...withMeta(written), data: { a: '3', b: 'other' } }),
      })
      .catch((err: unknown) => err);
    assert.ok(isLostPatchTest(recreated), String(recreated));
    // Validation stays validation: a bad label value is not a lost race.
    const current = await configMaps.get({ name, namespace: ns });
    const invalid = await configMaps
      .patch({
        name,
        namespace: ns,
        type: 'json',
        patch: guardedJsonPatch(withMeta(current), {
          ...withMeta(current),
          metadata: { ...current.metadata, labels: { bad: 'not a label value!' } },
        }),
      })
      .catch((err: unknown) => err);
    assert.ok(invalid instanceof InvalidError, String(invalid));
    assert.equal(isLostPatchTest(invalid), false);
    await configMaps.delete({ name, namespace: ns });
  });

  test("answer 'head': a write's answer is its kind, apiVersion and metadata only, managedFields left out", async () => {
    const name = 'head';
    const created = await configMaps.create({
      namespace: ns,
      body: { metadata: { name, labels: { app: 'x' } }, data: { a: '1' } },
      answer: 'head',
    });
    assert.deepEqual(Object.keys(created).sort(), ['apiVersion', 'kind', 'metadata']);
    assert.equal(created.kind, 'ConfigMap');
    assert.equal(created.apiVersion, 'v1');
    assert.equal(created.metadata.name, name);
    assert.deepEqual(created.metadata.labels, { app: 'x' });
    assert.ok(created.metadata.uid !== undefined && created.metadata.resourceVersion !== undefined);
    assert.equal(created.metadata.managedFields, undefined);

    const patched = await configMaps.patch({
      namespace: ns,
      name,
      type: 'merge',
      patch: { data: { a: '2' } },
      answer: 'head',
    });
    assert.deepEqual(Object.keys(patched).sort(), ['apiVersion', 'kind', 'metadata']);
    assert.notEqual(patched.metadata.resourceVersion, created.metadata.resourceVersion);
    // The write happened in full; only its answer was read in part.
    assert.deepEqual((await configMaps.get({ namespace: ns, name })).data, { a: '2' });

    // A DELETE answered with a Status is parsed whole, so its details stay readable.
    const status = (await configMaps.delete({ namespace: ns, name, answer: 'head' })) as {
      kind?: string;
      status?: string;
      details?: { name?: string };
    };
    assert.equal(status.kind, 'Status');
    assert.equal(status.status, 'Success');
    assert.equal(status.details?.name, name);
  });
  test('a 404 is a NotFoundError carrying the Status and the HTTP answer', async () => {
    const err = await configMaps.get({ name: 'missing', namespace: ns }).catch((e: unknown) => e);
    assert.ok(err instanceof NotFoundError);
    assert.equal(err.code, 404);
    assert.equal(err.reason, 'NotFound');
    assert.equal(err.status?.details?.kind, 'configmaps');
    assert.match(err.message, new RegExp(`get configmaps ${ns}/missing: configmaps "missing" not found`));
    assert.ok(err.cause instanceof KubeHttpError);
    assert.equal(err.cause.code, 404);
  });

  test('an invalid object is an InvalidError with the field paths of the causes', async () => {
    const err = await configMaps
      .create({
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
    const api = limited.resource<ConfigMap>(resources.configMaps);
    await configMaps.create({ namespace: ns, body: { metadata: { name: 'rl' } } });
    // All 50 calls are issued in one synchronous loop, so each takes its token at (nearly) the same instant; on a
    // busy machine the loop itself can take tens of ms, during which tokens refill: each later wait is that much
    // shorter, never longer.
    const loopStart = performance.now();
    const calls = Array.from({ length: 50 }, () => api.get({ name: 'rl', namespace: ns }));
    const loopMs = performance.now() - loopStart;
    const stats = limited.rateLimiter.stats();
    assert.equal(stats.reservations, 50);
    assert.equal(stats.waited, 40, '10 go at once (the burst), 40 wait for tokens');
    // The 40th waiting call gets the 40th new token: 40 / 20 qps = 2 s after the burst.
    assert.ok(
      stats.maxWaitMs <= 2000 + 25 && stats.maxWaitMs >= 2000 - loopMs - 25,
      `max wait ${stats.maxWaitMs} (loop ${loopMs.toFixed(1)} ms)`,
    );
    // Waits are 50 ms, 100 ms, … 2000 ms: 50 ms × (1 + … + 40).
    const ideal = 50 * ((40 * 41) / 2);
    assert.ok(
      stats.totalWaitMs <= ideal + 25 * 40 && stats.totalWaitMs >= ideal - 40 * (loopMs + 25),
      `total wait ${stats.totalWaitMs} (loop ${loopMs.toFixed(1)} ms)`,
    );
    const results = await Promise.all(calls);
    assert.equal(results.length, 50);
    assert.ok(results.every((cm) => cm.metadata?.name === 'rl'));
  });

  test('objects are plain JSON: timestamps stay strings; merge, strategic and json patches; status', async () => {
    const name = 'plain';
    const created = await configMaps.create({
      namespace: ns,
      body: { metadata: { name }, data: { a: '1' } },
    });
    assert.equal(typeof created.metadata?.creationTimestamp, 'string');
    assert.equal(Object.getPrototypeOf(created), Object.prototype);
    const merged = await configMaps.patch({
      namespace: ns,
      name,
      type: 'merge',
      patch: { data: { b: '2' } },
    });
    assert.deepEqual(merged.data, { a: '1', b: '2' });
    const strategic = await configMaps.patch({
      namespace: ns,
      name,
      type: 'strategic',
      patch: { data: { c: '3' } },
    });
    assert.deepEqual(strategic.data, { a: '1', b: '2', c: '3' });
    const json = await configMaps.patch({
      namespace: ns,
      name,
      type: 'json',
      patch: [{ op: 'remove', path: '/data/a' }],
    });
    assert.deepEqual(json.data, { b: '2', c: '3' });
    const applied = await configMaps.patch({
      namespace: ns,
      name,
      type: 'apply',
      fieldManager: 'e2e',
      force: true,
      patch: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { d: '4' } },
    });
    assert.equal(applied.data?.d, '4');
    const listed = await configMaps.list({ namespace: ns, fieldSelector: `metadata.name=${name}` });
    assert.deepEqual(
      listed.items.map((c) => c.metadata?.name),
      [name],
    );
    assert.equal(typeof listed.metadata?.resourceVersion, 'string');
    // A stale uid precondition is refused as a Conflict.
    await assert.rejects(
      configMaps.delete({ namespace: ns, name, preconditions: { uid: 'not-the-uid' } }),
      ConflictError,
    );
    await configMaps.delete({ namespace: ns, name, propagationPolicy: 'Background', gracePeriodSeconds: 0 });
  });

  test('a watch streams the events after a list, and ends with its signal', async () => {
    const list = await configMaps.list({ namespace: ns });
    const controller = new AbortController();
    const seen: string[] = [];
    const watching = (async () => {
      try {
        for await (const event of configMaps.watch({
          namespace: ns,
          resourceVersion: list.metadata?.resourceVersion ?? '',
          signal: controller.signal,
        })) {
          seen.push(`${event.type} ${event.object.metadata?.name}`);
          if (seen.length === 2) controller.abort();
        }
      } catch (err) {
        if (!controller.signal.aborted) throw err;
      }
    })();
    await configMaps.create({ namespace: ns, body: { metadata: { name: 'watched' } } });
    await configMaps.delete({ namespace: ns, name: 'watched' });
    await watching;
    assert.deepEqual(seen, ['ADDED watched', 'DELETED watched']);
  });

  test('a traced call: the client span and the apiserver span appear in one Jaeger trace', async () => {
    const tracer = telemetry.tracer('e2e');
    const traceId = await tracer.startActiveSpan('reconcile test', async (root) => {
      await configMaps.get({ name: 'missing', namespace: ns }).catch(() => undefined);
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
