// Rolling updates on the real cluster (docs/behaviour/cloneset.md#update): ReCreate through the specified-delete label, in-place image
// updates (same pod, container restarted by the fake kubelet, InPlaceUpdateReady cycled), the in-place grace
// period, metadata-only in-place updates, the fallback to recreate, partition (number and percent), paused,
// maxUnavailable, and rollback to an older template reusing its ControllerRevision (docs/behaviour/cloneset.md#revisions).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import {
  cloneSetObject,
  createCloneSet,
  eventsOf,
  getCloneSet,
  imageOf,
  isActive,
  LIFECYCLE_STATE,
  listPods,
  patchCloneSet,
  REVISION_HASH,
  setImage,
  TEMPLATE_HASH,
  waitForStatus,
} from './support/cloneset.ts';
import { Harness } from './support/harness.ts';
import { watchPodTimeline } from './support/pod-timeline.ts';

const h = new Harness();
const V1 = 'nginx:1.22-alpine';
const V2 = 'nginx:1.23-alpine';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

const condition = (p: V1Pod, type: string) => p.status?.conditions?.find((c) => c.type === type);
const byName = (pods: V1Pod[]) => new Map(pods.map((p) => [p.metadata?.name ?? '', p]));

/** Creates a CloneSet and waits until all its pods are ready; returns the pods and the first revision. */
async function ready(ns: string, name: string, o: Parameters<typeof cloneSetObject>[2]) {
  await createCloneSet(h, cloneSetObject(ns, name, o));
  const cs = await waitForStatus(h, ns, name, {
    replicas: o.replicas,
    readyReplicas: o.replicas,
    updatedReadyReplicas: o.replicas,
    converged: true,
  });
  const pods = (await listPods(h, ns, name)).filter(isActive);
  return { pods, revision: cs.status?.updateRevision ?? '' };
}

