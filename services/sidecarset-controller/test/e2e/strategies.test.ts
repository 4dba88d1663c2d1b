// Update strategies other than a plain rolling update, through the real apiserver (docs/behaviour/sidecarset.md#reconcile, #upgrade-choice, #revisions):
// paused (status kept, nothing upgraded until resumed), NotUpdate, updateStrategy.selector, a non-image change
// (not upgradable: SidecarSetUpgradable False and a NotUpgradablePods Event), and ControllerRevision history limited by revisionHistoryLimit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import type { Pod, SidecarSet } from '@kruise-ts/sidecarset';
import { type Harness, startHarness } from './support/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h?.cleanup());

const sidecar = (p: Pod) => p.spec.containers.find((c) => c.name === 'sidecar');
const image = (p: Pod) => sidecar(p)?.image;
const statusOf = async (name: string) => (await h.getSidecarSet(name)).status;

async function setUp(
  tag: string,
  updateStrategy: Record<string, unknown>,
  count: number,
  extra: Record<string, unknown> = {},
  podLabels: (i: number) => Record<string, string> = () => ({}),
): Promise<{ ns: string; name: string; pods: Pod[] }> {
  const ns = await h.namespace();
  const name = `${tag}-${h.run}`;
  await h.createSidecarSet(name, {
    selector: { matchLabels: { app: tag } },
    containers: [{ name: 'sidecar', image: 'busybox:1.35', command: ['sleep', '999d'] }],
    updateStrategy,
    ...extra,
  });
  await h.waitInjectable(ns, { app: tag }, 'sidecar');
  const pods: Pod[] = [];
  for (let i = 0; i < count; i++) {
    pods.push(...(await h.createRunningPods(ns, `${tag}-${i}`, 1, { app: tag, ...podLabels(i) })));
  }
  await eventually(`${name}: ${count} matched and ready`, async () => {
    const st = await statusOf(name);
    return st?.matchedPods === count && st.updatedPods === count && st.latestRevision;
  });
  return { ns, name, pods };
}

const newImage = {
  spec: { containers: [{ name: 'sidecar', image: 'busybox:1.36', command: ['sleep', '999d'] }] },
};

