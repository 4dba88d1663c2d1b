// revision-gc against the real cluster and bus, fed by the real watcher: a CloneSet's history is pruned to its
// revisionHistoryLimit, never touching the status revisions or a live pod's revision, and re-pruned when the
// limit shrinks or a pod goes away. No CloneSet controller runs: the test plays its part (status, revisions).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  acquireCluster,
  binaryPaths,
  type ClusterLease,
  eventually,
  type ServiceProcess,
  startServiceProcess,
} from '@kruise-ts/devcluster';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..', '..');
let cluster: ClusterLease;
let kc: KubeConfig;
const children: ServiceProcess[] = [];
const ns = `revgc-${randomBytes(3).toString('hex')}`;
const prefix = `rg${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  // CRDs as raw manifests: client-node's typed API would drop their x-kubernetes-* keys.
  const applied = spawnSync(
    binaryPaths().kubectl,
    [
      '--kubeconfig',
      cluster.kubeconfigPath,
      'apply',
      '--server-side',
      '--force-conflicts',
      '-f',
      join(repo, 'deploy', 'crds'),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(applied.status, 0, applied.stderr);
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
  const env = {
    KRUISE_TS_KUBECONFIG: cluster.kubeconfigPath,
    KRUISE_TS_NATS_URL: cluster.natsUrl,
    KRUISE_TS_BUS_PREFIX: prefix,
    KRUISE_TS_PARTITIONS: '4',
    KRUISE_TS_LEASE_TTL_MS: '3000',
    KRUISE_TS_HTTP_HOST: '127.0.0.1',
    KRUISE_TS_HTTP_PORT: '0',
    KRUISE_TS_LOG_LEVEL: 'warn',
  };
  const start = (service: string, extra: Record<string, string> = {}) => {
    children.push(
      startServiceProcess(
        service,
        { ...env, ...extra },
        { onLine: (line, stream) => stream === 'stderr' && process.stderr.write(`[${service}] ${line}\n`) },
      ),
    );
  };
  start('watcher', {
    KRUISE_TS_WATCHER_RESOURCES: 'clonesets.apps.kruise.io,controllerrevisions.apps,pods.core',
  });
  start('revision-gc');
});

after(async () => {
  await Promise.all(children.map((c) => c.stop()));
  await kc
    ?.makeApiClient(CoreV1Api)
    .deleteNamespace({ name: ns })
    .catch(() => {});
  await cluster?.release();
});

test('prunes a CloneSet history to its limit, keeping status and live-pod revisions', async () => {
  const custom = kc.makeApiClient(CustomObjectsApi);
  const apps = kc.makeApiClient(AppsV1Api);
  const core = kc.makeApiClient(CoreV1Api);
  const ref = { group: 'apps.kruise.io', version: 'v1beta1', namespace: ns, plural: 'clonesets' };
  const cs = (await custom.createNamespacedCustomObject({
    ...ref,
    body: {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      metadata: { name: 'web' },
      spec: {
        replicas: 0,
        revisionHistoryLimit: 2,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'c', image: 'nginx:1.22-alpine' }] },
        },
      },
    },
  })) as { metadata: { uid: string } };
  const owner = {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    name: 'web',
    uid: cs.metadata.uid,
    controller: true,
  };
  await custom.patchNamespacedCustomObjectStatus(
    {
      ...ref,
      name: 'web',
      body: {
        status: {
          replicas: 0,
          readyReplicas: 0,
          availableReplicas: 0,
          updatedReplicas: 0,
          updatedReadyReplicas: 0,
          currentRevision: 'web-r5',
          updateRevision: 'web-r6',
        },
      },
    },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  // A pod still on revision 2.
  await core.createNamespacedPod({
    namespace: ns,
    body: {
      metadata: {
        name: 'web-old',
        labels: { app: 'web', 'controller-revision-hash': 'web-r2' },
        ownerReferences: [owner],
      },
      spec: { containers: [{ name: 'c', image: 'nginx:1.21-alpine' }] },
    },
  });
  for (let n = 1; n <= 6; n++) {
    await apps.createNamespacedControllerRevision({
      namespace: ns,
      body: {
        metadata: { name: `web-r${n}`, labels: { app: 'web' }, ownerReferences: [owner] },
        revision: n,
        data: { n },
      },
    });
  }
  const names = async () =>
    (await apps.listNamespacedControllerRevision({ namespace: ns })).items
      .map((r) => r.metadata?.name)
      .sort();

  // Idle: r1, r3, r4; limit 2 keeps the newest two idle ones.
  const first = await eventually(
    'r1 pruned',
    async () => {
      const n = await names();
      return n.includes('web-r1') ? undefined : n;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.deepEqual(first, ['web-r2', 'web-r3', 'web-r4', 'web-r5', 'web-r6']);

  await custom.patchNamespacedCustomObject(
    { ...ref, name: 'web', body: { spec: { revisionHistoryLimit: 0 } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  const second = await eventually(
    'idle revisions pruned to limit 0',
    async () => {
      const n = await names();
      return n.length === 3 ? n : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.deepEqual(second, ['web-r2', 'web-r5', 'web-r6'], 'the live pod keeps r2; status keeps r5 and r6');

  await core.deleteNamespacedPod({ namespace: ns, name: 'web-old', gracePeriodSeconds: 0 });
  const third = await eventually(
    'r2 pruned once its pod is gone',
    async () => {
      const n = await names();
      return n.length === 2 ? n : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.deepEqual(third, ['web-r5', 'web-r6']);
});
