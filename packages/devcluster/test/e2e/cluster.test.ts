// Proves the local cluster is real: each test talks to the running apiserver, kwok, kube-controller-manager,
// nats-server and Jaeger, never to a stand-in.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1Pod,
} from '@kubernetes/client-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  acquireCluster,
  type ClusterLease,
  eventually,
  markPodFailed,
  markPodNotReady,
} from '../../src/index.ts';

let cluster: ClusterLease;
let kc: KubeConfig;
let core: CoreV1Api;
const ns = `devcluster-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
});

after(async () => {
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await cluster?.release();
});

const ready = (pod: V1Pod) => pod.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
const strategicMerge = setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch);

function podBody(name: string, extra: Partial<V1Pod['spec']> = {}): V1Pod {
  return {
    metadata: { name, labels: { app: name } },
    spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }], ...extra },
  };
}

async function runningPod(name: string): Promise<V1Pod> {
  return eventually(`pod ${name} running`, async () => {
    const pod = await core.readNamespacedPod({ name, namespace: ns });
    return pod.status?.phase === 'Running' ? pod : undefined;
  });
}

describe('kube-apiserver + kube-scheduler + kwok behave like a kubelet', () => {
  test('a pod is scheduled onto a fake node and becomes Running and Ready with an imageID', async () => {
    await core.createNamespacedPod({ namespace: ns, body: podBody('web') });
    const pod = await eventually('pod web ready', async () => {
      const p = await core.readNamespacedPod({ name: 'web', namespace: ns });
      return ready(p) ? p : undefined;
    });
    assert.match(pod.spec?.nodeName ?? '', /^kwok-node-/);
    const status = pod.status?.containerStatuses?.[0];
    assert.equal(status?.image, 'nginx:1.22-alpine');
    assert.match(status?.imageID ?? '', /^kwok:\/\/sha256:[0-9a-f]{64}$/);
    assert.equal(status?.ready, true);
    assert.ok(pod.status?.podIP, 'pod IP assigned');
  });

  test('an in-place image change is reflected with a new imageID and a restart', async () => {
    const before = await runningPod('web');
    const oldImageId = before.status?.containerStatuses?.[0]?.imageID;
    await core.patchNamespacedPod(
      {
        name: 'web',
        namespace: ns,
        body: { spec: { containers: [{ name: 'main', image: 'nginx:1.23-alpine' }] } },
      },
      strategicMerge,
    );
    const after = await eventually('containerStatuses follow the new image', async () => {
      const p = await core.readNamespacedPod({ name: 'web', namespace: ns });
      return p.status?.containerStatuses?.[0]?.image === 'nginx:1.23-alpine' ? p : undefined;
    });
    const status = after.status?.containerStatuses?.[0];
    assert.notEqual(status?.imageID, oldImageId);
    assert.match(status?.imageID ?? '', /^kwok:\/\/sha256:/);
    assert.equal(status?.restartCount, 1);
    assert.equal(after.metadata?.uid, before.metadata?.uid, 'same pod, updated in place');
  });

  test('a readinessGate condition that is not True keeps the pod not Ready; True makes it Ready', async () => {
    await core.createNamespacedPod({
      namespace: ns,
      body: podBody('gated', { readinessGates: [{ conditionType: 'example.com/gate' }] }),
    });
    const pod = await runningPod('gated');
    assert.equal(ready(pod), false);
    await core.patchNamespacedPodStatus(
      {
        name: 'gated',
        namespace: ns,
        body: { status: { conditions: [{ type: 'example.com/gate', status: 'False' }] } },
      },
      strategicMerge,
    );
    // Give the fake kubelet time to (wrongly) flip it; it must not.
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(ready(await core.readNamespacedPod({ name: 'gated', namespace: ns })), false);
    await core.patchNamespacedPodStatus(
      {
        name: 'gated',
        namespace: ns,
        body: { status: { conditions: [{ type: 'example.com/gate', status: 'True' }] } },
      },
      strategicMerge,
    );
    await eventually('gated pod Ready once its gate is True', async () =>
      ready(await core.readNamespacedPod({ name: 'gated', namespace: ns })),
    );
    await core.patchNamespacedPodStatus(
      {
        name: 'gated',
        namespace: ns,
        body: { status: { conditions: [{ type: 'example.com/gate', status: 'False' }] } },
      },
      strategicMerge,
    );
    await eventually(
      'gated pod not Ready once its gate is False again',
      async () => !ready(await core.readNamespacedPod({ name: 'gated', namespace: ns })),
    );
  });

  test('a test can mark a pod not-Ready or Failed on demand, and it stays so', async () => {
    await core.createNamespacedPod({ namespace: ns, body: podBody('victim') });
    await eventually('victim ready', async () =>
      ready(await core.readNamespacedPod({ name: 'victim', namespace: ns })),
    );
    await markPodNotReady(kc, ns, 'victim');
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(ready(await core.readNamespacedPod({ name: 'victim', namespace: ns })), false);
    await markPodFailed(kc, ns, 'victim');
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal((await core.readNamespacedPod({ name: 'victim', namespace: ns })).status?.phase, 'Failed');
  });

  test('pods owned by a Job complete (Succeeded) and the Job controller sees it', async () => {
    const { BatchV1Api } = await import('@kubernetes/client-node');
    const batch = kc.makeApiClient(BatchV1Api);
    await batch.createNamespacedJob({
      namespace: ns,
      body: {
        metadata: { name: 'once' },
        spec: {
          template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36' }] } },
        },
      },
    });
    await eventually(
      'job succeeded',
      async () =>
        ((await batch.readNamespacedJob({ name: 'once', namespace: ns })).status?.succeeded ?? 0) >= 1,
      { timeoutMs: 60_000 },
    );
  });

  test('a Job pod annotated kruise-ts.dev/job-outcome=failed fails (exit code 1) and the Job counts it', async () => {
    const { BatchV1Api } = await import('@kubernetes/client-node');
    const batch = kc.makeApiClient(BatchV1Api);
    await batch.createNamespacedJob({
      namespace: ns,
      body: {
        metadata: { name: 'doomed' },
        spec: {
          backoffLimit: 0,
          template: {
            metadata: { annotations: { 'kruise-ts.dev/job-outcome': 'failed' } },
            spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36' }] },
          },
        },
      },
    });
    await eventually(
      'job pod failed',
      async () =>
        ((await batch.readNamespacedJob({ name: 'doomed', namespace: ns })).status?.failed ?? 0) >= 1,
      { timeoutMs: 60_000 },
    );
    const pods = await core.listNamespacedPod({ namespace: ns, labelSelector: 'job-name=doomed' });
    const terminated = pods.items[0]?.status?.containerStatuses?.[0]?.state?.terminated;
    assert.equal(pods.items[0]?.status?.phase, 'Failed');
    assert.equal(terminated?.exitCode, 1);
  });
});

describe('kube-controller-manager', () => {
  test('deleting an owner garbage-collects its dependents', async () => {
    const owner = await core.createNamespacedConfigMap({
      namespace: ns,
      body: { metadata: { name: 'owner' } },
    });
    await core.createNamespacedPod({
      namespace: ns,
      body: {
        ...podBody('dependent'),
        metadata: {
          name: 'dependent',
          ownerReferences: [
            { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata!.uid! },
          ],
        },
      },
    });
    await eventually(
      'dependent running',
      async () =>
        (await core.readNamespacedPod({ name: 'dependent', namespace: ns })).status?.phase === 'Running',
    );
    await core.deleteNamespacedConfigMap({ name: 'owner', namespace: ns, propagationPolicy: 'Background' });
    await eventually(
      'dependent pod collected',
      async () => {
        const pods = await core.listNamespacedPod({
          namespace: ns,
          fieldSelector: 'metadata.name=dependent',
        });
        return pods.items.length === 0;
      },
      { timeoutMs: 60_000 },
    );
  });
});

describe('CustomResourceDefinitions', () => {
  test('a CRD with status and scale subresources round-trips', async () => {
    const group = `t${randomBytes(3).toString('hex')}.kruise-ts.dev`;
    const ext = kc.makeApiClient(ApiextensionsV1Api);
    await ext.createCustomResourceDefinition({
      body: {
        metadata: { name: `widgets.${group}` },
        spec: {
          group,
          scope: 'Namespaced',
          names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              schema: {
                openAPIV3Schema: {
                  type: 'object',
                  properties: {
                    spec: { type: 'object', properties: { replicas: { type: 'integer' } } },
                    status: {
                      type: 'object',
                      properties: { replicas: { type: 'integer' }, selector: { type: 'string' } },
                    },
                  },
                },
              },
              subresources: {
                status: {},
                scale: {
                  specReplicasPath: '.spec.replicas',
                  statusReplicasPath: '.status.replicas',
                  labelSelectorPath: '.status.selector',
                },
              },
            },
          ],
        },
      },
    });
    await eventually('CRD established', async () => {
      const crd = await ext.readCustomResourceDefinition({ name: `widgets.${group}` });
      return crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
    });
    const custom = kc.makeApiClient(CustomObjectsApi);
    const ref = { group, version: 'v1', namespace: ns, plural: 'widgets' };
    await eventually('CR create accepted', async () =>
      custom.createNamespacedCustomObject({
        ...ref,
        body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w' }, spec: { replicas: 2 } },
      }),
    );
    // status subresource: a status write does not change spec; a spec write ignores status.
    const current = (await custom.getNamespacedCustomObject({ ...ref, name: 'w' })) as Record<
      string,
      unknown
    >;
    await custom.replaceNamespacedCustomObjectStatus({
      ...ref,
      name: 'w',
      body: { ...current, status: { replicas: 2, selector: 'app=w' } },
    });
    const scale = await custom.getNamespacedCustomObjectScale({ ...ref, name: 'w' });
    assert.equal((scale as { spec: { replicas: number } }).spec.replicas, 2);
    assert.equal((scale as { status: { replicas: number; selector: string } }).status.selector, 'app=w');
    await custom.patchNamespacedCustomObjectScale(
      { ...ref, name: 'w', body: { spec: { replicas: 5 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const after = (await custom.getNamespacedCustomObject({ ...ref, name: 'w' })) as {
      spec: { replicas: number };
      status: { replicas: number };
    };
    assert.equal(after.spec.replicas, 5);
    assert.equal(after.status.replicas, 2);
    await ext.deleteCustomResourceDefinition({ name: `widgets.${group}` });
  });
});

describe('nats-server with JetStream', () => {
  test('a stream publishes and a consumer receives the message', async () => {
    const nc = await connect({ servers: cluster.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = `DEVCLUSTER_${randomBytes(3).toString('hex')}`;
      await jsm.streams.add({ name: stream, subjects: [`${stream}.>`] });
      const js = jetstream(nc);
      const ack = await js.publish(`${stream}.hello`, new TextEncoder().encode('hi'));
      assert.equal(ack.stream, stream);
      await jsm.consumers.add(stream, { durable_name: 'reader', ack_policy: 'explicit' });
      const consumer = await js.consumers.get(stream, 'reader');
      const msg = await consumer.next({ expires: 5_000 });
      assert.ok(msg, 'a message arrived');
      assert.equal(msg.string(), 'hi');
      msg.ack();
      await jsm.streams.delete(stream);
    } finally {
      await nc.drain();
    }
  });
});

describe('Jaeger', () => {
  test('a span sent over OTLP/HTTP is read back from the query API', async () => {
    const traceId = randomBytes(16).toString('hex');
    const service = `devcluster-test-${randomBytes(3).toString('hex')}`;
    const nowNs = BigInt(Date.now()) * 1_000_000n;
    const res = await fetch(`${cluster.otlpHttpEndpoint}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
            scopeSpans: [
              {
                spans: [
                  {
                    traceId,
                    spanId: randomBytes(8).toString('hex'),
                    name: 'probe',
                    kind: 1,
                    startTimeUnixNano: String(nowNs - 5_000_000n),
                    endTimeUnixNano: String(nowNs),
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    assert.equal(res.status, 200);
    const trace = await eventually(
      'trace visible in Jaeger',
      async () => {
        const r = await fetch(`${cluster.jaegerQueryUrl}/api/traces/${traceId}`);
        if (r.status !== 200) return undefined;
        const body = (await r.json()) as { data?: { spans: { operationName: string }[] }[] };
        return body.data?.[0];
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    assert.equal(trace.spans[0]?.operationName, 'probe');
  });
});
