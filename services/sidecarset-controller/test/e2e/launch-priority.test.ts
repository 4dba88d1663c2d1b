// Container launch priority on the real apiserver (docs/behaviour/sidecarset.md#container-launch-priority), as
// Kruise's test/e2e/apps/v1alpha1/containerlaunchpriority.go drives it: the webhook gives an ordered pod's
// containers their barrier env (and a generateName pod its name), the controller creates `<pod>-barrier` and
// opens one priority at a time as containers become ready. The pods are kept off every node (a node selector
// nothing matches) so the fake kubelet never runs them; the test reports container readiness itself, as a kubelet
// would, through the status subresource.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { plain } from '@kruise-ts/kube';
import type { Pod } from '@kruise-ts/sidecarset';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { type Harness, startHarness } from './support/harness.ts';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const COMPLETED = 'apps.kruise.io/container-launch-priority-completed';

let h: Harness;
before(async () => {
  h = await startHarness({ containerLaunchPriority: true });
});
after(() => h?.cleanup());

const unscheduled = { nodeSelector: { 'kruise-ts.e2e/no-such-node': 'true' } };
const container = (name: string, env: { name: string; value: string }[] = []) => ({
  name,
  image: 'busybox:1.36',
  command: ['sleep', '999d'],
  ...(env.length > 0 ? { env } : {}),
});

function barrierEnv(pod: Pod, name: string) {
  const c = pod.spec.containers.find((x) => x.name === name);
  return c?.env?.find((e) => e.name === 'KRUISE_CONTAINER_BARRIER')?.valueFrom?.configMapKeyRef;
}

async function barrierData(ns: string, name: string): Promise<Record<string, string> | undefined> {
  const cm = await h.core.readNamespacedConfigMap({ namespace: ns, name }).catch(() => undefined);
  return cm === undefined ? undefined : (cm.data ?? {});
}

/** What a kubelet reports: these containers ready, the others waiting on their barrier. */
async function reportReady(ns: string, pod: Pod, ready: readonly string[]): Promise<void> {
  const statuses = pod.spec.containers.map((c) => ({
    name: c.name,
    image: c.image,
    imageID: '',
    ready: ready.includes(c.name),
    restartCount: 0,
    ...(ready.includes(c.name)
      ? { started: true, state: { running: { startedAt: new Date().toISOString() } } }
      : { started: false, state: { waiting: { reason: 'CreateContainerConfigError' } } }),
  }));
  await h.core.patchNamespacedPodStatus(
    { namespace: ns, name: pod.metadata.name ?? '', body: { status: { containerStatuses: statuses } } },
    mergePatch,
  );
}

describe('container launch priority', () => {
  it('Ordered: barrier env per container, the barrier opened one container at a time, then completed', async () => {
    const ns = await h.namespace();
    const created = plain<Pod>(
      await h.core.createNamespacedPod({
        namespace: ns,
        body: {
          metadata: {
            generateName: 'ordered-',
            annotations: { 'apps.kruise.io/container-launch-priority': 'Ordered' },
          },
          spec: { ...unscheduled, containers: ['a', 'b', 'c'].map((n) => container(n)) },
        },
      }),
    );
    const name = created.metadata.name ?? '';
    assert.match(name, /^ordered-[bcdfghjklmnpqrstvwxz2456789]{5}$/, 'named by the webhook');
    const barrier = `${name}-barrier`;
    assert.deepEqual(
      ['a', 'b', 'c'].map((c) => barrierEnv(created, c)),
      [
        { name: barrier, key: 'p_0' },
        { name: barrier, key: 'p_-1' },
        { name: barrier, key: 'p_-2' },
      ],
    );

    const cm = await eventually('barrier created with the first key', async () => {
      const data = await barrierData(ns, barrier);
      return data?.p_0 === 'true' ? data : undefined;
    });
    assert.deepEqual(cm, { p_0: 'true' });
    const owner = (await h.core.readNamespacedConfigMap({ namespace: ns, name: barrier })).metadata
      ?.ownerReferences;
    assert.deepEqual(
      owner?.map((o) => ({ apiVersion: o.apiVersion, kind: o.kind, name: o.name, uid: o.uid })),
      [{ apiVersion: 'v1', kind: 'Pod', name, uid: created.metadata.uid }],
    );

    await reportReady(ns, created, ['a']);
    await eventually(
      'b opened once a is ready',
      async () => (await barrierData(ns, barrier))?.['p_-1'] === 'true',
    );
    assert.equal((await barrierData(ns, barrier))?.['p_-2'], undefined, 'c still waits');

    await reportReady(ns, created, ['a', 'b']);
    const done = await eventually('c opened and the pod marked completed', async () => {
      const data = await barrierData(ns, barrier);
      const pod = plain<Pod>(await h.core.readNamespacedPod({ namespace: ns, name }));
      return data?.['p_-2'] === 'true' && pod.metadata.annotations?.[COMPLETED] === 'true' ? data : undefined;
    });
    assert.deepEqual(done, { p_0: 'true', 'p_-1': 'true', 'p_-2': 'true' });
  });

  it('KRUISE_CONTAINER_PRIORITY: higher first, equal priorities together; a bad value is denied with its field', async () => {
    const ns = await h.namespace();
    const created = plain<Pod>(
      await h.core.createNamespacedPod({
        namespace: ns,
        body: {
          metadata: { name: 'prio' },
          spec: {
            ...unscheduled,
            containers: [
              container('app'),
              container('proxy', [{ name: 'KRUISE_CONTAINER_PRIORITY', value: '10' }]),
              container('agent', [{ name: 'KRUISE_CONTAINER_PRIORITY', value: '10' }]),
            ],
          },
        },
      }),
    );
    assert.deepEqual(
      ['app', 'proxy', 'agent'].map((c) => barrierEnv(created, c)?.key),
      ['p_0', 'p_10', 'p_10'],
    );
    await eventually('the two priority-10 containers opened together', async () => {
      const data = await barrierData(ns, 'prio-barrier');
      return data?.p_10 === 'true' && data.p_0 === undefined;
    });
    await reportReady(ns, created, ['proxy', 'agent']);
    await eventually('app opened, the pod completed', async () => {
      const data = await barrierData(ns, 'prio-barrier');
      const pod = plain<Pod>(await h.core.readNamespacedPod({ namespace: ns, name: 'prio' }));
      return data?.p_0 === 'true' && pod.metadata.annotations?.[COMPLETED] === 'true';
    });

    const denied = await h.core
      .createNamespacedPod({
        namespace: ns,
        body: {
          metadata: { name: 'bad' },
          spec: {
            ...unscheduled,
            containers: [
              container('app'),
              container('proxy', [{ name: 'KRUISE_CONTAINER_PRIORITY', value: 'high' }]),
            ],
          },
        },
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    assert.ok(denied instanceof Error, 'the pod is refused');
    assert.match(
      String((denied as { body?: unknown }).body ?? denied.message),
      /spec\.containers\[1\]\.env\[0\]\.value/,
    );
  });
});
