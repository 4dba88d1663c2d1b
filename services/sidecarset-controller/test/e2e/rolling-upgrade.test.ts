// A rolling in-place sidecar upgrade of 20 pods (docs/behaviour/sidecarset.md#upgrade-choice, #upgrade-in-place, #patch-metadata-edits, #completion) through the real apiserver, fed by the
// watcher, injected by the webhook server, upgraded by this controller, with the fake kubelet restarting
// containers whose image changed. Sampled every 200 ms and, exactly, after every pod watch event: never more
// than maxUnavailable (2) pods upgrading at once, and the `partition` pods are never touched; then partition 0
// finishes the rollout.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { type Pod, parseUpgradeSpecs } from '@kruise-ts/sidecarset';
import { type Harness, startHarness } from './support/harness.ts';
import { watchPods } from './support/pod-watch.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h?.cleanup());

const OLD = 'busybox:1.35';
const NEW = 'busybox:1.36';
const sidecar = (p: Pod) => p.spec.containers.find((c) => c.name === 'sidecar');
const sidecarStatus = (p: Pod) => p.status?.containerStatuses?.find((c) => c.name === 'sidecar');
const ready = (p: Pod) =>
  p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
/** Told to run the new image, but the kubelet has not reported it running and ready yet. */
const upgrading = (p: Pod) =>
  sidecar(p)?.image === NEW && (sidecarStatus(p)?.image !== NEW || !sidecarStatus(p)?.ready || !ready(p));
const done = (p: Pod) => sidecar(p)?.image === NEW && !upgrading(p);