describe('update strategies', () => {
  it('paused: status is kept, no pod is upgraded; resuming upgrades them all', async () => {
    const { ns, name } = await setUp('paused', { type: 'RollingUpdate', maxUnavailable: 2, paused: true }, 4);
    const updated = await h.patchSidecarSet(name, newImage);
    await eventually('status follows the new generation', async () => {
      const st = await statusOf(name);
      return (
        st?.observedGeneration === updated.metadata?.generation &&
        st?.updatedPods === 0 &&
        st.matchedPods === 4
      );
    });
    await new Promise((r) => setTimeout(r, 3_000));
    assert.deepEqual((await h.listPods(ns)).map(image), [
      'busybox:1.35',
      'busybox:1.35',
      'busybox:1.35',
      'busybox:1.35',
    ]);
    assert.equal((await statusOf(name))?.updatedPods, 0);

    await h.patchSidecarSet(name, { spec: { updateStrategy: { paused: false } } });
    await eventually(
      'all 4 upgraded after resuming',
      async () => {
        const st = await statusOf(name);
        return st?.updatedPods === 4 && st.updatedReadyPods === 4;
      },
      { timeoutMs: 60_000 },
    );
    assert.deepEqual((await h.listPods(ns)).map(image), [
      'busybox:1.36',
      'busybox:1.36',
      'busybox:1.36',
      'busybox:1.36',
    ]);
  });

  it('NotUpdate: the status says 0 updated and no pod changes', async () => {
    const { ns, name } = await setUp('notupdate', { type: 'NotUpdate' }, 2);
    const updated = await h.patchSidecarSet(name, newImage);
    await eventually('status of the new generation', async () => {
      const st = await statusOf(name);
      return st?.observedGeneration === updated.metadata?.generation && st?.updatedPods === 0;
    });
    await new Promise((r) => setTimeout(r, 2_000));
    assert.deepEqual((await h.listPods(ns)).map(image), ['busybox:1.35', 'busybox:1.35']);
  });

  it('updateStrategy.selector: only the selected pods are upgraded', async () => {
    const { ns, name } = await setUp(
      'selector',
      { type: 'RollingUpdate', maxUnavailable: 1 },
      4,
      {},
      (i) => ({
        canary: i < 2 ? 'true' : 'false',
      }),
    );
    await h.patchSidecarSet(name, {
      ...newImage,
      spec: { ...newImage.spec, updateStrategy: { selector: { matchLabels: { canary: 'true' } } } },
    });
    await eventually(
      'the 2 canary pods upgraded',
      async () => (await statusOf(name))?.updatedReadyPods === 2,
      {
        timeoutMs: 60_000,
      },
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const byCanary = (await h.listPods(ns)).map((p) => `${p.metadata.labels?.canary}:${image(p)}`).sort();
    assert.deepEqual(byCanary, [
      'false:busybox:1.35',
      'false:busybox:1.35',
      'true:busybox:1.36',
      'true:busybox:1.36',
    ]);
  });

  it('a change beyond images is not upgradable: pods get SidecarSetUpgradable False and keep their sidecar', async () => {
    const { ns, name } = await setUp('immutable', { type: 'RollingUpdate', maxUnavailable: 2 }, 2);
    await h.patchSidecarSet(name, {
      spec: { containers: [{ name: 'sidecar', image: 'busybox:1.36', command: ['sleep', '1d'] }] },
    });
    const pods = await eventually('pods marked not upgradable', async () => {
      const all = await h.listPods(ns);
      const marked = all.filter((p) =>
        p.status?.conditions?.some(
          (c) =>
            c.type === 'SidecarSetUpgradable' && c.status === 'False' && c.reason === 'UpdateImmutableField',
        ),
      );
      return marked.length === 2 ? all : undefined;
    });
    assert.deepEqual(pods.map(image), ['busybox:1.35', 'busybox:1.35']);
    assert.equal(
      pods[0]?.status?.conditions?.find((c) => c.type === 'SidecarSetUpgradable')?.message,
      JSON.stringify({ [name]: false }),
    );
    // Kruise's Event (sidecarset_processor.go updatePods), in "default" as client-go files cluster-scoped ones.
    const events = await eventually('NotUpgradablePods Event', async () => {
      const list = await h.core.listNamespacedEvent({
        namespace: 'default',
        fieldSelector: `involvedObject.kind=SidecarSet,involvedObject.name=${name}`,
      });
      const found = list.items.filter((e) => e.reason === 'NotUpgradablePods');
      return found.length > 0 ? found : undefined;
    });
    assert.ok(
      events.some(
        (e) =>
          e.type === 'Normal' &&
          e.source?.component === 'sidecarset-controller' &&
          e.message ===
            'SidecarSet in-place update detected 2 not upgradable pod(s) in this round, will skip them.',
      ),
      JSON.stringify(events.map((e) => [e.type, e.source?.component, e.message])),
    );
  });

  it('revisionHistoryLimit: the oldest unused revisions are deleted, numbers keep growing', async () => {
    const name = `history-${h.run}`;
    await h.createSidecarSet(name, {
      // Selects no pod: every revision is unused.
      selector: { matchLabels: { app: `nothing-${h.run}` } },
      containers: [{ name: 'sidecar', image: 'busybox:1.35' }],
      revisionHistoryLimit: 2,
    });
    const list = async () =>
      (
        await h.apps.listNamespacedControllerRevision({
          namespace: h.revisionNamespace,
          labelSelector: `kruise.io/sidecarset-name=${name}`,
        })
      ).items
        .map((r) => r.revision)
        .sort((a, b) => a - b);
    await eventually('first revision', async () => (await list()).length === 1);
    for (let i = 1; i <= 4; i++) {
      // Pull secrets are not hashed, but they are part of a revision.
      await h.patchSidecarSet(name, { spec: { imagePullSecrets: [{ name: `secret-${i}` }] } });
      await eventually(`revision ${i + 1}`, async () => (await list()).at(-1) === i + 1);
    }
    await eventually('history truncated to 2', async () => (await list()).join(',') === '4,5');
    // Back to a recorded spec: that revision is renumbered instead of a new one created.
    await h.patchSidecarSet(name, { spec: { imagePullSecrets: [{ name: 'secret-3' }] } });
    await eventually('rollback renumbers revision 4 to 6', async () => (await list()).join(',') === '5,6');
    const latest = (
      await h.apps.listNamespacedControllerRevision({
        namespace: h.revisionNamespace,
        labelSelector: `kruise.io/sidecarset-name=${name}`,
      })
    ).items.find((r) => r.revision === 6);
    const ss: SidecarSet = await eventually('status names the renumbered revision', async () => {
      const s = await h.getSidecarSet(name);
      return s.status?.latestRevision === latest?.metadata?.name ? s : undefined;
    });
    assert.equal(ss.status?.latestRevision, latest?.metadata?.name);
    assert.equal(latest?.metadata?.ownerReferences?.[0]?.name, name);
  });
});
