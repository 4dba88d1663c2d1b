// volumeClaimTemplates on the real cluster (docs/behaviour/cloneset.md#pod-creation, #specified-delete, #pvcs-deleted-with-pod): one PVC per template and pod named
// <template>-<cloneset>-<instance id> with the selector labels and the instance id; a pod deleted by someone
// else comes back under the same name with the same PVC when enablePVCReuse is on, and under a new id (the
// old PVC removed) when it is off (the v1beta1 default); controller deletions take the pod's PVCs along.
// The pods are pinned to a fake node: nothing binds PVCs here, and the scheduler would hold pods with unbound
// claims back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, requestJson } from '@kruise-ts/devcluster';
import type { V1PersistentVolumeClaim } from '@kubernetes/client-node';
import {
  type CloneSet,
  cloneSetObject,
  createCloneSet,
  INSTANCE_ID,
  isActive,
  listPods,
  patchCloneSet,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

const vct = [
  {
    metadata: { name: 'data', labels: { tier: 'storage' } },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
  },
];

async function createWithVolumes(ns: string, name: string, replicas: number, enablePVCReuse: boolean) {
  const obj = cloneSetObject(ns, name, {
    replicas,
    volumeClaimTemplates: vct,
    scaleStrategy: { enablePVCReuse },
  });
  (obj.spec.template.spec as { nodeName?: string }).nodeName = 'kwok-node-0';
  const created = await createCloneSet(h, obj);
  await waitForStatus(h, ns, name, { replicas, readyReplicas: replicas, converged: true });
  return created;
}

async function listPvcs(ns: string): Promise<V1PersistentVolumeClaim[]> {
  const res = await requestJson(h.kc, 'GET', `/api/v1/namespaces/${ns}/persistentvolumeclaims`);
  return (res.body as { items: V1PersistentVolumeClaim[] }).items.filter(
    (c) => !c.metadata?.deletionTimestamp,
  );
}

describe('volumeClaimTemplates (docs/behaviour/cloneset.md#pod-creation)', () => {
  it('creates one PVC per pod, named and labelled as Kruise does, mounted by the pod', async () => {
    const ns = await h.namespace('vct');
    const cs: CloneSet = await createWithVolumes(ns, 'db', 2, false);
    const pods = (await listPods(h, ns, 'db')).filter(isActive);
    const pvcs = await listPvcs(ns);
    assert.equal(pvcs.length, 2);
    for (const pod of pods) {
      const id = pod.metadata?.labels?.[INSTANCE_ID] ?? '';
      const claim = `data-db-${id}`;
      const pvc = pvcs.find((c) => c.metadata?.name === claim);
      assert.ok(pvc, `PVC ${claim}`);
      assert.deepEqual(pvc.metadata?.labels, { tier: 'storage', app: 'db', [INSTANCE_ID]: id });
      assert.deepEqual(
        pvc.metadata?.ownerReferences?.map((r) => [r.kind, r.name, r.uid, r.controller]),
        [['CloneSet', 'db', cs.metadata.uid, true]],
      );
      const volume = pod.spec?.volumes?.find((v) => v.name === 'data');
      assert.deepEqual(volume?.persistentVolumeClaim, { claimName: claim });
    }
  });

  it('enablePVCReuse: a pod deleted by someone else returns with the same name and the same PVC', async () => {
    const ns = await h.namespace('reuse');
    await createWithVolumes(ns, 'ru', 2, true);
    const [victim] = (await listPods(h, ns, 'ru')).filter(isActive);
    const name = victim?.metadata?.name ?? '';
    const id = victim?.metadata?.labels?.[INSTANCE_ID] ?? '';
    const pvcUid = (await listPvcs(ns)).find((c) => c.metadata?.name === `data-ru-${id}`)?.metadata?.uid;
    await h.core.deleteNamespacedPod({ namespace: ns, name });
    const back = await eventually(
      'the pod back under its name',
      async () => {
        const pod = (await listPods(h, ns, 'ru')).find(
          (p) => p.metadata?.name === name && p.metadata?.uid !== victim?.metadata?.uid && isActive(p),
        );
        return pod?.status?.phase === 'Running' ? pod : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    assert.equal(back.metadata?.labels?.[INSTANCE_ID], id, 'same instance id');
    const pvcs = await listPvcs(ns);
    assert.equal(pvcs.length, 2, 'no new PVC');
    assert.equal(
      pvcs.find((c) => c.metadata?.name === `data-ru-${id}`)?.metadata?.uid,
      pvcUid,
      'same PVC object',
    );
    await waitForStatus(h, ns, 'ru', { replicas: 2, readyReplicas: 2 });
  });

  it('PVC reuse off (the default): the replacement gets a new id and the old PVC is removed', async () => {
    const ns = await h.namespace('noreuse');
    await createWithVolumes(ns, 'nr', 2, false);
    const [victim] = (await listPods(h, ns, 'nr')).filter(isActive);
    const id = victim?.metadata?.labels?.[INSTANCE_ID] ?? '';
    await h.core.deleteNamespacedPod({ namespace: ns, name: victim?.metadata?.name ?? '' });
    await eventually(
      'a new pod with a new id, the old PVC gone',
      async () => {
        const pods = (await listPods(h, ns, 'nr')).filter(isActive);
        const pvcs = await listPvcs(ns);
        const ids = pods.map((p) => p.metadata?.labels?.[INSTANCE_ID] ?? '');
        return (
          pods.length === 2 &&
          !ids.includes(id) &&
          pvcs.length === 2 &&
          !pvcs.some((c) => c.metadata?.name === `data-nr-${id}`) &&
          ids.every((i) => pvcs.some((c) => c.metadata?.name === `data-nr-${i}`))
        );
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  });

  it('scale-in deletes the pods together with their PVCs', async () => {
    const ns = await h.namespace('vscale');
    await createWithVolumes(ns, 'vs', 3, true);
    await patchCloneSet(h, ns, 'vs', { spec: { replicas: 1 } });
    await waitForStatus(h, ns, 'vs', { replicas: 1, readyReplicas: 1 });
    await eventually(
      'one pod, one PVC',
      async () => {
        const pods = (await listPods(h, ns, 'vs')).filter(isActive);
        const pvcs = await listPvcs(ns);
        return (
          pods.length === 1 &&
          pvcs.length === 1 &&
          pvcs[0]?.metadata?.labels?.[INSTANCE_ID] === pods[0]?.metadata?.labels?.[INSTANCE_ID]
        );
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  });
});
