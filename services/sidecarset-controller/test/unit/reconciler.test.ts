// The reconcile over an in-memory cluster (docs/behaviour/sidecarset.md#reconcile, #upgrade-choice, #upgrade-in-place): a rollout under maxUnavailable and partition
// with a lagging cache and a slow kubelet, NotUpdate and paused, in-flight writes, revisions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations } from '@kruise-ts/core';
import {
  computeSidecarSetHash,
  computeSidecarSetHashWithoutImage,
  type Pod,
  podSidecarSetHash,
  type SidecarSet,
  sidecarSetHashAnnotations,
} from '@kruise-ts/sidecarset';
import { createReconciler } from '../../src/reconciler.ts';
import { RevisionOverlay } from '../../src/revisions.ts';
import { FakeCluster, injectedPod } from './fake-cluster.ts';

function sidecarSet(image: string, strategy: SidecarSet['spec']['updateStrategy']): SidecarSet {
  const s: SidecarSet = {
    metadata: { name: 'ss', uid: 'uid-ss', generation: 2 },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      containers: [{ name: 'sidecar', image }],
      updateStrategy: strategy,
    },
  };
  s.metadata = { ...s.metadata, annotations: sidecarSetHashAnnotations(s) };
  return s;
}

/** A cluster of `count` pods injected at v1, and the SidecarSet now at v2. */
function cluster(count: number, strategy: SidecarSet['spec']['updateStrategy']) {
  const v1 = sidecarSet('sidecar:v1', strategy);
  const c = new FakeCluster(sidecarSet('sidecar:v2', strategy));
  for (let i = 0; i < count; i++) {
    c.addPod(
      injectedPod(
        `pod-${i}`,
        'ss',
        computeSidecarSetHash(v1),
        computeSidecarSetHashWithoutImage(v1),
        'sidecar:v1',
      ),
    );
  }
  c.sync();
  const versions = new ResourceVersionExpectations();
  const reconcile = createReconciler({ ...c.deps(versions), versions, overlay: new RevisionOverlay() });
  return { c, reconcile: () => reconcile('ss', undefined) };
}

const sidecarImage = (p: Pod) => p.spec.containers.find((x) => x.name === 'sidecar')?.image;
const upgrading = (c: FakeCluster) =>
  [...c.pods.values()].filter(
    (p) =>
      sidecarImage(p) === 'sidecar:v2' &&
      p.status?.containerStatuses?.find((s) => s.name === 'sidecar')?.image !== 'sidecar:v2',
  ).length;

