// A HotUpgrade sidecar through the real apiserver (docs/behaviour/sidecarset.md#hot-upgrade-injection,
// #hot-upgrade-upgrade, #hot-upgrade-reset): injected by the webhook server as two slots, then an image change in the
// SidecarSet writes the new image into the empty slot and makes it the working one, the fake kubelet restarts that
// slot, and only then the controller resets the old slot to the empty image. Every pod watch event is recorded:
// the pods stay Ready throughout and the reset never comes before the kubelet ran the new version. Then the next
// version goes back into slot 1, and a change beyond the image upgrades nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { type Pod, parseUpgradeSpecs, workingHotUpgradeContainers } from '@kruise-ts/sidecarset';
import { Watch } from '@kubernetes/client-node';
import { type Harness, startHarness } from './support/harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h?.cleanup());

const OLD = 'busybox:1.35';
const NEW = 'busybox:1.36';
const EMPTY = 'busybox:hot-empty';

const image = (p: Pod, name: string) => p.spec.containers.find((c) => c.name === name)?.image;
const statusImage = (p: Pod, name: string) =>
  p.status?.containerStatuses?.find((c) => c.name === name)?.image;
const ready = (p: Pod) =>
  p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
/** Spec and kubelet agree on every container. */
const settled = (p: Pod) => p.spec.containers.every((c) => statusImage(p, c.name) === c.image);