describe('rolling sidecar upgrade', () => {
  it('20 pods, maxUnavailable 2, partition 5: ≤ 2 upgrading at any sample, 5 pods untouched; then all', async () => {
    const ns = await h.namespace();
    const name = `roll-${h.run}`;
    await h.createSidecarSet(name, {
      selector: { matchLabels: { app: 'roll' } },
      containers: [{ name: 'sidecar', image: OLD, command: ['sleep', '999d'] }],
      updateStrategy: { type: 'RollingUpdate', maxUnavailable: 2, partition: 5 },
    });
    await h.waitInjectable(ns, { app: 'roll' }, 'sidecar');
    const pods = await h.createRunningPods(ns, 'roll', 20, { app: 'roll' });
    assert.ok(pods.every((p) => sidecar(p)?.image === OLD));
    const before = await eventually('status: 20 matched, updated and ready', async () => {
      const s = await h.getSidecarSet(name);
      const st = s.status;
      return st?.matchedPods === 20 && st.updatedPods === 20 && st.readyPods === 20 && st.latestRevision
        ? s
        : undefined;
    });
    const oldHash = before.metadata?.annotations?.['kruise.io/sidecarset-hash'];
    const oldRevision = before.status?.latestRevision;

    const isRoll = (p: Pod) => p.metadata.name?.startsWith('roll-') ?? false;
    const watch = await watchPods(
      h.kc,
      ns,
      (p) => isRoll(p) && upgrading(p),
      (p) => isRoll(p) && sidecar(p)?.image === NEW,
    );
    const patched = await h.patchSidecarSet(name, {
      spec: { containers: [{ name: 'sidecar', image: NEW, command: ['sleep', '999d'] }] },
    });
    const newHash = patched.metadata?.annotations?.['kruise.io/sidecarset-hash'];
    assert.notEqual(newHash, oldHash);
    assert.equal(
      patched.metadata?.annotations?.['kruise.io/sidecarset-hash-without-image'],
      before.metadata?.annotations?.['kruise.io/sidecarset-hash-without-image'],
    );

    let maxUpgrading = 0;
    let samples = 0;
    const touched = new Set<string>();
    const deadline = Date.now() + 180_000;
    let last: Pod[] = [];
    for (;;) {
      last = await h.listPods(ns);
      const roll = last.filter((p) => p.metadata.name?.startsWith('roll-'));
      samples++;
      maxUpgrading = Math.max(maxUpgrading, roll.filter(upgrading).length);
      for (const p of roll) if (sidecar(p)?.image === NEW) touched.add(p.metadata.name ?? '');
      if (roll.filter(done).length === 15) {
        const st = (await h.getSidecarSet(name)).status;
        if (st?.updatedPods === 15 && st.updatedReadyPods === 15) break;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `rollout did not reach 15 pods: ${roll.filter(done).length} done, controller log tail:\n${h.services.at(-1)?.output().slice(-4000)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(
      `rolling upgrade: ${samples} samples (max ${maxUpgrading} upgrading); watch events: max ${watch.max()} upgrading at once`,
    );
    assert.ok(maxUpgrading <= 2, `at most 2 upgrading at once in the samples, saw ${maxUpgrading}`);
    assert.ok(watch.max() <= 2, `at most 2 upgrading at once in the watch, saw ${watch.max()}`);
    assert.ok(watch.max() >= 1, 'the watch saw upgrades in progress');

    // Give the controller a moment: the partitioned pods must stay untouched.
    await new Promise((r) => setTimeout(r, 2_000));
    const settled = (await h.listPods(ns)).filter((p) => p.metadata.name?.startsWith('roll-'));
    const untouched = settled.filter((p) => sidecar(p)?.image === OLD);
    assert.equal(untouched.length, 5);
    assert.equal(touched.size, 15, 'no pod beyond the 15 was ever told to run the new image (samples)');
    assert.equal(watch.touched().size, 15, 'no pod beyond the 15 was ever told to run the new image (watch)');
    watch.stop();
    for (const p of untouched) {
      const spec = parseUpgradeSpecs(p.metadata.annotations?.['kruise.io/sidecarset-hash'])[name];
      assert.equal(spec?.hash, oldHash);
      assert.equal(p.metadata.annotations?.['kruise.io/sidecarset-inplace-update-state'], undefined);
      assert.equal(sidecarStatus(p)?.image, OLD);
    }
    const upgraded = settled.filter(done);
    for (const p of upgraded) {
      const spec = parseUpgradeSpecs(p.metadata.annotations?.['kruise.io/sidecarset-hash'])[name];
      assert.equal(spec?.hash, newHash);
      assert.notEqual(spec?.controllerRevision, oldRevision);
      // Only the image changed: the kubelet restarted the container in place.
      assert.equal(sidecarStatus(p)?.restartCount, 1);
      assert.ok(p.status?.conditions?.some((c) => c.type === 'SidecarSetUpgradable' && c.status === 'True'));
    }
    const status = (await h.getSidecarSet(name)).status;
    assert.deepEqual(
      {
        matched: status?.matchedPods,
        updated: status?.updatedPods,
        ready: status?.readyPods,
        updatedReady: status?.updatedReadyPods,
      },
      { matched: 20, updated: 15, ready: 20, updatedReady: 15 },
    );
    const revisions = await h.apps.listNamespacedControllerRevision({
      namespace: h.revisionNamespace,
      labelSelector: `kruise.io/sidecarset-name=${name}`,
    });
    assert.equal(revisions.items.length, 2);
    const newest = revisions.items.sort((a, b) => b.revision - a.revision)[0];
    assert.equal(status?.latestRevision, newest?.metadata?.name);

    // Partition 0: the rest follow, still at most 2 at a time.
    const restWatch = await watchPods(h.kc, ns, (p) => isRoll(p) && upgrading(p));
    await h.patchSidecarSet(name, { spec: { updateStrategy: { partition: 0 } } });
    let maxRest = 0;
    await eventually(
      'all 20 pods upgraded',
      async () => {
        const all = (await h.listPods(ns)).filter((p) => p.metadata.name?.startsWith('roll-'));
        maxRest = Math.max(maxRest, all.filter(upgrading).length);
        const st = (await h.getSidecarSet(name)).status;
        return all.filter(done).length === 20 && st?.updatedReadyPods === 20;
      },
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    restWatch.stop();
    assert.ok(maxRest <= 2, `at most 2 upgrading at once after partition 0 (samples), saw ${maxRest}`);
    assert.ok(
      restWatch.max() <= 2,
      `at most 2 upgrading at once after partition 0 (watch), saw ${restWatch.max()}`,
    );
  });
});
