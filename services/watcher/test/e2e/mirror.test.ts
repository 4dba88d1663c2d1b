// The watcher against the real apiserver and NATS: every watched kind the test can create arrives on the bus
// as ADDED, then MODIFIED, then DELETED, in revision order, each publish traced; a resource whose CRD appears
// later is picked up; a silent watch is detected as stalled and re-opened without losing what comes next.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ObjectFeed, objectEventTypeName, openObjectFeed } from '@kruise-ts/bus';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import { setupTelemetry, type Telemetry } from '@kruise-ts/telemetry';
import {
  CoreV1Api,
  type KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { type WatchedResource, watchedResources } from '../../src/kinds.ts';
import {
  busView,
  type InProcessWatcher,
  inProcessWatcher,
  installCrds,
  kruiseCrds,
  kubeConfig,
  metricValue,
  PARTITIONS,
  suffix,
  type TestBus,
  testBus,
} from './support.ts';

const id = suffix();
const ns = `watcher-mirror-${id}`;
const widgetGroup = `w${id}.kruise-ts.test`;
const crds = kruiseCrds();

/** The webhook Secret is a singleton in kruise-system that other suites may own; watch one of ours the same way. */
const testSecret: WatchedResource = {
  group: '',
  version: 'v1',
  plural: 'secrets',
  kind: 'Secret',
  namespaced: true,
  namespace: ns,
  fieldSelector: 'metadata.name=watched',
};
const widgets: WatchedResource = {
  group: widgetGroup,
  version: 'v1',
  plural: 'widgets',
  kind: 'Widget',
  namespaced: true,
};

let cluster: ClusterLease;
let kc: KubeConfig;
let bus: TestBus;
let watcher: InProcessWatcher;
let recorder: ObjectFeed;
let telemetry: Telemetry;
const exporter = new InMemorySpanExporter();

interface Seen {
  type: string;
  uid: string;
  resourceVersion: string;
  traceId: string | undefined;
}
const seen = new Map<string, Seen[]>();
const seenKey = (kind: string, namespace: string | undefined, name: string) =>
  `${kind} ${namespace ?? ''}/${name}`;

before(async () => {
  cluster = await acquireCluster();
  kc = kubeConfig(cluster.kubeconfigPath);
  telemetry = setupTelemetry({
    serviceName: 'watcher-e2e',
    serviceVersion: '0',
    exporter,
    processor: 'simple',
    env: {},
  });
  if (crds) await installCrds(kc, crds);
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  bus = await testBus(cluster.natsUrl);
  recorder = await openObjectFeed(bus, {
    partitions: Array.from({ length: PARTITIONS }, (_, i) => i),
    onEvent: ({ event, context }) => {
      const key = seenKey(event.kind?.kind ?? '', event.namespace, event.name);
      const list = seen.get(key) ?? [];
      list.push({
        type: objectEventTypeName(event.type),
        uid: event.uid,
        resourceVersion: event.resourceVersion,
        traceId: trace.getSpanContext(context)?.traceId,
      });
      seen.set(key, list);
    },
  });
  watcher = await inProcessWatcher(bus, cluster.kubeconfigPath, {
    resources: [...watchedResources.filter((r) => r.kind !== 'Secret'), testSecret, widgets],
    notInstalledRetry: { initialMs: 500, maxMs: 2_000 },
  });
  await eventually('the watcher to be ready', async () => watcher.isReady(), { timeoutMs: 60_000 });
});

after(async () => {
  await watcher?.shutdown();
  await recorder?.stop();
  await bus?.dispose();
  const api = kc ? KubernetesObjectApi.makeApiClient(kc) : undefined;
  await api
    ?.delete({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.${widgetGroup}` },
    })
    .catch(() => {});
  await kc
    ?.makeApiClient(CoreV1Api)
    .deleteNamespace({ name: ns })
    .catch(() => {});
  await telemetry?.shutdown();
  await cluster?.release();
});

/**
 * Creates, labels and deletes `object`, then checks the bus delivered its life in order: ADDED at the created
 * revision first, a MODIFIED at the label's revision, DELETED last, revisions strictly increasing, one uid.
 */
async function roundTrip(object: KubernetesObject, kind = object.kind ?? ''): Promise<Seen[]> {
  const api = KubernetesObjectApi.makeApiClient(kc);
  const created = await api.create(object);
  const header = { apiVersion: object.apiVersion, kind: object.kind, metadata: { ...object.metadata } };
  const labelled = await api.patch(
    { ...header, metadata: { ...header.metadata, labels: { step: 'labelled' } } },
    undefined,
    undefined,
    undefined,
    undefined,
    PatchStrategy.MergePatch,
  );
  await api.delete(header, undefined, undefined, undefined, undefined, 'Background');
  const key = seenKey(kind, object.metadata?.namespace, object.metadata?.name ?? '');
  const events = await eventually(
    `${key} DELETED on the bus`,
    async () => {
      const list = seen.get(key);
      return list?.at(-1)?.type === 'DELETED' ? list : undefined;
    },
    { timeoutMs: 60_000 },
  );
  assert.equal(events[0]?.type, 'ADDED', `${key}: first event`);
  assert.equal(
    events[0]?.resourceVersion,
    created.metadata?.resourceVersion,
    `${key}: ADDED at the created revision`,
  );
  assert.ok(
    events.some((e) => e.type === 'MODIFIED' && e.resourceVersion === labelled.metadata?.resourceVersion),
    `${key}: MODIFIED at the labelled revision ${labelled.metadata?.resourceVersion}; saw ${JSON.stringify(events)}`,
  );
  for (let i = 1; i < events.length; i++) {
    assert.ok(
      BigInt(events[i]!.resourceVersion) > BigInt(events[i - 1]!.resourceVersion),
      `${key}: revisions increase: ${events.map((e) => `${e.type}@${e.resourceVersion}`).join(', ')}`,
    );
  }
  assert.equal(new Set(events.map((e) => e.uid)).size, 1, `${key}: one uid`);
  assert.equal(events.filter((e) => e.type === 'DELETED').length, 1, `${key}: deleted once`);
  return events;
}

const podSpec = { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] };

describe('watcher mirrors each watched kind onto the bus in order', () => {
  test('Pod', async () => {
    const events = await roundTrip({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', namespace: ns },
      // No scheduler serves this name, so only the test changes the pod. Bound and run by kwok, it changed within
      // milliseconds of its creation, and the bus keeps one value per object: a reader that fetched late (a busy CI
      // machine) saw the binding's MODIFIED and never the ADDED it replaced.
      spec: { ...podSpec, schedulerName: 'watcher-e2e-unscheduled' },
    } as KubernetesObject);
    assert.ok(events.length >= 3);
  });

  test('Namespace (cluster-scoped; DELETED after the namespace controller finalizes it)', async () => {
    await roundTrip({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${ns}-x` } });
  });

  test('Node (unschedulable, so no other suite’s pod lands on it)', async () => {
    await roundTrip({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: `watcher-${id}` },
      spec: { unschedulable: true },
    } as KubernetesObject);
  });

  test('Job', async () => {
    await roundTrip({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'once', namespace: ns },
      spec: { template: { spec: { ...podSpec, restartPolicy: 'Never' } } },
    } as KubernetesObject);
  });

  test('PersistentVolumeClaim', async () => {
    await roundTrip({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: ns },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    } as KubernetesObject);
  });

  test('ControllerRevision', async () => {
    await roundTrip({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'web-rev1', namespace: ns },
      data: { spec: { template: {} } },
      revision: 1,
    } as KubernetesObject);
  });

  test('MutatingWebhookConfiguration and ValidatingWebhookConfiguration', async () => {
    await roundTrip({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: `watcher-${id}` },
      webhooks: [],
    } as KubernetesObject);
    await roundTrip({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: `watcher-${id}` },
      webhooks: [],
    } as KubernetesObject);
  });

  test('Secret narrowed by a fieldSelector: only the selected one is mirrored', async () => {
    await KubernetesObjectApi.makeApiClient(kc).create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'other', namespace: ns },
    });
    await roundTrip({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'watched', namespace: ns },
      stringData: { a: 'b' },
    } as KubernetesObject);
    assert.equal(seen.has(seenKey('Secret', ns, 'other')), false);
  });

  test('CloneSet (apps.kruise.io/v1beta1)', {
    skip: crds ? false : 'deploy/crds/*.yaml not found: Kruise CRDs cannot be installed',
  }, async () => {
    await roundTrip({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      metadata: { name: 'web', namespace: ns },
      spec: {
        replicas: 0,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: podSpec },
      },
    } as KubernetesObject);
  });

  test('SidecarSet (cluster-scoped, apps.kruise.io/v1beta1)', {
    skip: crds ? false : 'deploy/crds/*.yaml not found: Kruise CRDs cannot be installed',
  }, async () => {
    await roundTrip({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'SidecarSet',
      metadata: { name: `watcher-${id}` },
      spec: {
        selector: { matchLabels: { sidecar: `watcher-${id}` } },
        containers: [{ name: 'side', image: 'busybox:1.36' }],
      },
    } as KubernetesObject);
  });

  test('every publish is traced: the message carries the context of a `watcher publish <Kind>` span', async () => {
    const pod = seen.get(seenKey('Pod', ns, 'web'));
    assert.ok(pod && pod.length > 0);
    const spans = exporter.getFinishedSpans().filter((s) => s.name === 'watcher publish Pod');
    assert.ok(spans.length > 0, 'spans were recorded');
    const traceIds = new Set(spans.map((s) => s.spanContext().traceId));
    for (const e of pod)
      assert.ok(e.traceId && traceIds.has(e.traceId), `trace ${e.traceId} of ${e.type}@${e.resourceVersion}`);
    const span = spans.find((s) => s.attributes['k8s.object.name'] === 'web');
    assert.equal(span?.attributes['k8s.namespace.name'], ns);
    assert.ok(
      String(span?.attributes['messaging.destination.name']).startsWith(
        `${bus.topology.objects.subjectRoot}.Pod._.`,
      ),
    );
  });
});

