// Orphan adoption on the real cluster (docs/behaviour/cloneset.md#orphan-adoption): a pod of the namespace that
// matches the selector and has no controller is adopted (ownerReference with the CloneSet as controller), counted,
// and no pod is created in its place; a CloneSet being deleted adopts nothing. Releasing a relabelled pod is
// shown in lifecycle.test.ts ('a pod relabelled out of the selector is released … and replaced').
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { PatchStrategy, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  getCloneSet,
  isActive,
  listPods,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOLD = 'example.kruise-ts.dev/hold';

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

async function createOrphan(ns: string, name: string, app: string): Promise<V1Pod> {
  const pod = await h.core.createNamespacedPod({
    namespace: ns,
    body: {
      metadata: { name, labels: { app } },
      spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
    },
  });
  // Running means the watcher has mirrored it long before the CloneSet appears.
  await eventually(
    `${name} running`,
    async () =>
      (await h.core.readNamespacedPod({ namespace: ns, name })).status?.phase === 'Running'
        ? true
        : undefined,
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  return pod;
}

const controllerOf = (p: V1Pod | undefined) =>
  p?.metadata?.ownerReferences?.find((r) => r.controller === true);

describe('orphan adoption (docs/behaviour/cloneset.md#orphan-adoption)', () => {
  it('an orphan matching the selector is adopted and counted; no extra pod is created', async () => {
    const ns = await h.namespace('adopt');
    const orphan = await createOrphan(ns, 'stray', 'ad');
    // A partition of 2 keeps the adopted pod (not on the update revision) from being recreated.
    const cs = await createCloneSet(
      h,
      cloneSetObject(ns, 'ad', { replicas: 2, rollingUpdate: { partition: 2 } }),
    );
    const adopted = await eventually(
      'stray adopted',
      async () => {
        const p = (await listPods(h, ns, 'ad')).find((x) => x.metadata?.name === 'stray');
        return controllerOf(p)?.uid === cs.metadata?.uid ? p : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(adopted.metadata?.uid, orphan.metadata?.uid, 'the same pod, not a recreation');
    assert.deepEqual(controllerOf(adopted), {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'CloneSet',
      name: 'ad',
      uid: cs.metadata?.uid,
      controller: true,
      blockOwnerDeletion: true,
    });
    await waitForStatus(h, ns, 'ad', { replicas: 2, readyReplicas: 2 });
    await sleep(2000);
    const pods = (await listPods(h, ns, 'ad')).filter(isActive);
    assert.equal(pods.length, 2, `pods: ${pods.map((p) => p.metadata?.name).join(',')}`);
    assert.ok(pods.some((p) => p.metadata?.name === 'stray'));
    assert.equal((await getCloneSet(h, ns, 'ad')).status?.replicas, 2);
  });

  it('a CloneSet being deleted adopts nothing', async () => {
    const ns = await h.namespace('noadopt');
    const obj = cloneSetObject(ns, 'nd', { replicas: 1 });
    obj.metadata = { ...obj.metadata, finalizers: [HOLD] };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'nd', { replicas: 1, readyReplicas: 1 });
    await h.custom.deleteNamespacedCustomObject({
      group: 'apps.kruise.io',
      version: 'v1beta1',
      namespace: ns,
      plural: 'clonesets',
      name: 'nd',
    });
    await createOrphan(ns, 'late', 'nd');
    await sleep(3000);
    const late = await h.core.readNamespacedPod({ namespace: ns, name: 'late' });
    assert.equal(controllerOf(late), undefined, 'not adopted while the CloneSet is being deleted');
    await h.custom.patchNamespacedCustomObject(
      {
        group: 'apps.kruise.io',
        version: 'v1beta1',
        namespace: ns,
        plural: 'clonesets',
        name: 'nd',
        body: { metadata: { finalizers: null } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  });
});
