// Claims grown by the rolling update (docs/behaviour/advanced-statefulset.md#volume-resize). Mirrors Kruise's
// statefulset_resize_pvc_test.go (TestIsOwnedPVCsReady, TestIsClaimsCompatible, TestIsOwnedPVCsCompleted),
// pkg/util/pvc/pvc_compare_utils_test.go and the StatefulSetAutoResizePVCGate branches of
// rollingUpdateStatefulsetPods (stateful_set_control.go).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planUpdate, type StatefulSet, type StatefulSetPod, type UpdatePlan } from '../../src/index.ts';
import { isRolloutComplete, rolloutPhase } from '../../src/rollout/progress.ts';
import { rolloutWaits, WaitReason } from '../../src/rollout/waits.ts';
import type { PersistentVolumeClaim, StatefulSetStatus } from '../../src/types.ts';
import { podClaimsState, resizesOnRollingUpdate } from '../../src/volume-resize.ts';
import { CURRENT, NOW, newSet, pod, pvc, UPDATE, VCT } from './fixtures.ts';

const GATE = { autoResizePVC: true };
const grown: PersistentVolumeClaim = {
  ...VCT,
  spec: { ...VCT.spec, resources: { requests: { storage: '2Gi' } } },
};
const resizingSet = (spec: Partial<StatefulSet['spec']> = {}) =>
  newSet({
    volumeClaimTemplates: [grown],
    volumeClaimUpdateStrategy: { type: 'OnPodRollingUpdate' },
    ...spec,
  });
/** A claim with the given request and capacity (and FileSystemResizePending when asked). */
const claim = (
  name: string,
  request: string,
  capacity: string | undefined,
  fsPending = false,
): PersistentVolumeClaim => {
  const base = pvc(name);
  return {
    ...base,
    spec: { ...base.spec, resources: { requests: { storage: request } } },
    status: {
      phase: 'Bound',
      ...(capacity === undefined ? {} : { capacity: { storage: capacity } }),
      ...(fsPending ? { conditions: [{ type: 'FileSystemResizePending', status: 'True' }] } : {}),
    } as PersistentVolumeClaim['status'],
  };
};

describe('resizesOnRollingUpdate (StatefulSetAutoResizePVCGate and OnPodRollingUpdate)', () => {
  // biome-ignore format: one row per case
  const cases: Array<[string, Partial<StatefulSet['spec']>, boolean, boolean]> = [
    ['gate on, OnPodRollingUpdate', { volumeClaimUpdateStrategy: { type: 'OnPodRollingUpdate' } }, true, true],
    ['gate off, OnPodRollingUpdate', { volumeClaimUpdateStrategy: { type: 'OnPodRollingUpdate' } }, false, false],
    ['gate on, OnDelete', { volumeClaimUpdateStrategy: { type: 'OnDelete' } }, true, false],
    ['gate on, no strategy', {}, true, false],
  ];
  for (const [name, spec, gate, want] of cases) {
    it(name, () => assert.equal(resizesOnRollingUpdate(newSet(spec), { autoResizePVC: gate }), want));
  }
  it('the gate is off by default, as in Kruise', () =>
    assert.equal(resizesOnRollingUpdate(resizingSet(), undefined), false));
});