describe('ReCreate (docs/behaviour/cloneset.md#recreate-via-specified-delete, #update-pod)', () => {
  it('replaces every pod one at a time through the specified-delete label, never more than maxUnavailable down', async () => {
    const ns = await h.namespace('recreate');
    const { pods: before, revision: r1 } = await ready(ns, 'rc', { replicas: 3 });
    const timeline = await watchPodTimeline(h, ns, 'rc', 0, 3);
    await setImage(h, ns, 'rc', V2);
    const cs = await waitForStatus(h, ns, 'rc', {
      replicas: 3,
      updatedReplicas: 3,
      updatedReadyReplicas: 3,
      availableReplicas: 3,
      converged: true,
    });
    const points = await timeline.stop();
    const r2 = cs.status?.updateRevision ?? '';
    assert.notEqual(r2, r1);
    const after = (await listPods(h, ns, 'rc')).filter(isActive);
    assert.equal(after.length, 3);
    const oldNames = new Set(before.map((p) => p.metadata?.name));
    for (const pod of after) {
      assert.ok(!oldNames.has(pod.metadata?.name), `${pod.metadata?.name} is a new pod`);
      assert.equal(imageOf(pod), V2);
      assert.equal(pod.metadata?.labels?.[REVISION_HASH], r2);
      assert.equal(pod.metadata?.labels?.[TEMPLATE_HASH], r2.slice('rc-'.length));
    }
    // maxUnavailable defaults to 20% of 3, rounded up: 1; maxSurge 0. Checked at every pod state.
    const worst = Math.min(...points.map((p) => p.available));
    assert.ok(
      points.every((p) => p.active <= 3),
      'never more than 3 pods',
    );
    assert.equal(worst, 2, `exactly one pod down at a time (worst ${worst} available)`);
    const events = await eventsOf(h, ns, 'rc');
    for (const pod of before) {
      assert.ok(
        events.some(
          (e) =>
            e.reason === 'SuccessfulUpdatePodReCreate' &&
            e.message ===
              `successfully patch pod ${pod.metadata?.name} specified-delete for update(revision ${r2})`,
        ),
        `recreate event for ${pod.metadata?.name}`,
      );
    }
    const revisions = await h.apps.listNamespacedControllerRevision({ namespace: ns });
    assert.deepEqual(
      revisions.items.map((r) => [r.metadata?.name, r.revision]).sort(),
      [
        [r1, 1],
        [r2, 2],
      ].sort(),
    );
    console.log(`ReCreate 3 pods: ${points.length} pod states, worst available ${worst}/3`);
  });

  it('InPlaceIfPossible falls back to ReCreate for a change other than images (an env var)', async () => {
    const ns = await h.namespace('fallback');
    const { pods: before } = await ready(ns, 'fb', {
      replicas: 2,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    const cs = await getCloneSet(h, ns, 'fb');
    const containers = structuredClone(cs.spec.template.spec?.containers ?? []);
    (containers[0] as { env?: unknown }).env = [{ name: 'MODE', value: 'fast' }];
    await patchCloneSet(h, ns, 'fb', { spec: { template: { spec: { containers } } } });
    await waitForStatus(h, ns, 'fb', { replicas: 2, updatedReadyReplicas: 2, converged: true });
    const after = (await listPods(h, ns, 'fb')).filter(isActive);
    const oldUids = new Set(before.map((p) => p.metadata?.uid));
    assert.ok(
      after.every((p) => !oldUids.has(p.metadata?.uid)),
      'every pod recreated',
    );
  });
});

describe('in-place update (docs/behaviour/cloneset.md#in-place-able, #in-place-procedure)', () => {
  it('updates the image in place: same pod, container restarted once, InPlaceUpdateReady cycled', async () => {
    const ns = await h.namespace('inplace');
    const { pods: before, revision: r1 } = await ready(ns, 'ip', {
      replicas: 3,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    // Condition times have second precision: let a second pass so a re-set condition shows a later time.
    await sleep(1100);
    const startedAt = Date.now();
    const timeline = await watchPodTimeline(h, ns, 'ip', 0, 3);
    await setImage(h, ns, 'ip', V2);
    const cs = await waitForStatus(h, ns, 'ip', {
      replicas: 3,
      updatedReplicas: 3,
      updatedReadyReplicas: 3,
      availableReplicas: 3,
      converged: true,
    });
    const points = await timeline.stop();
    const r2 = cs.status?.updateRevision ?? '';
    const after = byName((await listPods(h, ns, 'ip')).filter(isActive));
    assert.equal(after.size, 3);
    for (const old of before) {
      const pod = after.get(old.metadata?.name ?? '');
      assert.ok(pod, `${old.metadata?.name} still there`);
      assert.equal(pod.metadata?.uid, old.metadata?.uid, 'same pod object');
      assert.equal(imageOf(pod), V2);
      const status = pod.status?.containerStatuses?.[0];
      assert.equal(status?.image, V2);
      assert.equal(status?.restartCount, 1);
      assert.notEqual(status?.imageID, old.status?.containerStatuses?.[0]?.imageID);
      assert.equal(pod.metadata?.labels?.[REVISION_HASH], r2);
      assert.equal(pod.metadata?.labels?.[TEMPLATE_HASH], r2.slice('ip-'.length));
      assert.equal(pod.metadata?.labels?.[LIFECYCLE_STATE], 'Normal');
      const gate = condition(pod, 'InPlaceUpdateReady');
      assert.equal(gate?.status, 'True');
      assert.ok(
        Date.parse(String(gate?.lastTransitionTime)) >= Math.floor(startedAt / 1000) * 1000,
        'InPlaceUpdateReady went False and back to True during the update',
      );
      const state = JSON.parse(
        pod.metadata?.annotations?.['apps.kruise.io/inplace-update-state'] ?? '{}',
      ) as {
        revision?: string;
        lastContainerStatuses?: Record<string, { imageID?: string }>;
        updateImages?: boolean;
      };
      assert.equal(state.revision, r2);
      assert.equal(state.updateImages, true);
      assert.equal(state.lastContainerStatuses?.main?.imageID, old.status?.containerStatuses?.[0]?.imageID);
      assert.equal(pod.metadata?.annotations?.['apps.kruise.io/inplace-update-grace'], undefined);
    }
    // 20% of 3 rounded up: one pod at a time; nothing was ever deleted. Checked at every pod state.
    assert.ok(
      points.every((p) => p.active === 3),
      'always 3 pods',
    );
    assert.equal(Math.min(...points.map((p) => p.available)), 2, 'exactly one pod updating at a time');
    console.log(`in-place 3 pods in ${Date.now() - startedAt} ms; ${points.length} pod states checked`);
    const events = await eventsOf(h, ns, 'ip');
    assert.equal(
      events.filter(
        (e) => e.reason === 'SuccessfulUpdatePodInPlace' && e.message.endsWith(`in-place(revision ${r2})`),
      ).length,
      3,
    );
    assert.notEqual(r1, r2);
  });

  it('gracePeriodSeconds holds the new image back, then applies it', async () => {
    const ns = await h.namespace('grace');
    const { pods: before } = await ready(ns, 'gr', {
      replicas: 1,
      rollingUpdate: {
        podUpdatePolicy: 'InPlaceIfPossible',
        inPlaceUpdateStrategy: { gracePeriodSeconds: 3 },
      },
    });
    const name = before[0]?.metadata?.name ?? '';
    await setImage(h, ns, 'gr', V2);
    const held = await eventually(
      'grace annotation',
      async () => {
        const pod = (await listPods(h, ns, 'gr')).find((p) => p.metadata?.name === name);
        return pod?.metadata?.annotations?.['apps.kruise.io/inplace-update-grace'] ? pod : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const heldAt = Date.now();
    assert.equal(imageOf(held), V1, 'image unchanged during the grace period');
    assert.equal(held.metadata?.labels?.[LIFECYCLE_STATE], 'Updating');
    assert.equal(condition(held, 'InPlaceUpdateReady')?.status, 'False');
    const grace = JSON.parse(held.metadata?.annotations?.['apps.kruise.io/inplace-update-grace'] ?? '{}') as {
      containerImages?: Record<string, string>;
      graceSeconds?: number;
    };
    assert.deepEqual(grace.containerImages, { main: V2 });
    assert.equal(grace.graceSeconds, 3);
    const applied = await eventually(
      'image applied after the grace period',
      async () => {
        const pod = (await listPods(h, ns, 'gr')).find((p) => p.metadata?.name === name);
        return pod !== undefined && imageOf(pod) === V2 ? Date.now() : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    // Seen within ~100 ms of each write; the annotation may have been visible up to a second late.
    assert.ok(applied - heldAt >= 1500, `the image waited for the grace period (${applied - heldAt} ms)`);
    const done = await waitForStatus(h, ns, 'gr', { updatedReadyReplicas: 1, converged: true });
    const pod = (await listPods(h, ns, 'gr')).find((p) => p.metadata?.name === name);
    assert.equal(pod?.metadata?.uid, before[0]?.metadata?.uid);
    assert.equal(pod?.metadata?.annotations?.['apps.kruise.io/inplace-update-grace'], undefined);
    assert.equal(done.status?.updatedReplicas, 1);
    console.log(`grace period 3 s: image applied ${applied - heldAt} ms after the grace annotation was seen`);
  });

  it('a template-metadata-only change is applied in place without restarting containers', async () => {
    const ns = await h.namespace('meta');
    const { pods: before } = await ready(ns, 'md', {
      replicas: 2,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    await patchCloneSet(h, ns, 'md', {
      spec: { template: { metadata: { labels: { app: 'md', tier: 'gold' } } } },
    });
    await waitForStatus(h, ns, 'md', { replicas: 2, updatedReadyReplicas: 2, converged: true });
    const after = byName((await listPods(h, ns, 'md')).filter(isActive));
    for (const old of before) {
      const pod = after.get(old.metadata?.name ?? '');
      assert.equal(pod?.metadata?.uid, old.metadata?.uid);
      assert.equal(pod?.metadata?.labels?.tier, 'gold');
      assert.equal(pod?.status?.containerStatuses?.[0]?.restartCount, 0);
    }
  });
});

describe('partition and paused (docs/behaviour/cloneset.md#partition-paused)', () => {
  for (const [label, partition] of [
    ['a number', 2],
    ['a percent', '50%'],
  ] as const) {
    it(`partition as ${label} keeps that many pods at the current revision`, async () => {
      const ns = await h.namespace('part');
      const { revision: r1 } = await ready(ns, 'pt', {
        replicas: 4,
        rollingUpdate: { partition, maxUnavailable: 2 },
      });
      await setImage(h, ns, 'pt', V2);
      const cs = await waitForStatus(h, ns, 'pt', {
        replicas: 4,
        updatedReplicas: 2,
        updatedReadyReplicas: 2,
        readyReplicas: 4,
        expectedUpdatedReplicas: 2,
      });
      assert.equal(
        cs.status?.currentRevision,
        r1,
        'currentRevision stays while the partition holds pods back',
      );
      await sleep(3000);
      const pods = (await listPods(h, ns, 'pt')).filter(isActive);
      assert.deepEqual(pods.map(imageOf).sort(), [V1, V1, V2, V2]);
      assert.equal((await getCloneSet(h, ns, 'pt')).status?.updatedReplicas, 2, 'still 2 after 3 s');
      await patchCloneSet(h, ns, 'pt', { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } });
      const done = await waitForStatus(h, ns, 'pt', {
        replicas: 4,
        updatedReplicas: 4,
        updatedReadyReplicas: 4,
        expectedUpdatedReplicas: 4,
        converged: true,
      });
      assert.equal(done.status?.currentRevision, done.status?.updateRevision);
    });
  }

  it('paused stops updates, not scaling: a pod added while paused gets the new revision (docs/behaviour/cloneset.md#edge-paused-scaling)', async () => {
    const ns = await h.namespace('paused');
    const { revision: r1 } = await ready(ns, 'ps', { replicas: 2 });
    await patchCloneSet(h, ns, 'ps', { spec: { updateStrategy: { rollingUpdate: { paused: true } } } });
    await setImage(h, ns, 'ps', V2);
    const paused = await waitForStatus(h, ns, 'ps', { replicas: 2, updatedReplicas: 0 });
    const r2 = paused.status?.updateRevision ?? '';
    assert.notEqual(r2, r1);
    await sleep(3000);
    assert.deepEqual((await listPods(h, ns, 'ps')).filter(isActive).map(imageOf), [V1, V1]);
    await patchCloneSet(h, ns, 'ps', { spec: { replicas: 3 } });
    await waitForStatus(h, ns, 'ps', { replicas: 3, updatedReplicas: 1, readyReplicas: 3 });
    assert.deepEqual((await listPods(h, ns, 'ps')).filter(isActive).map(imageOf).sort(), [V1, V1, V2]);
    await patchCloneSet(h, ns, 'ps', { spec: { updateStrategy: { rollingUpdate: { paused: false } } } });
    await waitForStatus(h, ns, 'ps', { replicas: 3, updatedReadyReplicas: 3, converged: true });
  });
});

describe('maxUnavailable (docs/behaviour/cloneset.md#update-limit)', () => {
  it('maxUnavailable 2 of 6: never fewer than 4 available, never more than 6 pods', async () => {
    const ns = await h.namespace('maxunav');
    await ready(ns, 'mu', { replicas: 6, rollingUpdate: { maxUnavailable: 2 } });
    const timeline = await watchPodTimeline(h, ns, 'mu', 0, 6);
    await setImage(h, ns, 'mu', V2);
    await waitForStatus(h, ns, 'mu', {
      replicas: 6,
      updatedReadyReplicas: 6,
      availableReplicas: 6,
      converged: true,
    });
    const points = await timeline.stop();
    const worst = Math.min(...points.map((p) => p.available));
    assert.ok(
      points.every((p) => p.active <= 6),
      'no surge',
    );
    assert.equal(worst, 4, `two pods down at a time, never three (worst ${worst} available)`);
    console.log(`maxUnavailable 2 of 6: ${points.length} pod states, worst available ${worst}/6`);
  });
});

describe('rollback (docs/behaviour/cloneset.md#revisions)', () => {
  it('going back to an older template reuses its ControllerRevision (name kept, .revision bumped)', async () => {
    const ns = await h.namespace('rollback');
    const { revision: r1 } = await ready(ns, 'rb', {
      replicas: 2,
      rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' },
    });
    await setImage(h, ns, 'rb', V2);
    const v2 = await waitForStatus(h, ns, 'rb', { updatedReadyReplicas: 2, converged: true });
    const r2 = v2.status?.updateRevision ?? '';
    await setImage(h, ns, 'rb', V1);
    const back = await waitForStatus(h, ns, 'rb', { replicas: 2, updatedReadyReplicas: 2, converged: true });
    assert.equal(back.status?.updateRevision, r1, 'the old revision name is the update revision again');
    const revisions = await h.apps.listNamespacedControllerRevision({ namespace: ns });
    assert.deepEqual(
      revisions.items.map((r) => [r.metadata?.name, r.revision]).sort(),
      [
        [r1, 3],
        [r2, 2],
      ].sort(),
    );
    const pods = (await listPods(h, ns, 'rb')).filter(isActive);
    assert.ok(pods.every((p) => p.metadata?.labels?.[REVISION_HASH] === r1 && imageOf(p) === V1));
  });
});
