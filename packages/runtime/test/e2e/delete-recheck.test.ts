// On a freshly acquired partition a PVC delete decided from the cache is re-checked against the apiserver:
// a PVC whose pod exists in the apiserver but is absent from the cache is not deleted (the key is retried),
// while an unused PVC next to it is. Real kube-apiserver and nats-server; the PVCs are published on the bus
// by hand, the pod never is (the cache lacks it, as after a take-over with a watcher behind).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import {
  type Bus,
  connectBus,
  ensureTopology,
  ObjectEventType,
  publishObjectEvent,
  topology,
} from '@kruise-ts/bus';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import { Registry } from 'prom-client';
import {
  DeleteSkippedError,
  deleteExactly,
  KubeClient,
  NotFoundError,
  resources,
  splitKey,
  startPartitionedController,
} from '../../src/index.ts';

let cluster: ClusterLease;
interface V1PersistentVolumeClaim {
  metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
  spec?: Record<string, unknown>;
}
let admin: KubeClient;
const pvcs = (kube: KubeClient) => kube.resource<V1PersistentVolumeClaim>(resources.persistentVolumeClaims);
let bus: Bus | undefined;
const ns = `recheck-${randomBytes(3).toString('hex')}`;
const pvcKind = { group: '', kind: 'PersistentVolumeClaim' };

before(async () => {
  cluster = await acquireCluster();
  admin = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: 1000, burst: 1000 });
  await admin.resource<object>(resources.namespaces).create({ body: { metadata: { name: ns } } });
});

after(async () => {
  await bus?.close();
  await admin
    ?.resource<object>(resources.namespaces)
    .delete({ name: ns })
    .catch(() => {});
  await cluster?.release();
});

const claim = (name: string): V1PersistentVolumeClaim => ({
  metadata: { name, namespace: ns },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
});

async function exists(name: string): Promise<boolean> {
  try {
    await pvcs(admin).get({ namespace: ns, name });
    return true;
  } catch (err) {
    if (err instanceof NotFoundError) return false;
    throw err;
  }
}

test('a PVC mounted by a pod the cache lacks is not deleted on a freshly acquired partition', async () => {
  const used = await pvcs(admin).create({ namespace: ns, body: claim('data-used') });
  const unused = await pvcs(admin).create({
    namespace: ns,
    body: claim('data-unused'),
  });
  // The pod exists only in the apiserver: never published, so the cache cannot see it.
  await admin.resource<object>(resources.pods).create({
    namespace: ns,
    body: {
      metadata: { name: 'web-0', namespace: ns },
      spec: {
        containers: [{ name: 'c', image: 'nginx', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-used' } }],
      },
    },
  });

  // A long lease TTL: the re-check window (2 TTLs) lasts the whole test.
  bus = await connectBus({
    servers: cluster.natsUrl,
    topology: topology({ prefix: `rc${randomBytes(3).toString('hex')}`, partitions: 1, leaseTtlMs: 15_000 }),
    publisherId: 'delete-recheck-test',
  });
  await ensureTopology(bus);
  for (const pvc of [used, unused]) {
    await publishObjectEvent(bus, {
      kind: { ...pvcKind, version: 'v1' },
      type: ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
      namespace: ns,
      name: pvc.metadata?.name ?? '',
      uid: pvc.metadata?.uid ?? '',
      resourceVersion: pvc.metadata?.resourceVersion ?? '',
      object: new TextEncoder().encode(
        JSON.stringify({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...pvc }),
      ),
    });
  }

  const core = pvcs(new KubeClient({ kubeconfigPath: cluster.kubeconfigPath }));
  const registry = new Registry();
  const outcomes: Array<{ name: string; result: boolean | string }> = [];
  const controller = await startPartitionedController({
    name: 'recheck',
    bus,
    memberId: 'm1',
    kinds: [pvcKind],
    primary: pvcKind,
    awaitListMarkers: false,
    workers: 1,
    registry,
    keysFor: ({ current, old }) => {
      const o = current ?? old;
      return o ? [`${o.namespace}/${o.name}`] : [];
    },
    // The wrong decision: the cache shows no pod using either claim, so both "may" go.
    reconcile: async ({ key, cache }) => {
      const { namespace, name } = splitKey(key);
      const cached = cache.get<V1PersistentVolumeClaim>(pvcKind, namespace, name);
      if (cached === undefined) return;
      const pvc = cached.object;
      try {
        const deleted = await deleteExactly(pvc, (body) => core.delete({ namespace, name, body }), {
          resourceVersion: true,
        });
        outcomes.push({ name, result: deleted });
      } catch (err) {
        outcomes.push({ name, result: err instanceof DeleteSkippedError ? err.reason : String(err) });
        throw err; // the key is retried with backoff
      }
    },
  });
  try {
    await eventually('the unused PVC deleted', async () => !(await exists('data-unused')), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    await eventually(
      'the mounted PVC refused at least twice (retried)',
      async () => outcomes.filter((o) => o.name === 'data-used' && o.result === 'mounted').length >= 2,
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    assert.equal(await exists('data-used'), true, 'the PVC mounted by a live pod survived');
    assert.deepEqual(
      outcomes.filter((o) => o.name === 'data-used' && o.result !== 'mounted'),
      [],
      'every delete of the mounted PVC was refused as mounted',
    );
    const metric = await registry.getSingleMetric('kruise_ts_delete_rechecks_total')?.get();
    const count = (outcome: string) =>
      metric?.values
        .filter((v) => v.labels.outcome === outcome && v.labels.kind === 'PersistentVolumeClaim')
        .reduce((sum, v) => sum + v.value, 0) ?? 0;
    assert.ok(count('mounted') >= 2, `mounted re-checks counted: ${count('mounted')}`);
    assert.equal(count('proceed'), 1, 'the unused PVC passed its re-check once');
  } finally {
    await controller.stop();
  }
});