describe('reconcile', () => {
  it('rolls 20 pods with maxUnavailable 2 and partition 5: never more than 2 upgrading, 5 untouched', async () => {
    const { c, reconcile } = cluster(20, { type: 'RollingUpdate', maxUnavailable: 2, partition: 5 });
    let maxUpgrading = 0;
    for (let round = 0; round < 100; round++) {
      await reconcile();
      maxUpgrading = Math.max(maxUpgrading, upgrading(c));
      c.sync();
      await reconcile(); // the cache caught up, the kubelet has not: nothing more may start
      maxUpgrading = Math.max(maxUpgrading, upgrading(c));
      if (c.kubelet(1) === 0 && upgrading(c) === 0) {
        c.sync();
        await reconcile();
        if (upgrading(c) === 0) break;
      }
      c.sync();
    }
    assert.equal(maxUpgrading, 2);
    const pods = [...c.pods.values()];
    assert.equal(pods.filter((p) => sidecarImage(p) === 'sidecar:v2').length, 15);
    assert.equal(
      pods.filter((p) => podSidecarSetHash(p, 'ss') === computeSidecarSetHash(c.sidecarSet)).length,
      15,
    );
    assert.deepEqual(
      { ...c.sidecarSet.status, latestRevision: undefined },
      {
        observedGeneration: 2,
        matchedPods: 20,
        updatedPods: 15,
        readyPods: 20,
        updatedReadyPods: 15,
        latestRevision: undefined,
        collisionCount: 0,
      },
    );
    assert.equal(c.revisions.size, 1);
  });

  it('waits while its own pod writes are not in the cache yet', async () => {
    const { c, reconcile } = cluster(4, { type: 'RollingUpdate', maxUnavailable: 4 });
    await reconcile();
    assert.equal(c.podWrites, 4);
    c.kubelet();
    // The cache still shows the pods before the writes: no decision, a short requeue.
    assert.deepEqual(await reconcile(), { requeueAfter: 1000 });
    assert.equal(c.podWrites, 4);
  });

  for (const strategy of [{ type: 'NotUpdate' as const }, { type: 'RollingUpdate' as const, paused: true }]) {
    it(`${JSON.stringify(strategy)}: status and revision only, no pod write`, async () => {
      const { c, reconcile } = cluster(3, strategy);
      await reconcile();
      assert.equal(c.podWrites, 0);
      assert.equal(c.statusWrites, 1);
      assert.equal(c.sidecarSet.status?.matchedPods, 3);
      assert.equal(c.sidecarSet.status?.updatedPods, 0);
      await reconcile();
      assert.equal(c.statusWrites, 1, 'an unchanged status is not written again');
    });
  }

  it('a spec change beyond images marks pods not upgradable and leaves them', async () => {
    const { c, reconcile } = cluster(2, { type: 'RollingUpdate', maxUnavailable: 2 });
    c.sidecarSet = sidecarSet('sidecar:v2', { type: 'RollingUpdate', maxUnavailable: 2 });
    c.sidecarSet.spec.containers = [{ name: 'sidecar', image: 'sidecar:v2', command: ['changed'] }];
    c.sidecarSet.metadata = {
      ...c.sidecarSet.metadata,
      annotations: sidecarSetHashAnnotations(c.sidecarSet),
    };
    await reconcile();
    assert.equal(c.podWrites, 0);
    for (const p of c.pods.values()) {
      assert.equal(p.status?.conditions?.find((x) => x.type === 'SidecarSetUpgradable')?.status, 'False');
    }
    // Kruise's sidecarset_processor.go updatePods records one Event per round (sidecarset_strategy_test.go
    // covers the not-upgradable split; no Kruise unit test asserts the Event).
    assert.deepEqual(c.events, [
      'Normal NotUpgradablePods: SidecarSet in-place update detected 2 not upgradable pod(s) in this round, will skip them.',
    ]);
  });

  it('an image-only rollout records no Event', async () => {
    const { c, reconcile } = cluster(2, { type: 'RollingUpdate', maxUnavailable: 2 });
    await reconcile();
    assert.ok(c.podWrites > 0);
    assert.deepEqual(c.events, []);
  });

  it('HotUpgrade: upgrades the empty slot, switches, resets the old slot after the kubelet, with pod Events', async () => {
    const hot = (image: string): SidecarSet => {
      const s: SidecarSet = {
        metadata: { name: 'ss', uid: 'uid-ss', generation: 2, resourceVersion: '7' },
        spec: {
          selector: { matchLabels: { app: 'x' } },
          containers: [
            {
              name: 'sidecar',
              image,
              upgradeStrategy: { upgradeType: 'HotUpgrade', hotUpgradeEmptyImage: 'empty:1' },
            },
          ],
          updateStrategy: { type: 'RollingUpdate', maxUnavailable: 1 },
        },
      };
      s.metadata = { ...s.metadata, annotations: sidecarSetHashAnnotations(s) };
      return s;
    };
    const v1 = hot('sidecar:v1');
    const c = new FakeCluster(hot('sidecar:v2'));
    const p = injectedPod(
      'pod-0',
      'ss',
      computeSidecarSetHash(v1),
      computeSidecarSetHashWithoutImage(v1),
      'sidecar:v1',
    );
    p.spec.containers = [
      { name: 'sidecar-1', image: 'sidecar:v1' },
      { name: 'sidecar-2', image: 'empty:1' },
      { name: 'app', image: 'nginx' },
    ];
    p.status!.containerStatuses = [
      { name: 'sidecar-1', image: 'sidecar:v1', imageID: 'id-sidecar:v1', ready: true, restartCount: 0 },
      { name: 'sidecar-2', image: 'empty:1', imageID: 'id-empty:1', ready: true, restartCount: 0 },
      { name: 'app', image: 'nginx', imageID: 'id-nginx', ready: true, restartCount: 0 },
    ];
    p.metadata.annotations!['kruise.io/sidecarset-working-hotupgrade-container'] = '{"sidecar":"sidecar-1"}';
    c.addPod(p);
    c.sync();
    const versions = new ResourceVersionExpectations();
    const reconcile = createReconciler({ ...c.deps(versions), versions, overlay: new RevisionOverlay() });
    const slots = () => {
      const live = c.pods.get('pod-0') as Pod;
      return [
        live.spec.containers[0]?.image,
        live.spec.containers[1]?.image,
        live.metadata.annotations?.['kruise.io/sidecarset-working-hotupgrade-container'],
      ];
    };

    await reconcile('ss', undefined);
    assert.deepEqual(slots(), ['sidecar:v1', 'sidecar:v2', '{"sidecar":"sidecar-2"}']);
    c.sync();
    await reconcile('ss', undefined); // the kubelet has not started v2: the old slot keeps serving
    assert.deepEqual(slots(), ['sidecar:v1', 'sidecar:v2', '{"sidecar":"sidecar-2"}']);
    assert.deepEqual(c.events, []);
    c.kubelet();
    c.sync();
    await reconcile('ss', undefined);
    assert.deepEqual(slots(), ['empty:1', 'sidecar:v2', '{"sidecar":"sidecar-2"}']);
    assert.deepEqual(c.events, [
      'pod-0 Normal ResetContainerSucceed: reset sidecar container image empty successfully',
    ]);
    c.kubelet();
    c.sync();
    await reconcile('ss', undefined);
    assert.equal(c.podWrites, 2);
    assert.deepEqual(
      [
        c.sidecarSet.status?.updatedPods,
        c.sidecarSet.status?.readyPods,
        c.sidecarSet.status?.updatedReadyPods,
      ],
      [1, 1, 1],
    );
  });
});