describe('resources that appear and watches that stall', () => {
  test('a resource whose CRD is installed after start is picked up (ready meanwhile)', async () => {
    const status = watcher.status().find((s) => s.resource === `widgets.${widgetGroup}`);
    assert.equal(status?.installed, false);
    assert.equal(watcher.isReady(), true, 'an uninstalled resource does not hold readiness back');
    const crd: V1CustomResourceDefinition = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.${widgetGroup}` },
      spec: {
        group: widgetGroup,
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: 'object', x_kubernetes_preserve_unknown_fields: true } },
          },
        ],
      },
    };
    await installCrds(kc, [crd]);
    await eventually(
      'the CRD on the bus',
      async () => seen.get(seenKey('CustomResourceDefinition', '', crd.metadata!.name!))?.[0],
    );
    await eventually(
      'the watcher to list widgets',
      async () => watcher.status().find((s) => s.resource === `widgets.${widgetGroup}`)?.installed,
    );
    await roundTrip({
      apiVersion: `${widgetGroup}/v1`,
      kind: 'Widget',
      metadata: { name: 'w1', namespace: ns },
    });
    assert.ok(
      (await metricValue(watcher.registry, 'kruise_watcher_relists_total', { reason: 'installed' })) >= 1,
    );
  });

  test('a silent watch is declared stalled after the window and re-opened; nothing after it is lost', async () => {
    const quiet: WatchedResource = { ...testSecret, fieldSelector: 'metadata.name=quiet' };
    const stallBus = await testBus(cluster.natsUrl);
    const stalling = await inProcessWatcher(stallBus, cluster.kubeconfigPath, {
      resources: [quiet],
      stallTimeoutMs: 1_000,
    });
    try {
      await eventually(
        'two stalls',
        async () => (await metricValue(stalling.registry, 'kruise_watcher_watch_stalls_total')) >= 2,
        {
          timeoutMs: 15_000,
        },
      );
      assert.ok(
        (await metricValue(stalling.registry, 'kruise_watcher_watch_restarts_total', { reason: 'stall' })) >=
          2,
      );
      const created: KubernetesObject = await KubernetesObjectApi.makeApiClient(kc).create({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'quiet', namespace: ns },
      });
      await eventually('the secret created after the stalls on the bus', async () => {
        const status = stalling.status()[0];
        return status?.objects === 1 && status.resourceVersion !== '' ? true : undefined;
      });
      const view = await eventually('bus view', async () => {
        const v = await busView(stallBus, { group: '', kind: 'Secret' }, ns);
        return v.size === 1 ? v : undefined;
      });
      assert.deepEqual(
        [...view],
        [`${ns}/quiet ${created.metadata?.uid}@${created.metadata?.resourceVersion}`],
      );
    } finally {
      await stalling.shutdown();
      await stallBus.dispose();
    }
  });
});
