// Lifecycle hooks and pods leaving the CloneSet on the real cluster (docs/behaviour/cloneset.md#lifecycle, #orphan-adoption, #inactive-pods, #reconcile-steps step 6): a
// preNormal hook keeps new pods in PreparingNormal (ready but unavailable) until its finalizer is added; a
// preDelete hook holds a pod in PreparingDelete until the hook label goes; an inPlaceUpdate hook holds the update
// in PreparingUpdate, and the pod waits in Updated until the hook label is back; a Failed pod is left alone and
// replaced; a pod whose labels stop matching the selector is released and replaced.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, markPodFailed } from '@kruise-ts/devcluster';
import { PatchStrategy, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  imageOf,
  isActive,
  isReady,
  LIFECYCLE_STATE,
  listPods,
  patchCloneSet,
  setImage,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();
const HOOK = 'example.kruise-ts.dev/hook';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

async function labelPod(ns: string, name: string, labels: Record<string, string | null>): Promise<void> {
  await h.core.patchNamespacedPod(
    { namespace: ns, name, body: { metadata: { labels } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
}

/** Sets a pod's finalizers to the current ones plus `add` minus `remove` (a JSON merge patch replaces the list). */
async function setFinalizers(ns: string, name: string, add: string[], remove: string[] = []): Promise<void> {
  const pod = await h.core.readNamespacedPod({ namespace: ns, name });
  const finalizers = [...(pod.metadata?.finalizers ?? []).filter((f) => !remove.includes(f)), ...add];
  await h.core.patchNamespacedPod(
    {
      namespace: ns,
      name,
      body: { metadata: { finalizers, resourceVersion: pod.metadata?.resourceVersion } },
    },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
}

const podNamed = async (ns: string, app: string, name: string): Promise<V1Pod | undefined> =>
  (await listPods(h, ns, app)).find((p) => p.metadata?.name === name);

describe('lifecycle hooks (docs/behaviour/cloneset.md#lifecycle)', () => {
  it('preNormal: new pods stay PreparingNormal (ready, unavailable) until the hook finalizer is added, then Normal', async () => {
    const ns = await h.namespace('prenormal');
    await createCloneSet(
      h,
      cloneSetObject(ns, 'pn', { replicas: 2, lifecycle: { preNormal: { finalizersHandler: [HOOK] } } }),
    );
    const state = (p: V1Pod | undefined) => p?.metadata?.labels?.[LIFECYCLE_STATE];
    try {
      // Running and Ready, yet held in PreparingNormal: ready but not available (docs/behaviour/cloneset.md#lifecycle, only ""/Normal count).
      await waitForStatus(h, ns, 'pn', { replicas: 2, readyReplicas: 2, availableReplicas: 0 });
      await sleep(2000);
      const pods = (await listPods(h, ns, 'pn')).filter(isActive);
      assert.equal(pods.length, 2);
      assert.deepEqual(pods.map(state), ['PreparingNormal', 'PreparingNormal'], 'held by the preNormal hook');
      assert.ok(pods.every(isReady), 'the pods themselves are ready');
      const [first, second] = pods.map((p) => p.metadata?.name ?? '') as [string, string];

      // The hook owner hooks the first pod: only that pod moves on.
      await setFinalizers(ns, first, [HOOK]);
      await eventually(
        'the hooked pod Normal',
        async () => state(await podNamed(ns, 'pn', first)) === 'Normal',
        {
          timeoutMs: 30_000,
          intervalMs: 250,
        },
      );
      await waitForStatus(h, ns, 'pn', { replicas: 2, readyReplicas: 2, availableReplicas: 1 });
      assert.equal(
        state(await podNamed(ns, 'pn', second)),
        'PreparingNormal',
        'the unhooked pod still waits',
      );

      await setFinalizers(ns, second, [HOOK]);
      await eventually(
        'the second pod Normal',
        async () => state(await podNamed(ns, 'pn', second)) === 'Normal',
        {
          timeoutMs: 30_000,
          intervalMs: 250,
        },
      );
      await waitForStatus(h, ns, 'pn', { replicas: 2, readyReplicas: 2, availableReplicas: 2 });
      const after = (await listPods(h, ns, 'pn')).filter(isActive);
      assert.deepEqual(
        after.map((p) => p.metadata?.uid).sort(),
        pods.map((p) => p.metadata?.uid).sort(),
        'the same pods, not replacements',
      );
    } finally {
      // Release the finalizers so the namespace can go.
      for (const p of await listPods(h, ns, 'pn')) {
        if ((p.metadata?.finalizers ?? []).includes(HOOK))
          await setFinalizers(ns, p.metadata?.name ?? '', [], [HOOK]).catch(() => {});
      }
    }
  });

  it('preDelete: a scaled-in pod waits in PreparingDelete until its hook label is removed', async () => {
    const ns = await h.namespace('predelete');
    const obj = cloneSetObject(ns, 'pd', {
      replicas: 2,
      lifecycle: { preDelete: { labelsHandler: { [HOOK]: 'true' } } },
    });
    obj.spec.template.metadata = { labels: { app: 'pd', [HOOK]: 'true' } };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'pd', { replicas: 2, readyReplicas: 2 });
    await patchCloneSet(h, ns, 'pd', { spec: { replicas: 1 } });
    const held = await eventually(
      'a pod in PreparingDelete',
      async () =>
        (await listPods(h, ns, 'pd')).find(
          (p) => p.metadata?.labels?.[LIFECYCLE_STATE] === 'PreparingDelete',
        ),
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const name = held.metadata?.name ?? '';
    // PreparingDelete pods are still counted, as unavailable (docs/behaviour/cloneset.md#edge-preparing-delete-counted).
    const waiting = await waitForStatus(h, ns, 'pd', { replicas: 2, availableReplicas: 1 });
    assert.equal(waiting.status?.readyReplicas, 2, 'readyReplicas ignores the lifecycle state');
    await sleep(2000);
    assert.ok(isActive((await podNamed(ns, 'pd', name)) as V1Pod), 'still there while hooked');
    await labelPod(ns, name, { [HOOK]: null });
    await eventually('the unhooked pod deleted', async () => !(await podNamed(ns, 'pd', name)), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    await waitForStatus(h, ns, 'pd', { replicas: 1, readyReplicas: 1, availableReplicas: 1 });
  });

  it('inPlaceUpdate: PreparingUpdate until unhooked, updated in place, Updated until hooked again, then Normal', async () => {
    const ns = await h.namespace('preupdate');
    const obj = cloneSetObject(ns, 'pu', {
      replicas: 1,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
      lifecycle: { inPlaceUpdate: { labelsHandler: { [HOOK]: 'true' } } },
    });
    obj.spec.template.metadata = { labels: { app: 'pu', [HOOK]: 'true' } };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'pu', { replicas: 1, readyReplicas: 1, availableReplicas: 1 });
    const [pod] = (await listPods(h, ns, 'pu')).filter(isActive);
    const name = pod?.metadata?.name ?? '';
    await setImage(h, ns, 'pu', 'nginx:1.23-alpine');
    await eventually(
      'PreparingUpdate',
      async () => (await podNamed(ns, 'pu', name))?.metadata?.labels?.[LIFECYCLE_STATE] === 'PreparingUpdate',
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    await sleep(2000);
    const held = await podNamed(ns, 'pu', name);
    assert.equal(imageOf(held as V1Pod), 'nginx:1.22-alpine', 'not updated while hooked');
    assert.equal(held?.metadata?.labels?.[LIFECYCLE_STATE], 'PreparingUpdate');
    await labelPod(ns, name, { [HOOK]: null });
    const updated = await eventually(
      'updated in place, then waiting in Updated',
      async () => {
        const p = await podNamed(ns, 'pu', name);
        return p?.metadata?.labels?.[LIFECYCLE_STATE] === 'Updated' ? p : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(updated.metadata?.uid, pod?.metadata?.uid);
    assert.equal(imageOf(updated), 'nginx:1.23-alpine');
    assert.equal(updated.status?.containerStatuses?.[0]?.restartCount, 1);
    await labelPod(ns, name, { [HOOK]: 'true' });
    await eventually(
      'Normal once hooked again',
      async () => (await podNamed(ns, 'pu', name))?.metadata?.labels?.[LIFECYCLE_STATE] === 'Normal',
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    await waitForStatus(h, ns, 'pu', {
      replicas: 1,
      updatedReplicas: 1,
      availableReplicas: 1,
      converged: true,
    });
  });
});

describe('markPodNotReady (docs/behaviour/cloneset.md#lifecycle; Kruise pkg/util/podreadiness)', () => {
  const kruisePodReady = (p: V1Pod | undefined) =>
    p?.status?.conditions?.find((c) => c.type === 'KruisePodReady');
  const heldBy = (p: V1Pod | undefined) => {
    const c = kruisePodReady(p);
    return c?.status === 'False' ? c.message : undefined;
  };

  it('the hooks hold a pod with the KruisePodReady gate not ready in PreparingUpdate and PreparingDelete', async () => {
    const ns = await h.namespace('notready');
    const obj = cloneSetObject(ns, 'nr', {
      replicas: 2,
      // Both pods at once, so the roll's holds show in readyReplicas.
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 2 },
      lifecycle: {
        inPlaceUpdate: { labelsHandler: { [HOOK]: 'true' }, markPodNotReady: true },
        preDelete: { labelsHandler: { [HOOK]: 'true' }, markPodNotReady: true },
      },
    });
    obj.spec.template.metadata = { labels: { app: 'nr', [HOOK]: 'true' } };
    // The gate as a user writes it into the template (the webhook adds it too when KRUISE_TS_KRUISE_POD_READY_GATE is on).
    if (obj.spec.template.spec !== undefined)
      obj.spec.template.spec.readinessGates = [{ conditionType: 'KruisePodReady' }];
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'nr', { replicas: 2, readyReplicas: 2, availableReplicas: 2 });
    const pods = (await listPods(h, ns, 'nr')).filter(isActive);
    assert.ok(
      pods.every((p) => kruisePodReady(p)?.status === 'True'),
      'the controller set the condition True',
    );
    const name = pods[0]?.metadata?.name ?? '';

    // Roll in place: both pods stop in PreparingUpdate, held not ready by the update hook.
    await setImage(h, ns, 'nr', 'nginx:1.23-alpine');
    await eventually(
      'held not ready in PreparingUpdate',
      async () => {
        const p = await podNamed(ns, 'nr', name);
        return (
          p?.metadata?.labels?.[LIFECYCLE_STATE] === 'PreparingUpdate' &&
          heldBy(p) === '[{"userAgent":"Lifecycle","key":"preUpdateHook"}]'
        );
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    await waitForStatus(h, ns, 'nr', { replicas: 2, readyReplicas: 0 });
    // Unhooked: updated in place, then Updated, and the hold released.
    for (const p of await listPods(h, ns, 'nr')) await labelPod(ns, p.metadata?.name ?? '', { [HOOK]: null });
    await eventually(
      'both Updated and ready again',
      async () => {
        const all = (await listPods(h, ns, 'nr')).filter(isActive);
        return (
          all.length === 2 &&
          all.every(
            (p) =>
              p.metadata?.labels?.[LIFECYCLE_STATE] === 'Updated' &&
              imageOf(p) === 'nginx:1.23-alpine' &&
              kruisePodReady(p)?.status === 'True' &&
              kruisePodReady(p)?.message === '[]',
          )
        );
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    for (const p of await listPods(h, ns, 'nr'))
      await labelPod(ns, p.metadata?.name ?? '', { [HOOK]: 'true' });
    await waitForStatus(h, ns, 'nr', {
      replicas: 2,
      readyReplicas: 2,
      updatedReplicas: 2,
      availableReplicas: 2,
    });

    // Scale in: the chosen pod waits in PreparingDelete, held not ready by the delete hook.
    await patchCloneSet(h, ns, 'nr', { spec: { replicas: 1 } });
    const held = await eventually(
      'held not ready in PreparingDelete',
      async () =>
        (await listPods(h, ns, 'nr')).find(
          (p) =>
            p.metadata?.labels?.[LIFECYCLE_STATE] === 'PreparingDelete' &&
            heldBy(p) === '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]',
        ),
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const victim = held.metadata?.name ?? '';
    // With markPodNotReady there is no way back (managePreparingDelete): scaling out again leaves it where it is.
    await patchCloneSet(h, ns, 'nr', { spec: { replicas: 2 } });
    await sleep(2000);
    assert.equal((await podNamed(ns, 'nr', victim))?.metadata?.labels?.[LIFECYCLE_STATE], 'PreparingDelete');
    await patchCloneSet(h, ns, 'nr', { spec: { replicas: 1 } });
    await labelPod(ns, victim, { [HOOK]: null });
    await eventually('the unhooked pod deleted', async () => !(await podNamed(ns, 'nr', victim)), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    await waitForStatus(h, ns, 'nr', { replicas: 1, readyReplicas: 1, availableReplicas: 1 });
  });
});

describe('pods leaving the CloneSet (docs/behaviour/cloneset.md#orphan-adoption, #inactive-pods)', () => {
  it('a Failed pod is neither counted nor deleted, and is replaced', async () => {
    const ns = await h.namespace('failed');
    await createCloneSet(h, cloneSetObject(ns, 'fl', { replicas: 2 }));
    await waitForStatus(h, ns, 'fl', { replicas: 2, readyReplicas: 2 });
    const [victim] = (await listPods(h, ns, 'fl')).filter(isActive);
    const name = victim?.metadata?.name ?? '';
    await markPodFailed(h.kc, ns, name);
    await eventually(
      'a replacement running next to the failed pod',
      async () => {
        const pods = await listPods(h, ns, 'fl');
        return (
          pods.filter(isActive).filter((p) => p.status?.phase === 'Running').length === 2 &&
          pods.some((p) => p.metadata?.name === name && p.status?.phase === 'Failed')
        );
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    await waitForStatus(h, ns, 'fl', { replicas: 2, readyReplicas: 2 });
    await sleep(2000);
    assert.equal((await podNamed(ns, 'fl', name))?.status?.phase, 'Failed', 'the failed pod is left behind');
  });

  it('a pod relabelled out of the selector is released (owner reference removed) and replaced', async () => {
    const ns = await h.namespace('release');
    await createCloneSet(h, cloneSetObject(ns, 'rl', { replicas: 2 }));
    await waitForStatus(h, ns, 'rl', { replicas: 2, readyReplicas: 2 });
    const [victim] = (await listPods(h, ns, 'rl')).filter(isActive);
    const name = victim?.metadata?.name ?? '';
    await labelPod(ns, name, { app: 'elsewhere' });
    const released = await eventually(
      'released',
      async () => {
        const pods = await listPods(h, ns, 'elsewhere');
        const p = pods.find((x) => x.metadata?.name === name);
        return p !== undefined && (p.metadata?.ownerReferences ?? []).length === 0 ? p : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(released.metadata?.uid, victim?.metadata?.uid);
    await waitForStatus(h, ns, 'rl', { replicas: 2, readyReplicas: 2 });
    assert.equal((await listPods(h, ns, 'rl')).filter(isActive).length, 2);
  });
});