describe('podClaimsState (IsClaimsCompatible, IsOwnedPVCsReady, IsOwnedPVCsCompleted)', () => {
  const set = resizingSet();
  // biome-ignore format: one row per case
  const cases: Array<[string, PersistentVolumeClaim | undefined, { matched: boolean; ready: boolean; completed: boolean }]> = [
    ['smaller than the template, volume at its size', claim('data-web-0', '1Gi', '1Gi'), { matched: false, ready: true, completed: false }],
    ['grown, volume not yet', claim('data-web-0', '2Gi', '1Gi'), { matched: true, ready: false, completed: false }],
    ['grown, only the file system resize pending', claim('data-web-0', '2Gi', '1Gi', true), { matched: true, ready: false, completed: true }],
    ['grown and resized', claim('data-web-0', '2Gi', '2Gi'), { matched: true, ready: true, completed: true }],
    ['larger than the template', claim('data-web-0', '5Gi', '5Gi'), { matched: true, ready: true, completed: true }],
    ['no capacity reported (unbound): not ready', claim('data-web-0', '2Gi', undefined), { matched: true, ready: false, completed: false }],
    ['other access modes: nothing matches', { ...claim('data-web-0', '2Gi', '2Gi'), spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '2Gi' } } } }, { matched: false, ready: false, completed: false }],
    ['missing claim: skipped', undefined, { matched: true, ready: true, completed: true }],
    ['terminating claim: skipped', { ...claim('data-web-0', '1Gi', '1Gi'), metadata: { name: 'data-web-0', deletionTimestamp: '2026-01-01T00:00:00Z' } }, { matched: true, ready: true, completed: true }],
  ];
  for (const [name, c, want] of cases) {
    it(name, () => {
      const claims = new Map(c === undefined ? [] : [[c.metadata?.name ?? '', c]]);
      assert.deepEqual(podClaimsState(set, pod(0), claims), want);
    });
  }
});

function plan(
  set: StatefulSet,
  pods: StatefulSetPod[],
  pvcs: PersistentVolumeClaim[],
  gates = GATE,
): UpdatePlan {
  return planUpdate({
    set,
    pods,
    pvcs,
    currentRevisionName: CURRENT,
    updateRevisionName: UPDATE,
    now: NOW,
    gates,
  });
}
const summary = (p: UpdatePlan) => p.actions.map((a) => `${a.type} ${a.pod.metadata.name}`);

describe('rolling update with OnPodRollingUpdate (rollingUpdateStatefulsetPods)', () => {
  const small = (o: number) => claim(`data-web-${o}`, '1Gi', '1Gi');
  const growing = (o: number) => claim(`data-web-${o}`, '2Gi', '1Gi');
  const done = (o: number) => claim(`data-web-${o}`, '2Gi', '2Gi');
  const atUpdate = (o: number) => pod(o, { revision: UPDATE });

  it('only the claim template grew: the highest ordinal first, its pod not touched', () => {
    const p = plan(resizingSet(), [atUpdate(0), atUpdate(1), atUpdate(2)], [small(0), small(1), small(2)]);
    assert.deepEqual(summary(p), ['resize-claims web-2']);
    assert.deepEqual(p.unavailable, ['web-2']);
    // web-2 now counts as unavailable: web-1 waits for it.
    assert.equal(p.stop, 'max-unavailable');
    assert.equal(p.blockedPod, 'web-1');
  });

  it('a volume still growing holds the rollout (maxUnavailable 1)', () => {
    const p = plan(resizingSet(), [atUpdate(0), atUpdate(1), atUpdate(2)], [small(0), small(1), growing(2)]);
    assert.deepEqual(summary(p), []);
    assert.equal(p.stop, 'max-unavailable');
    assert.equal(p.blockedPod, 'web-1');
  });

  it('once the volume grew, the next ordinal', () => {
    const p = plan(resizingSet(), [atUpdate(0), atUpdate(1), atUpdate(2)], [small(0), small(1), done(2)]);
    assert.deepEqual(summary(p), ['resize-claims web-1']);
  });

  it('maxUnavailable 2 grows two pods at once', () => {
    const set = resizingSet({
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 2 } },
    });
    const p = plan(set, [atUpdate(0), atUpdate(1), atUpdate(2)], [small(0), small(1), small(2)]);
    assert.deepEqual(summary(p), ['resize-claims web-2', 'resize-claims web-1']);
  });

  it('partition keeps the lower ordinals at their size', () => {
    const set = resizingSet({
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2, maxUnavailable: 3 } },
    });
    const p = plan(set, [atUpdate(0), atUpdate(1), atUpdate(2)], [small(0), small(1), small(2)]);
    assert.deepEqual(summary(p), ['resize-claims web-2']);
  });

  it('a template change too: the claims grow first, the pod is recreated once they completed', () => {
    const first = plan(resizingSet(), [pod(0), pod(1), pod(2)], [small(0), small(1), small(2)]);
    assert.deepEqual(summary(first), ['resize-claims web-2']);
    const second = plan(resizingSet(), [pod(0), pod(1), pod(2)], [small(0), small(1), done(2)]);
    assert.deepEqual(summary(second), ['delete-pod web-2']);
  });

  it('a file system resize pending counts as completed for the update, not as ready', () => {
    const p = plan(
      resizingSet(),
      [pod(0), pod(1), pod(2)],
      [small(0), small(1), claim('data-web-2', '2Gi', '1Gi', true)],
    );
    assert.deepEqual(summary(p), ['delete-pod web-2']);
    assert.ok(p.unavailable.includes('web-2'));
  });

  it('without the gate nothing is resized and the pods are updated as usual', () => {
    const p = plan(resizingSet(), [pod(0), pod(1), pod(2)], [small(0), small(1), small(2)], {
      autoResizePVC: false,
    });
    assert.deepEqual(summary(p), ['delete-pod web-2']);
  });

  it('with OnDelete nothing is resized', () => {
    const set = resizingSet({ volumeClaimUpdateStrategy: { type: 'OnDelete' } });
    const p = plan(set, [atUpdate(0), atUpdate(1), atUpdate(2)], [small(0), small(1), small(2)]);
    assert.deepEqual(summary(p), []);
    assert.equal(p.stop, undefined);
  });
});

