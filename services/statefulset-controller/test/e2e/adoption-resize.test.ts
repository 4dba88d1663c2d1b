// Advanced StatefulSet ownership and storage on the real cluster: an uncontrolled pod named `<set>-<ordinal>` that
// matches the selector is adopted, counted, and not recreated (docs/behaviour/advanced-statefulset.md#claiming); with
// StatefulSetAutoResizePVCGate (on in the harness) and `volumeClaimUpdateStrategy.type: OnPodRollingUpdate`, a claim
// template whose storage request grows grows the PVCs pod by pod as the rolling update reaches them, when their
// StorageClass has `allowVolumeExpansion: true` (#volume-resize; Kruise's e2e
// recreate_expand_vct_with_sc_can_expand / _cannot_expand of test/e2e/apps/v1beta1/statefulset.go).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eventually } from '@kruise-ts/devcluster';
import { PatchStrategy, StorageV1Api, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import { Harness } from './support/harness.ts';

const h = new Harness();
const classes: string[] = [];
const volumes: string[] = [];
before(() => h.start());
after(async () => {
  const storage = h.kc.makeApiClient(StorageV1Api);
  for (const name of classes) await storage.deleteStorageClass({ name }).catch(() => {});
  for (const name of volumes) await h.core.deletePersistentVolume({ name }).catch(() => {});
  await h.stop();
});

const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const kubectlKruise = join(
  dirname(fileURLToPath(import.meta.url)),
  ...['..', '..', '..', '..', 'packages', 'kubectl-kruise', 'bin', 'kubectl-kruise'],
);
const rolloutWhy = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      kubectlKruise,
      ['rollout', 'why', ...args, '--kubeconfig', h.cluster.kubeconfigPath],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : 1, stdout, stderr }),
    );
  });