describe('SidecarSet HotUpgrade', () => {
  it('upgrades the empty slot, switches the working slot, resets the old slot; pods stay Ready', async () => {
    const ns = await h.namespace();
    const name = `hot-${h.run}`;
    const sidecar = (img: string) => ({
      name: 'sidecar',
      image: img,
      command: ['sleep', '999d'],
      upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: EMPTY },
    });
    await h.createSidecarSet(name, {
      selector: { matchLabels: { app: 'hot' } },
      containers: [sidecar(OLD)],
      updateStrategy: { type: 'RollingUpdate', maxUnavailable: 2 },
    });
    await h.waitInjectable(ns, { app: 'hot' }, 'sidecar-1');
    const pods = await h.createRunningPods(ns, 'hot', 2, { app: 'hot' });
    for (const p of pods) {
      assert.deepEqual([image(p, 'sidecar-1'), image(p, 'sidecar-2')], [OLD, EMPTY]);
      assert.deepEqual(workingHotUpgradeContainers(p), { sidecar: 'sidecar-1' });
    }
    await eventually('status: 2 matched, updated and ready', async () => {
      const st = (await h.getSidecarSet(name)).status;
      return st?.matchedPods === 2 && st.updatedPods === 2 && st.readyPods === 2;
    });

    // Every state the pods go through, as the watch delivers them.
    const seen: Pod[] = [];
    const watch = await new Watch(h.kc).watch(
      `/api/v1/namespaces/${ns}/pods`,
      {},
      (type: string, obj: Pod) => {
        if (type !== 'DELETED' && obj.metadata?.name?.startsWith('hot-')) seen.push(structuredClone(obj));
      },
      () => {},
    );
    const patched = await h.patchSidecarSet(name, { spec: { containers: [sidecar(NEW)] } });
    const newHash = patched.metadata?.annotations?.['kruise.io/sidecarset-hash'];

    const done = await eventually(
      'both pods on the new version in slot 2, slot 1 back on the empty image, status updated and ready',
      async () => {
        const now = (await h.listPods(ns)).filter((p) => p.metadata.name?.startsWith('hot-'));
        const st = (await h.getSidecarSet(name)).status;
        const finished = now.filter(
          (p) => image(p, 'sidecar-1') === EMPTY && image(p, 'sidecar-2') === NEW && settled(p) && ready(p),
        );
        return finished.length === 2 && st?.updatedReadyPods === 2 && st.readyPods === 2 ? now : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    ).catch((err: unknown) => {
      throw new Error(
        `hot upgrade did not finish; controller log tail:\n${h.services.at(-1)?.output().slice(-4000)}`,
        {
          cause: err,
        },
      );
    });
    watch.abort();

    for (const p of done) {
      const pname = p.metadata.name ?? '';
      const a = p.metadata.annotations ?? {};
      assert.deepEqual(workingHotUpgradeContainers(p), { sidecar: 'sidecar-2' }, pname);
      assert.equal(parseUpgradeSpecs(a['kruise.io/sidecarset-hash'])[name]?.hash, newHash);
      assert.equal(a['version.sidecarset.kruise.io/sidecar-1'], '0');
      assert.equal(a['versionalt.sidecarset.kruise.io/sidecar-2'], '0');
      assert.match(a['version.sidecarset.kruise.io/sidecar-2'] ?? '', /^[1-9][0-9]*$/);
      assert.equal(
        a['versionalt.sidecarset.kruise.io/sidecar-1'],
        a['version.sidecarset.kruise.io/sidecar-2'],
      );
      // The app container was never restarted; each slot restarted once (new version, then empty image).
      const restarts = Object.fromEntries(
        (p.status?.containerStatuses ?? []).map((c) => [c.name, c.restartCount]),
      );
      assert.deepEqual(restarts, { app: 0, 'sidecar-1': 1, 'sidecar-2': 1 }, pname);

      const states = seen.filter((s) => s.metadata.name === pname);
      assert.ok(states.length > 0, `the watch saw ${pname}`);
      assert.ok(states.every(ready), `${pname} stayed Ready in every watched state`);
      // The switch: the new version in slot 2 while slot 1 still runs the old one.
      assert.ok(
        states.some((s) => image(s, 'sidecar-1') === OLD && image(s, 'sidecar-2') === NEW),
        `${pname}: the new version started next to the old one`,
      );
      // The reset waited for the kubelet to run the new version.
      const firstReset = states.find((s) => image(s, 'sidecar-1') === EMPTY);
      assert.ok(firstReset, `${pname}: slot 1 was reset`);
      assert.equal(statusImage(firstReset, 'sidecar-2'), NEW, `${pname}: reset only after slot 2 ran ${NEW}`);
    }

    const events = await eventually('ResetContainerSucceed Events on both pods', async () => {
      const list = await h.core.listNamespacedEvent({ namespace: ns });
      const reset = list.items.filter((e) => e.reason === 'ResetContainerSucceed');
      return new Set(reset.map((e) => e.involvedObject.name)).size === 2 ? reset : undefined;
    });
    assert.equal(events[0]?.message, 'reset sidecar container image empty successfully');
    assert.equal(events[0]?.involvedObject.kind, 'Pod');

    // The next version goes into slot 1 again (test/e2e/apps/v1beta1/sidecarset_hotupgrade.go does the same).
    await h.patchSidecarSet(name, { spec: { containers: [sidecar(OLD)] } });
    await eventually(
      'both pods back on the old version in slot 1, slot 2 empty',
      async () => {
        const now = (await h.listPods(ns)).filter((p) => p.metadata.name?.startsWith('hot-'));
        const st = (await h.getSidecarSet(name)).status;
        const finished = now.filter(
          (p) =>
            image(p, 'sidecar-1') === OLD &&
            image(p, 'sidecar-2') === EMPTY &&
            workingHotUpgradeContainers(p).sidecar === 'sidecar-1' &&
            settled(p) &&
            ready(p),
        );
        return finished.length === 2 && st?.updatedReadyPods === 2;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );

    // More than the image changed: nothing is upgraded, the pods stay ready.
    await h.patchSidecarSet(name, {
      spec: { containers: [{ ...sidecar(OLD), env: [{ name: 'PROXY', value: '127.0.0.1' }] }] },
    });
    await eventually('status: 0 updated, 2 ready', async () => {
      const st = (await h.getSidecarSet(name)).status;
      return st?.matchedPods === 2 && st.updatedPods === 0 && st.readyPods === 2;
    });
    await new Promise((r) => setTimeout(r, 2_000));
    for (const p of (await h.listPods(ns)).filter((x) => x.metadata.name?.startsWith('hot-'))) {
      assert.deepEqual([image(p, 'sidecar-1'), image(p, 'sidecar-2')], [OLD, EMPTY]);
      assert.equal(p.spec.containers.find((c) => c.name === 'sidecar-1')?.env?.length, 3);
    }
  });
});
