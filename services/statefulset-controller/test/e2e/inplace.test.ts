// Advanced StatefulSet in-place update and lifecycle hooks on the real cluster
// (docs/behaviour/advanced-statefulset.md#in-place-update, #lifecycle-hooks; Kruise test/e2e/apps/statefulset.go
// "should in-place update pods when the pod update strategy is InPlace"). The fake kubelet restarts a container
// whose image changed: new imageID, restartCount + 1.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PatchStrategy, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import { Harness, imageOf, podNames, type StatefulSet } from './support/harness.ts';

const h = new Harness();
before(() => h.start());
after(() => h.stop());

type Spec = StatefulSet['spec'];
const V1 = 'nginx:1.22-alpine';
const V2 = 'nginx:1.23-alpine';
const HOLD = 'example.io/hold';
const STATE = 'lifecycle.apps.kruise.io/state';
const REVISION = 'controller-revision-hash';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const condition = (pod: V1Pod | undefined, type: string) =>
  pod?.status?.conditions?.find((c) => c.type === type);
const byName = (pods: V1Pod[]) => new Map(pods.map((p) => [p.metadata?.name ?? '', p]));

function inPlaceSpec(
  replicas: number,
  podUpdatePolicy: 'InPlaceIfPossible' | 'InPlaceOnly',
  extra: Partial<Spec> = {},
  labels: Record<string, string> = {},
): Partial<Spec> {
  return {
    replicas,
    updateStrategy: {
      type: 'RollingUpdate',
      rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy, minReadySeconds: 0, paused: false },
    },
    template: {
      metadata: { labels: { app: 'web', ...labels } },
      spec: {
        containers: [{ name: 'main', image: V1 }],
        // Validation requires the gate for InPlace* (Kruise's statefulset webhook).
        readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
      },
    },
    ...extra,
  };
}

const settled = (replicas: number) => (s: StatefulSet) =>
  s.status?.replicas === replicas &&
  s.status.readyReplicas === replicas &&
  s.status.observedGeneration === s.metadata?.generation;

async function setContainer(ns: string, container: Record<string, unknown>): Promise<void> {
  const set = await h.getSet(ns, 'web');
  const spec = set.spec.template.spec;
  await h.patchSet(ns, 'web', {
    spec: { template: { spec: { ...spec, containers: [{ ...spec?.containers?.[0], ...container }] } } },
  });
}