const controllerOf = (p: V1Pod | undefined) =>
  p?.metadata?.ownerReferences?.find((r) => r.controller === true);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Advanced StatefulSet adoption (docs/behaviour/advanced-statefulset.md#claiming)', () => {
  it('an uncontrolled ad-0 matching the selector is adopted and counted; only ad-1 is created', async () => {
    const ns = await h.namespace('adopt');
    const orphan = await h.core.createNamespacedPod({
      namespace: ns,
      body: {
        metadata: { name: 'ad-0', labels: { app: 'ad' } },
        spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
      },
    });
    await eventually(
      'ad-0 running (and so mirrored by the watcher)',
      async () =>
        (await h.core.readNamespacedPod({ namespace: ns, name: 'ad-0' })).status?.phase === 'Running' ||
        undefined,
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // A partition of 2 keeps the adopted pod (at no revision of the set) from being recreated by the update.
    const set = await h.createSet(ns, 'ad', {
      replicas: 2,
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
    } as never);
    const adopted = await eventually(
      'ad-0 adopted',
      async () => {
        const p = await h.core.readNamespacedPod({ namespace: ns, name: 'ad-0' });
        return controllerOf(p)?.uid === set.metadata?.uid ? p : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(adopted.metadata?.uid, orphan.metadata?.uid, 'the same pod, not a recreation');
    assert.deepEqual(
      { ...controllerOf(adopted) },
      {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'StatefulSet',
        name: 'ad',
        uid: set.metadata?.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    );
    await h.waitForSet(ns, 'ad', '2 replicas', (s) => s.status?.replicas === 2);
    await sleep(2000);
    const pods = await h.pods(ns);
    assert.deepEqual(pods.map((p) => p.metadata?.name).sort(), ['ad-0', 'ad-1']);
    assert.equal(pods.find((p) => p.metadata?.name === 'ad-0')?.metadata?.uid, orphan.metadata?.uid);
  });
});

describe('Advanced StatefulSet claim resize in the rollout (docs/behaviour/advanced-statefulset.md#volume-resize)', () => {
  const template = (name: string, storageClassName: string, size: string) => ({
    metadata: { name },
    spec: { accessModes: ['ReadWriteOnce'], storageClassName, resources: { requests: { storage: size } } },
  });
  const setSpec = (app: string, storageClassName: string) =>
    ({
      replicas: 3,
      podManagementPolicy: 'Parallel',
      volumeClaimUpdateStrategy: { type: 'OnPodRollingUpdate' },
      volumeClaimTemplates: [template('data', storageClassName, '1Gi')],
      template: {
        metadata: { labels: { app } },
        spec: {
          containers: [
            {
              name: 'main',
              image: 'nginx:1.22-alpine',
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
          ],
        },
      },
      selector: { matchLabels: { app } },
    }) as never;
  const storageClass = async (name: string, allowVolumeExpansion: boolean) => {
    await h.kc.makeApiClient(StorageV1Api).createStorageClass({
      body: { metadata: { name }, provisioner: 'example.kruise-ts.dev/none', allowVolumeExpansion },
    });
    classes.push(name);
  };
  /**
   * No volume binder runs here: the test plays it, with a PersistentVolume per claim, the claim's volumeName and
   * bind-completed annotation (what the scheduler's VolumeBinding plugin checks) and a Bound status of 1Gi.
   */
  const bind = async (ns: string, cls: string, names: string[]) => {
    await eventually(
      `${names.length} PVCs`,
      async () => ((await h.claims(ns)).length === names.length ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    for (const name of names) {
      const claim = await h.core.readNamespacedPersistentVolumeClaim({ namespace: ns, name });
      const pv = `${ns}-${name}`;
      await h.core.createPersistentVolume({
        body: {
          metadata: { name: pv },
          spec: {
            capacity: { storage: '1Gi' },
            accessModes: ['ReadWriteOnce'],
            storageClassName: cls,
            persistentVolumeReclaimPolicy: 'Delete',
            hostPath: { path: `/tmp/${pv}` },
            claimRef: { namespace: ns, name, uid: claim.metadata?.uid ?? '' },
          },
        },
      });
      volumes.push(pv);
      await h.core.patchNamespacedPersistentVolumeClaim(
        {
          namespace: ns,
          name,
          body: {
            metadata: { annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } },
            spec: { volumeName: pv },
          },
        },
        merge,
      );
      await h.core.patchNamespacedPersistentVolumeClaimStatus(
        { namespace: ns, name, body: { status: { phase: 'Bound', capacity: { storage: '1Gi' } } } },
        merge,
      );
    }
  };

  it('grows one pod at a time from the highest ordinal, each after the previous volume grew', async () => {
    const ns = await h.namespace('resize');
    const cls = `${ns}-expandable`;
    await storageClass(cls, true);
    await h.createSet(ns, 'rs', setSpec('rs', cls));
    const names = ['data-rs-0', 'data-rs-1', 'data-rs-2'];
    await bind(ns, cls, names);
    await h.waitForSet(ns, 'rs', '3 ready', (s) => s.status?.readyReplicas === 3);
    await h.patchSet(ns, 'rs', { spec: { volumeClaimTemplates: [template('data', cls, '2Gi')] } });
    // The test plays the volume plugin: a claim the controller grew gets its capacity a second later. Before
    // that, no other claim may have grown (maxUnavailable 1: the pod of a growing volume is unavailable).
    const order: string[] = [];
    const deadline = Date.now() + 90_000;
    while (order.length < names.length && Date.now() < deadline) {
      const grown = (await h.claims(ns)).filter(
        (c) => c.spec?.resources?.requests?.storage === '2Gi' && !order.includes(c.metadata?.name ?? ''),
      );
      assert.ok(grown.length <= 1, `one claim grows at a time, got ${grown.map((c) => c.metadata?.name)}`);
      const next = grown[0];
      if (next === undefined) {
        await sleep(250);
        continue;
      }
      const name = next.metadata?.name ?? '';
      order.push(name);
      assert.equal(next.metadata?.annotations?.['apps.kruise.io/owned-by-asts'], 'rs');
      await sleep(1000);
      const still = (await h.claims(ns)).filter(
        (c) => c.spec?.resources?.requests?.storage === '2Gi' && !order.includes(c.metadata?.name ?? ''),
      );
      assert.deepEqual(
        still.map((c) => c.metadata?.name),
        [],
        `nothing else grows while ${name}'s volume grows`,
      );
      await h.core.patchNamespacedPersistentVolumeClaimStatus(
        { namespace: ns, name, body: { status: { capacity: { storage: '2Gi' } } } },
        merge,
      );
    }
    assert.deepEqual(order, ['data-rs-2', 'data-rs-1', 'data-rs-0']);
    const set = await h.waitForSet(ns, 'rs', 'every claim compatible and ready', (s) =>
      (s.status?.volumeClaims ?? []).some(
        (v) => v.volumeClaimName === 'data' && v.compatibleReplicas === 3 && v.compatibleReadyReplicas === 3,
      ),
    );
    assert.equal(set.status?.readyReplicas, 3);
    const reasons = (await h.core.listNamespacedEvent({ namespace: ns })).items.map((e) => e.reason);
    assert.equal(reasons.filter((r) => r === 'SuccessfulResize').length, 3);
    // The rollout's trace says what it waited for: each pod for its volume (docs/behaviour/advanced-statefulset.md#tracing).
    const why = await eventually(
      'rollout why reads the completed rollout',
      async () => {
        const r = await rolloutWhy(['asts/rs', '-n', ns, '--jaeger-url', h.cluster.jaegerQueryUrl]);
        return r.code === 0 && r.stdout.includes('rollout complete in') ? r.stdout : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 2000 },
    );
    console.log(why);
    for (const pod of ['rs-0', 'rs-1', 'rs-2']) {
      assert.match(why, new RegExp(`${pod} +WaitingForVolumeResize`), `${pod} waited for its volume`);
    }
  });

  it('leaves the claims alone when the StorageClass does not allow expansion', async () => {
    const ns = await h.namespace('fixed');
    const cls = `${ns}-fixed`;
    await storageClass(cls, false);
    await h.createSet(ns, 'fx', setSpec('fx', cls));
    await bind(ns, cls, ['data-fx-0', 'data-fx-1', 'data-fx-2']);
    await h.waitForSet(ns, 'fx', '3 ready', (s) => s.status?.readyReplicas === 3);
    await h.patchSet(ns, 'fx', { spec: { volumeClaimTemplates: [template('data', cls, '2Gi')] } });
    await h.waitForSet(ns, 'fx', 'generation observed', (s) => s.status?.observedGeneration === 2);
    await sleep(3000);
    const sizes = (await h.claims(ns)).map((c) => c.spec?.resources?.requests?.storage);
    assert.deepEqual(sizes, ['1Gi', '1Gi', '1Gi']);
  });
});
