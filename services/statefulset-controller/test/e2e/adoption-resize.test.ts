// Advanced StatefulSet ownership and storage on the real cluster: an uncontrolled pod named `<set>-<ordinal>` that
// matches the selector is adopted, counted, and not recreated (docs/behaviour/advanced-statefulset.md#claiming); a
// claim template whose storage request grows grows the existing PVCs whose StorageClass has
// `allowVolumeExpansion: true`, and leaves the others alone (#volume-resize).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { PatchStrategy, StorageV1Api, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import { Harness } from './support/harness.ts';

const h = new Harness();
const classes: string[] = [];
before(() => h.start());
after(async () => {
  const storage = h.kc.makeApiClient(StorageV1Api);
  for (const name of classes) await storage.deleteStorageClass({ name }).catch(() => {});
  await h.stop();
});

const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
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

describe('Advanced StatefulSet claim resize (docs/behaviour/advanced-statefulset.md#volume-resize)', () => {
  it('a grown claim template grows the PVCs whose StorageClass allows expansion', async () => {
    const ns = await h.namespace('resize');
    const storage = h.kc.makeApiClient(StorageV1Api);
    const expandable = `${ns}-expandable`;
    const fixed = `${ns}-fixed`;
    for (const [name, allowVolumeExpansion] of [
      [expandable, true],
      [fixed, false],
    ] as const) {
      await storage.createStorageClass({
        body: { metadata: { name }, provisioner: 'example.kruise-ts.dev/none', allowVolumeExpansion },
      });
      classes.push(name);
    }
    const template = (name: string, storageClassName: string, size: string) => ({
      metadata: { name },
      spec: { accessModes: ['ReadWriteOnce'], storageClassName, resources: { requests: { storage: size } } },
    });
    await h.createSet(ns, 'rs', {
      replicas: 2,
      podManagementPolicy: 'Parallel',
      volumeClaimTemplates: [template('data', expandable, '1Gi'), template('logs', fixed, '1Gi')],
      template: {
        metadata: { labels: { app: 'rs' } },
        spec: {
          containers: [
            {
              name: 'main',
              image: 'nginx:1.22-alpine',
              volumeMounts: [
                { name: 'data', mountPath: '/data' },
                { name: 'logs', mountPath: '/logs' },
              ],
            },
          ],
        },
      },
      selector: { matchLabels: { app: 'rs' } },
    } as never);
    const names = ['data-rs-0', 'data-rs-1', 'logs-rs-0', 'logs-rs-1'];
    await eventually('four PVCs', async () => ((await h.claims(ns)).length === 4 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    // No volume binder runs here: the test binds the claims (only bound claims may grow).
    for (const name of names) {
      await h.core.patchNamespacedPersistentVolumeClaimStatus(
        { namespace: ns, name, body: { status: { phase: 'Bound', capacity: { storage: '1Gi' } } } },
        merge,
      );
    }
    await h.patchSet(ns, 'rs', {
      spec: { volumeClaimTemplates: [template('data', expandable, '2Gi'), template('logs', fixed, '2Gi')] },
    });
    const requestOf = async (name: string) =>
      (await h.core.readNamespacedPersistentVolumeClaim({ namespace: ns, name })).spec?.resources?.requests
        ?.storage;
    await eventually(
      'data claims at 2Gi',
      async () =>
        (await requestOf('data-rs-0')) === '2Gi' && (await requestOf('data-rs-1')) === '2Gi'
          ? true
          : undefined,
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const data0 = await h.core.readNamespacedPersistentVolumeClaim({ namespace: ns, name: 'data-rs-0' });
    assert.equal(data0.metadata?.annotations?.['apps.kruise.io/owned-by-asts'], 'rs');
    await sleep(2000);
    assert.equal(await requestOf('logs-rs-0'), '1Gi', 'the class does not allow expansion');
    assert.equal(await requestOf('logs-rs-1'), '1Gi');
  });
});