describe('what a rollout that grows claims waits for (rollout why, RolloutProgress)', () => {
  const small = (o: number) => claim(`data-web-${o}`, '1Gi', '1Gi');
  const growing = (o: number) => claim(`data-web-${o}`, '2Gi', '1Gi');
  const atUpdate = (o: number) => pod(o, { revision: UPDATE });

  it('the pods held by their claims are named, growing or just grown', () => {
    const resized = plan(
      resizingSet(),
      [atUpdate(0), atUpdate(1), atUpdate(2)],
      [small(0), small(1), small(2)],
    );
    assert.deepEqual(resized.volumeResizing, ['web-2']);
    const waiting = plan(
      resizingSet(),
      [atUpdate(0), atUpdate(1), atUpdate(2)],
      [small(0), small(1), growing(2)],
    );
    assert.deepEqual(waiting.volumeResizing, ['web-2']);
    const waits = rolloutWaits({
      set: resizingSet(),
      pods: [atUpdate(0), atUpdate(1), atUpdate(2)],
      updateRevisionName: UPDATE,
      now: NOW,
      updateStop: 'max-unavailable',
      blockedPod: 'web-1',
      volumeResizing: waiting.volumeResizing,
    });
    assert.deepEqual(
      waits.map((w) => [w.reason, w.sample.join()]),
      [
        [WaitReason.VolumeResize, 'web-2'],
        [WaitReason.MaxUnavailable, 'web-1'],
      ],
    );
  });

  const done: StatefulSetStatus = {
    observedGeneration: 1,
    replicas: 3,
    currentReplicas: 3,
    readyReplicas: 3,
    availableReplicas: 3,
    updatedReplicas: 3,
    updatedReadyReplicas: 3,
    updatedAvailableReplicas: 3,
    volumeClaims: [{ volumeClaimName: 'data', compatibleReplicas: 1, compatibleReadyReplicas: 1 }],
  };
  it('complete only once every claim the rollout grows is compatible and ready', () => {
    assert.equal(isRolloutComplete(resizingSet(), done), true, 'without the gate claims do not count');
    assert.equal(isRolloutComplete(resizingSet(), done, true), false);
    const grown = {
      ...done,
      volumeClaims: [{ volumeClaimName: 'data', compatibleReplicas: 3, compatibleReadyReplicas: 3 }],
    };
    assert.equal(isRolloutComplete(resizingSet(), grown, true), true);
    const waits = [{ reason: WaitReason.VolumeResize, pods: 1, sample: ['web-1'] }];
    assert.equal(rolloutPhase(resizingSet(), done, waits, true).reason, WaitReason.VolumeResize);
  });
});
