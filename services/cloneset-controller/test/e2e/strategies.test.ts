// Update strategies on the real cluster (docs/behaviour/cloneset.md#scale-arithmetic, #update-pod, #update-order, #v1beta1-and-conversion): maxSurge with maxUnavailable 0 (checked at
// every pod state), the update order of priorityStrategy weights, OnDelete (no updates; deleted pods come back at
// the new revision), scatterStrategy spreading a partitioned update across a pod label, and InPlaceOnly refusing a change it cannot do in place (FailedUpdate).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Pod } from '@kruise-ts/core';
import { eventually } from '@kruise-ts/devcluster';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { sortByScatter } from '../../src/index.ts';
import {
  cloneSetObject,
  createCloneSet,
  getCloneSet,
  imageOf,
  isActive,
  listPods,
  patchCloneSet,
  REVISION_HASH,
  setImage,
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

describe('update strategies', () => {
  it('maxSurge 1, maxUnavailable 0: a new pod first, never fewer than 4 available nor more than 5 pods', async () => {
    const ns = await h.namespace('surge');
    await createCloneSet(
      h,
      cloneSetObject(ns, 'sg', { replicas: 4, rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } }),
    );
    await waitForStatus(h, ns, 'sg', { replicas: 4, availableReplicas: 4, converged: true });
    const timeline = await watchPodTimeline(h, ns, 'sg', 0, 4);
    await setImage(h, ns, 'sg', V2);
    await waitForStatus(h, ns, 'sg', {
      replicas: 4,
      updatedReadyReplicas: 4,
      availableReplicas: 4,
      converged: true,
    });
    await sleep(1000);
    const points = await timeline.stop();
    const most = Math.max(...points.map((p) => p.active));
    const fewest = Math.min(...points.map((p) => p.available));
    assert.ok(most <= 5, `at most 5 pods (saw ${most})`);
    assert.ok(fewest >= 4, `at least 4 available (saw ${fewest})`);
    assert.equal(most, 5, 'the surge pod was used');
    assert.equal((await listPods(h, ns, 'sg')).filter(isActive).length, 4);
  });

  it('priorityStrategy weightPriority: the heavier pod is updated first (partition leaves room for one)', async () => {
    const ns = await h.namespace('prio');
    await createCloneSet(
      h,
      cloneSetObject(ns, 'pr', {
        replicas: 3,
        rollingUpdate: {
          partition: 2,
          podUpdatePolicy: 'InPlaceIfPossible',
          priorityStrategy: {
            weightPriority: [{ weight: 50, matchSelector: { matchLabels: { prio: 'high' } } }],
          },
        },
      }),
    );
    await waitForStatus(h, ns, 'pr', { replicas: 3, readyReplicas: 3, converged: true });
    const pods = (await listPods(h, ns, 'pr'))
      .filter(isActive)
      .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
    // Not the first pod by name or age: the weight alone must pick it.
    const chosen = pods[1]?.metadata?.name ?? '';
    await h.core.patchNamespacedPod(
      { namespace: ns, name: chosen, body: { metadata: { labels: { prio: 'high' } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await sleep(500);
    await setImage(h, ns, 'pr', V2);
    await waitForStatus(h, ns, 'pr', { replicas: 3, updatedReplicas: 1, updatedReadyReplicas: 1 });
    const after = (await listPods(h, ns, 'pr')).filter(isActive);
    assert.deepEqual(
      after.filter((p) => imageOf(p) === V2).map((p) => p.metadata?.name),
      [chosen],
    );
  });

  it('scatterStrategy zone=a: a partitioned update is spread across zones as Kruise scatterSort orders it', async () => {
    const ns = await h.namespace('scatter');
    // A weight per pod fixes the order before scattering (priority sort runs first, docs/behaviour/cloneset.md#update-order step 2), so the
    // expected set does not depend on the default ActivePods order; maxUnavailable 6 lets the whole partitioned
    // batch go in one reconcile (the order is recomputed every round, as in Kruise).
    const scatterStrategy = [{ key: 'zone', value: 'a' }];
    const rank = (i: number) => `r${i}`;
    await createCloneSet(
      h,
      cloneSetObject(ns, 'sc', {
        replicas: 6,
        rollingUpdate: {
          partition: 3,
          maxUnavailable: 6,
          podUpdatePolicy: 'InPlaceIfPossible',
          priorityStrategy: {
            weightPriority: [0, 1, 2, 3, 4, 5].map((i) => ({
              weight: 60 - 10 * i,
              matchSelector: { matchLabels: { rank: rank(i) } },
            })),
          },
          scatterStrategy,
        },
      }),
    );
    await waitForStatus(h, ns, 'sc', {
      replicas: 6,
      readyReplicas: 6,
      availableReplicas: 6,
      converged: true,
    });
    const pods = (await listPods(h, ns, 'sc'))
      .filter(isActive)
      .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
    assert.equal(pods.length, 6);
    // Priority order p0..p5; the three heaviest are all in zone a, the three lightest in zone b (as Kruise's e2e
    // does, the labels are patched onto the pods).
    const names = pods.map((p) => p.metadata?.name ?? '');
    for (const [i, name] of names.entries()) {
      await h.core.patchNamespacedPod(
        { namespace: ns, name, body: { metadata: { labels: { rank: rank(i), zone: i < 3 ? 'a' : 'b' } } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
    }
    const slots = names.map(
      (name, i) =>
        ({ metadata: { name, labels: { app: 'sc', rank: rank(i), zone: i < 3 ? 'a' : 'b' } } }) as Pod,
    );
    const order = sortByScatter(scatterStrategy, slots, [0, 1, 2, 3, 4, 5]);
    const expected = order.slice(0, 3).map((i) => names[i]);
    // By hand (scatter_sort: last zone-a pod goes last, the other two interleaved with groups of round(3/2)=2):
    // p0, p3, p4, p1, p5, p2 — not the priority-only choice p0, p1, p2.
    assert.deepEqual(order, [0, 3, 4, 1, 5, 2]);
    await sleep(1000);
    await setImage(h, ns, 'sc', V2);
    await waitForStatus(h, ns, 'sc', { replicas: 6, updatedReplicas: 3, updatedReadyReplicas: 3 });
    await sleep(2000);
    const now = (await listPods(h, ns, 'sc')).filter(isActive);
    assert.equal(now.length, 6);
    const updated = now.filter((p) => imageOf(p) === V2);
    assert.deepEqual(updated.map((p) => p.metadata?.name).sort(), [...expected].sort());
    assert.deepEqual(
      updated.map((p) => p.metadata?.labels?.zone).sort(),
      ['a', 'b', 'b'],
      'one zone-a pod and two zone-b pods',
    );
    assert.deepEqual(
      now.map((p) => p.metadata?.uid).sort(),
      pods.map((p) => p.metadata?.uid).sort(),
      'updated in place',
    );
  });

  it('OnDelete: no pod is updated; a pod deleted by the user comes back at the new revision', async () => {
    const ns = await h.namespace('ondelete');
    const obj = cloneSetObject(ns, 'od', { replicas: 2 });
    obj.spec.updateStrategy = { type: 'OnDelete' };
    await createCloneSet(h, obj);
    await waitForStatus(h, ns, 'od', { replicas: 2, readyReplicas: 2, converged: true });
    await setImage(h, ns, 'od', V2);
    const cs = await waitForStatus(h, ns, 'od', { replicas: 2, updatedReplicas: 0 });
    await sleep(2000);
    const pods = (await listPods(h, ns, 'od')).filter(isActive);
    assert.deepEqual(pods.map(imageOf), [V1, V1]);
    await h.core.deleteNamespacedPod({ namespace: ns, name: pods[0]?.metadata?.name ?? '' });
    await waitForStatus(h, ns, 'od', { replicas: 2, readyReplicas: 2, updatedReplicas: 1 });
    const now = (await listPods(h, ns, 'od')).filter(isActive);
    assert.deepEqual(now.map(imageOf).sort(), [V1, V2]);
    assert.ok(now.some((p) => p.metadata?.labels?.[REVISION_HASH] === cs.status?.updateRevision));
  });

  it('InPlaceOnly with a change that needs a recreate: pods kept, FailedUpdate condition with Kruise message', async () => {
    const ns = await h.namespace('inplaceonly');
    await createCloneSet(
      h,
      cloneSetObject(ns, 'io', { replicas: 1, rollingUpdate: { podUpdatePolicy: 'InPlaceOnly' } }),
    );
    await waitForStatus(h, ns, 'io', { replicas: 1, readyReplicas: 1, converged: true });
    const [pod] = (await listPods(h, ns, 'io')).filter(isActive);
    const cs = await getCloneSet(h, ns, 'io');
    const containers = structuredClone(cs.spec.template.spec?.containers ?? []);
    (containers[0] as { env?: unknown }).env = [{ name: 'MODE', value: 'slow' }];
    await patchCloneSet(h, ns, 'io', { spec: { template: { spec: { containers } } } });
    const failed = await eventually(
      'FailedUpdate condition',
      async () => {
        const now = await getCloneSet(h, ns, 'io');
        return now.status?.conditions?.find((c) => c.type === 'FailedUpdate');
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    assert.equal(failed.status, 'True');
    assert.equal(
      failed.message,
      `find Pod ${pod?.metadata?.name} update strategy is InPlaceOnly but can not update in-place`,
    );
    const pods = (await listPods(h, ns, 'io')).filter(isActive);
    assert.deepEqual(
      pods.map((p) => p.metadata?.uid),
      [pod?.metadata?.uid],
      'the pod is neither recreated nor changed',
    );
  });
});