async function podLabel(ns: string, name: string, key: string, value: string | null): Promise<void> {
  await h.core.patchNamespacedPod(
    { namespace: ns, name, body: { metadata: { labels: { [key]: value } } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
}

describe('Advanced StatefulSet in-place update', () => {
  it('InPlaceIfPossible: an image change restarts containers in place, highest ordinal first', async () => {
    const ns = await h.namespace('inplace');
    await h.createSet(ns, 'web', inPlaceSpec(3, 'InPlaceIfPossible'));
    const ready = await h.waitForSet(ns, 'web', '3 ready', settled(3));
    const r1 = ready.status?.updateRevision ?? '';
    const beforePods = byName(await h.pods(ns));
    for (const p of beforePods.values()) assert.equal(condition(p, 'InPlaceUpdateReady')?.status, 'True');
    // Record the order in which pods reach the new revision.
    const order: string[] = [];
    let watching = true;
    const sampler = (async () => {
      while (watching) {
        for (const p of await h.pods(ns)) {
          const name = p.metadata?.name ?? '';
          if (imageOf(p) === V2 && !order.includes(name)) order.push(name);
        }
        await sleep(25);
      }
    })();
    await setContainer(ns, { image: V2 });
    const done = await h.waitForSet(
      ns,
      'web',
      'all updated in place',
      (s) =>
        settled(3)(s) &&
        s.status?.updatedReplicas === 3 &&
        s.status.updatedReadyReplicas === 3 &&
        s.status.currentRevision === s.status.updateRevision &&
        s.status.updateRevision !== r1,
      120_000,
    );
    watching = false;
    await sampler;
    const r2 = done.status?.updateRevision ?? '';
    const afterPods = await h.pods(ns);
    assert.deepEqual(podNames(afterPods), ['web-0', 'web-1', 'web-2']);
    for (const pod of afterPods) {
      const old = beforePods.get(pod.metadata?.name ?? '');
      assert.equal(pod.metadata?.uid, old?.metadata?.uid, `${pod.metadata?.name}: same pod object`);
      assert.equal(pod.metadata?.labels?.[REVISION], r2);
      const status = pod.status?.containerStatuses?.[0];
      assert.equal(status?.image, V2);
      assert.equal(status?.restartCount, 1);
      assert.notEqual(status?.imageID, old?.status?.containerStatuses?.[0]?.imageID);
      assert.equal(condition(pod, 'InPlaceUpdateReady')?.status, 'True');
      const state = JSON.parse(
        pod.metadata?.annotations?.['apps.kruise.io/inplace-update-state'] ?? '{}',
      ) as {
        revision?: string;
        lastContainerStatuses?: Record<string, { imageID?: string }>;
      };
      assert.equal(state.revision, r2);
      assert.equal(state.lastContainerStatuses?.main?.imageID, old?.status?.containerStatuses?.[0]?.imageID);
    }
    assert.deepEqual(order, ['web-2', 'web-1', 'web-0'], 'ordinal order, highest first');
    const events = (await h.core.listNamespacedEvent({ namespace: ns })).items;
    assert.equal(
      events.filter(
        (e) => e.reason === 'SuccessfulUpdatePodInPlace' && e.message?.endsWith(`in-place(revision ${r2})`),
      ).length,
      3,
    );
  });

  it('unorderedUpdate: the pod with the heaviest priority goes first, then the highest ordinals', async () => {
    const ns = await h.namespace('unordered');
    await h.createSet(
      ns,
      'web',
      inPlaceSpec(3, 'InPlaceIfPossible', {
        podManagementPolicy: 'Parallel',
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: {
            partition: 0,
            maxUnavailable: 1,
            podUpdatePolicy: 'InPlaceIfPossible',
            minReadySeconds: 0,
            paused: false,
            unorderedUpdate: {
              priorityStrategy: {
                weightPriority: [{ weight: 50, matchSelector: { matchLabels: { tier: 'first' } } }],
              },
            },
          },
        },
      }),
    );
    await h.waitForSet(ns, 'web', '3 ready', settled(3));
    // The controller must hold the labelled pod before the roll starts (pods and sets reach it on separate feeds):
    // the label's own reconcile shows it does.
    const before = await h.settledReconciles();
    await podLabel(ns, 'web-0', 'tier', 'first');
    await h.waitUntil(
      'the labelled pod reconciled',
      () => h.reconciles(),
      (n) => n > before,
    );
    const order: string[] = [];
    let watching = true;
    const sampler = (async () => {
      while (watching) {
        for (const p of await h.pods(ns)) {
          const name = p.metadata?.name ?? '';
          if (imageOf(p) === V2 && !order.includes(name)) order.push(name);
        }
        await sleep(25);
      }
    })();
    await setContainer(ns, { image: V2 });
    await h.waitForSet(
      ns,
      'web',
      'all updated',
      (s) => settled(3)(s) && s.status?.updatedReplicas === 3 && s.status.updatedReadyReplicas === 3,
      120_000,
    );
    watching = false;
    await sampler;
    assert.deepEqual(order, ['web-0', 'web-2', 'web-1']);
  });

  it('inPlaceUpdateStrategy.gracePeriodSeconds: the revision moves first, the image after the grace period', async () => {
    const ns = await h.namespace('grace');
    const spec = inPlaceSpec(1, 'InPlaceIfPossible');
    await h.createSet(ns, 'web', {
      ...spec,
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: {
          partition: 0,
          maxUnavailable: 1,
          podUpdatePolicy: 'InPlaceIfPossible',
          minReadySeconds: 0,
          paused: false,
          inPlaceUpdateStrategy: { gracePeriodSeconds: 3 },
        },
      },
    });
    const ready = await h.waitForSet(ns, 'web', '1 ready', settled(1));
    const r1 = ready.status?.updateRevision ?? '';
    const pod0 = async () => byName(await h.pods(ns)).get('web-0');
    await setContainer(ns, { image: V2 });
    const moved = await h.waitUntil(
      'web-0 at the new revision',
      pod0,
      (p) => (p?.metadata?.labels?.[REVISION] ?? r1) !== r1,
    );
    const startedAt = Date.now();
    assert.equal(imageOf(moved as V1Pod), V1, 'image held back during the grace period');
    assert.ok(moved?.metadata?.annotations?.['apps.kruise.io/inplace-update-grace']);
    assert.equal(condition(moved, 'InPlaceUpdateReady')?.status, 'False');
    const done = await h.waitUntil(
      'web-0 restarted at the new image',
      pod0,
      (p) =>
        p?.status?.containerStatuses?.[0]?.image === V2 &&
        condition(p, 'InPlaceUpdateReady')?.status === 'True',
      30_000,
    );
    assert.ok(
      Date.now() - startedAt >= 1500,
      `image applied after the grace period (${Date.now() - startedAt} ms)`,
    );
    assert.equal(done?.metadata?.annotations?.['apps.kruise.io/inplace-update-grace'], undefined);
    assert.equal(done?.status?.containerStatuses?.[0]?.restartCount, 1);
  });

  it('InPlaceOnly refuses a change that is not an image: no pod is touched', async () => {
    const ns = await h.namespace('inplaceonly');
    await h.createSet(ns, 'web', inPlaceSpec(2, 'InPlaceOnly'));
    const ready = await h.waitForSet(ns, 'web', '2 ready', settled(2));
    const r1 = ready.status?.updateRevision ?? '';
    const beforePods = byName(await h.pods(ns));
    await setContainer(ns, { image: V2, env: [{ name: 'MODE', value: 'new' }] });
    await h.waitForSet(ns, 'web', 'new update revision', (s) => (s.status?.updateRevision ?? r1) !== r1);
    const seen = await h.reconciles();
    // Several reconciles of the new revision (the error requeues with backoff) must leave both pods as they were.
    await h.waitUntil(
      'three more reconciles',
      () => h.reconciles(),
      (n) => n >= seen + 3,
    );
    const afterPods = await h.pods(ns);
    assert.deepEqual(podNames(afterPods), ['web-0', 'web-1']);
    for (const pod of afterPods) {
      const old = beforePods.get(pod.metadata?.name ?? '');
      assert.equal(pod.metadata?.uid, old?.metadata?.uid);
      assert.equal(pod.metadata?.labels?.[REVISION], r1);
      assert.equal(imageOf(pod), V1);
      assert.equal(pod.status?.containerStatuses?.[0]?.restartCount, 0);
    }
    const set = await h.getSet(ns, 'web');
    assert.equal(set.status?.updatedReplicas, 0);
  });

  it('lifecycle.inPlaceUpdate holds a pod in PreparingUpdate, then in Updated, until the hook says go', async () => {
    const ns = await h.namespace('inplacehook');
    await h.createSet(
      ns,
      'web',
      inPlaceSpec(
        2,
        'InPlaceIfPossible',
        { lifecycle: { inPlaceUpdate: { labelsHandler: { [HOLD]: 'true' } } } },
        { [HOLD]: 'true' },
      ),
    );
    const ready = await h.waitForSet(ns, 'web', '2 ready', settled(2));
    const r1 = ready.status?.updateRevision ?? '';
    const uid1 = byName(await h.pods(ns)).get('web-1')?.metadata?.uid;
    await setContainer(ns, { image: V2 });
    const pod1 = async () => byName(await h.pods(ns)).get('web-1');
    await h.waitUntil(
      'web-1 PreparingUpdate',
      pod1,
      (p) => p?.metadata?.labels?.[STATE] === 'PreparingUpdate',
    );
    // Held: the hook label is still there.
    await sleep(2000);
    let held = await pod1();
    assert.equal(held?.metadata?.labels?.[STATE], 'PreparingUpdate');
    assert.equal(held?.metadata?.labels?.[REVISION], r1);
    assert.equal(imageOf(held as V1Pod), V1);
    assert.equal(imageOf(byName(await h.pods(ns)).get('web-0') as V1Pod), V1, 'web-0 waits behind web-1');

    // The hook releases the pod: it is updated in place and stops in Updated (the hook label is not back).
    await podLabel(ns, 'web-1', HOLD, null);
    held = await h.waitUntil(
      'web-1 Updated',
      pod1,
      (p) => p?.metadata?.labels?.[STATE] === 'Updated' && p.status?.containerStatuses?.[0]?.image === V2,
      60_000,
    );
    assert.equal(held?.metadata?.uid, uid1);
    assert.equal(held?.status?.containerStatuses?.[0]?.restartCount, 1);
    await sleep(2000);
    assert.equal((await pod1())?.metadata?.labels?.[STATE], 'Updated');
    assert.equal(imageOf(byName(await h.pods(ns)).get('web-0') as V1Pod), V1, 'web-0 still waits');

    // The hook label back: web-1 is Normal, and web-0 starts its own hooked update.
    await podLabel(ns, 'web-1', HOLD, 'true');
    await h.waitUntil('web-1 Normal', pod1, (p) => p?.metadata?.labels?.[STATE] === 'Normal');
    await h.waitUntil(
      'web-0 PreparingUpdate',
      async () => byName(await h.pods(ns)).get('web-0'),
      (p) => p?.metadata?.labels?.[STATE] === 'PreparingUpdate',
    );
  });

  it('a rollback while the hook holds a pod in PreparingUpdate returns it to Normal, not updated (kruise#1156)', async () => {
    const ns = await h.namespace('rollbackheld');
    await h.createSet(
      ns,
      'web',
      inPlaceSpec(
        2,
        'InPlaceIfPossible',
        { lifecycle: { inPlaceUpdate: { labelsHandler: { [HOLD]: 'true' } } } },
        { [HOLD]: 'true' },
      ),
    );
    const ready = await h.waitForSet(ns, 'web', '2 ready', settled(2));
    const r1 = ready.status?.updateRevision ?? '';
    const pod1 = async () => byName(await h.pods(ns)).get('web-1');
    await setContainer(ns, { image: V2 });
    await h.waitUntil(
      'web-1 PreparingUpdate',
      pod1,
      (p) => p?.metadata?.labels?.[STATE] === 'PreparingUpdate',
    );
    await setContainer(ns, { image: V1 });
    const back = await h.waitUntil(
      'web-1 Normal again',
      pod1,
      (p) => p?.metadata?.labels?.[STATE] === 'Normal',
    );
    assert.equal(back?.metadata?.labels?.[REVISION], r1);
    assert.equal(back?.status?.containerStatuses?.[0]?.restartCount, 0, 'never updated');
    await h.waitForSet(
      ns,
      'web',
      'converged on the first revision',
      (s) => settled(2)(s) && s.status?.updateRevision === r1 && s.status.updatedReplicas === 2,
    );
  });

  it('lifecycle.preDelete holds a scaled-in pod in PreparingDelete until the hook is released', async () => {
    const ns = await h.namespace('predelete');
    await h.createSet(
      ns,
      'web',
      inPlaceSpec(
        2,
        'InPlaceIfPossible',
        { lifecycle: { preDelete: { labelsHandler: { [HOLD]: 'true' } } } },
        { [HOLD]: 'true' },
      ),
    );
    await h.waitForSet(ns, 'web', '2 ready', settled(2));
    await h.patchSet(ns, 'web', { spec: { replicas: 1 } });
    const pod1 = async () => byName(await h.pods(ns)).get('web-1');
    await h.waitUntil(
      'web-1 PreparingDelete',
      pod1,
      (p) => p?.metadata?.labels?.[STATE] === 'PreparingDelete',
    );
    await sleep(2000);
    assert.equal((await pod1())?.metadata?.labels?.[STATE], 'PreparingDelete', 'still held');
    await podLabel(ns, 'web-1', HOLD, null);
    await h.waitUntil(
      'web-1 deleted',
      async () => podNames(await h.pods(ns)),
      (names) => !names.includes('web-1'),
    );
  });

  it('markPodNotReady: the hooks hold a pod with the KruisePodReady gate not ready (pkg/util/podreadiness)', async () => {
    const ns = await h.namespace('notready');
    const hook = { labelsHandler: { [HOLD]: 'true' }, markPodNotReady: true };
    // Parallel: under OrderedReady the scaling round waits on the held, unready pod and never reaches the
    // rolling update that would release it, in Kruise as here (processReplica before rollingUpdateStatefulsetPods).
    const spec = inPlaceSpec(
      2,
      'InPlaceIfPossible',
      { podManagementPolicy: 'Parallel', lifecycle: { inPlaceUpdate: hook, preDelete: hook } },
      { [HOLD]: 'true' },
    );
    const podSpec = spec.template?.spec;
    if (podSpec !== undefined)
      podSpec.readinessGates = [{ conditionType: 'InPlaceUpdateReady' }, { conditionType: 'KruisePodReady' }];
    await h.createSet(ns, 'web', spec);
    await h.waitForSet(ns, 'web', '2 ready', settled(2));
    const pod1 = async () => byName(await h.pods(ns)).get('web-1');
    assert.equal(condition(await pod1(), 'KruisePodReady')?.status, 'True', 'set True by the controller');
    const heldBy = (p: V1Pod | undefined) => {
      const c = condition(p, 'KruisePodReady');
      return c?.status === 'False' ? c.message : undefined;
    };

    await setContainer(ns, { image: V2 });
    await h.waitUntil(
      'web-1 held not ready in PreparingUpdate',
      pod1,
      (p) =>
        p?.metadata?.labels?.[STATE] === 'PreparingUpdate' &&
        heldBy(p) === '[{"userAgent":"Lifecycle","key":"preUpdateHook"}]',
    );
    await podLabel(ns, 'web-1', HOLD, null);
    await h.waitUntil(
      'web-1 Updated and released',
      pod1,
      (p) =>
        p?.metadata?.labels?.[STATE] === 'Updated' &&
        condition(p, 'KruisePodReady')?.status === 'True' &&
        condition(p, 'KruisePodReady')?.message === '[]',
      60_000,
    );
    await podLabel(ns, 'web-1', HOLD, 'true');
    await h.waitUntil('web-1 Normal', pod1, (p) => p?.metadata?.labels?.[STATE] === 'Normal');

    await h.patchSet(ns, 'web', { spec: { replicas: 1 } });
    await h.waitUntil(
      'web-1 held not ready in PreparingDelete',
      pod1,
      (p) =>
        p?.metadata?.labels?.[STATE] === 'PreparingDelete' &&
        heldBy(p) === '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]',
    );
    await podLabel(ns, 'web-1', HOLD, null);
    await h.waitUntil(
      'web-1 deleted',
      async () => podNames(await h.pods(ns)),
      (names) => !names.includes('web-1'),
    );
  });
});

describe('Advanced StatefulSet in-place update of env from metadata (docs/behaviour/cloneset.md#in-place-env-from-metadata)', () => {
  it('a label read by env changes: same pods, the label written, the reading container restarted once', async () => {
    const ns = await h.namespace('envmeta');
    const spec = inPlaceSpec(2, 'InPlaceIfPossible', {}, { tier: 'blue' });
    const env = [
      { name: 'TIER', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['tier']" } } },
    ];
    const podSpec = spec.template?.spec;
    if (podSpec !== undefined) podSpec.containers = [{ name: 'main', image: V1, env }];
    await h.createSet(ns, 'web', spec);
    await h.waitForSet(ns, 'web', '2 ready', settled(2));
    const before = byName(await h.pods(ns));
    await h.patchSet(ns, 'web', { spec: { template: { metadata: { labels: { tier: 'green' } } } } });
    const restarts = (p: V1Pod | undefined) => p?.status?.containerStatuses?.[0]?.restartCount ?? -1;
    const after = await h.waitUntil(
      `${ns}/web pods restarted for the new label`,
      () => h.pods(ns),
      (pods) =>
        pods.length === 2 &&
        pods.every(
          (p) =>
            p.metadata?.labels?.tier === 'green' &&
            p.metadata.annotations?.['kruise-ts.dev/restart-containers'] !== undefined &&
            p.metadata.annotations['kruise-ts.dev/restart-containers'] ===
              p.metadata.annotations['kruise-ts.dev/restarted-containers'] &&
            condition(p, 'InPlaceUpdateReady')?.status === 'True' &&
            restarts(p) > restarts(before.get(p.metadata?.name ?? '')),
        ),
      90_000,
    );
    for (const pod of after) {
      const old = before.get(pod.metadata?.name ?? '');
      assert.equal(pod.metadata?.uid, old?.metadata?.uid, 'the same pod');
      assert.equal(restarts(pod), restarts(old) + 1);
      assert.notEqual(pod.metadata?.labels?.[REVISION], old?.metadata?.labels?.[REVISION]);
    }
  });
});
