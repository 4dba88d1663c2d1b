// Pod state against a SidecarSet (docs/behaviour/sidecarset.md#reconcile, #completion; Kruise TestIsSidecarContainerUpdateCompleted,
// IsPodStateConsistent), upgrades (docs/behaviour/sidecarset.md#upgrade-in-place) and status (docs/behaviour/sidecarset.md#reconcile step 2).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  calculateStatus,
  isContainerImageEqual,
  isImageDigest,
  isPodManagedBySidecarSet,
  isPodStateConsistent,
  isSidecarContainerUpdateCompleted,
  type Pod,
  parseInPlaceUpdateStates,
  parseUpgradeSpecs,
  SIDECARSET_HASH_ANNOTATION,
  statusChanged,
  upgradableCondition,
  upgradePodSidecars,
} from '../../src/index.ts';
import { NOW, strategyPods, strategySidecarSet } from '../fixtures.ts';

const state = (imageID: string) =>
  JSON.stringify({
    ss: { revision: 'h', updateTimestamp: '', lastContainerStatuses: { sidecar: { imageID } } },
  });

function upgradedPod(opts: { statusImage: string; statusImageId: string; recorded?: string }): Pod {
  return {
    metadata: {
      name: 'p',
      annotations:
        opts.recorded === undefined
          ? {}
          : { 'kruise.io/sidecarset-inplace-update-state': state(opts.recorded) },
    },
    spec: { containers: [{ name: 'sidecar', image: 'sidecar:v2' }] },
    status: {
      containerStatuses: [{ name: 'sidecar', image: opts.statusImage, imageID: opts.statusImageId }],
    },
  };
}

describe('in-place upgrade completion (IsSidecarContainerUpdateCompleted)', () => {
  const cases = [
    {
      name: 'never upgraded (no state)',
      pod: { statusImage: 'sidecar:v1', statusImageId: 'id1' },
      done: true,
    },
    {
      name: 'imageID unchanged, image differs',
      pod: { statusImage: 'sidecar:v1', statusImageId: 'id1', recorded: 'id1' },
      done: false,
    },
    {
      name: 'imageID changed',
      pod: { statusImage: 'sidecar:v2', statusImageId: 'id2', recorded: 'id1' },
      done: true,
    },
    {
      name: 'same imageID but status image caught up',
      pod: { statusImage: 'sidecar:v2', statusImageId: 'id1', recorded: 'id1' },
      done: true,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(
        isSidecarContainerUpdateCompleted(upgradedPod(c.pod), ['ss'], new Set(['sidecar'])),
        c.done,
      );
    });
  }

  it('consistency needs a status per container; all-digest images compare imageIDs', () => {
    const s = strategySidecarSet();
    const pod = strategyPods(1, 0, 0)[0] as Pod;
    assert.equal(isPodStateConsistent(pod, s), true);
    const missing = structuredClone(pod);
    missing.status?.containerStatuses?.pop();
    assert.equal(isPodStateConsistent(missing, s), false);
    const digest = structuredClone(pod);
    const sidecar = digest.spec.containers[1] as { image: string };
    sidecar.image = 'test-image@sha256:a9286defaba7b3a519d585ba0e37d0b2cbee74ebfe590960b0b1d6a5e97d1e1d';
    assert.equal(
      isPodStateConsistent(digest, { ...s, spec: { ...s.spec, containers: [{ name: 'test-sidecar' }] } }),
      false,
    );
  });

  it('image references', () => {
    assert.equal(
      isImageDigest('busybox@sha256:a9286defaba7b3a519d585ba0e37d0b2cbee74ebfe590960b0b1d6a5e97d1e1d'),
      true,
    );
    assert.equal(isImageDigest('busybox:1.36'), false);
    assert.equal(isContainerImageEqual('reg:5000/busybox:1.36', 'reg:5000/busybox:1.36'), true);
    assert.equal(isContainerImageEqual('busybox:1.36', 'busybox:1.37'), false);
  });
});

describe('managed pods and status', () => {
  it('only injected, consistent, active pods matching both selectors count', () => {
    const s = strategySidecarSet();
    s.spec.namespaceSelector = { matchLabels: { team: 'a' } };
    const pod = strategyPods(1, 0, 0)[0] as Pod;
    assert.equal(isPodManagedBySidecarSet(pod, s, { team: 'a' }), true);
    assert.equal(isPodManagedBySidecarSet(pod, s, { team: 'b' }), false);
    assert.equal(isPodManagedBySidecarSet(pod, s, undefined), false);
    const notInjected = structuredClone(pod);
    delete notInjected.metadata.annotations?.['kruise.io/sidecarset-injected-list'];
    assert.equal(isPodManagedBySidecarSet(notInjected, s, { team: 'a' }), false);
    const deleting = structuredClone(pod);
    deleting.metadata.deletionTimestamp = NOW.toISOString();
    assert.equal(isPodManagedBySidecarSet(deleting, s, { team: 'a' }), false);
  });

  it('status counts (10 pods, 4 upgraded, 3 of them finished)', () => {
    const s = strategySidecarSet();
    s.metadata = { ...s.metadata, generation: 7 };
    const status = calculateStatus(s, strategyPods(10, 4, 3), 'rev', 0);
    assert.deepEqual(status, {
      observedGeneration: 7,
      matchedPods: 10,
      updatedPods: 4,
      readyPods: 9,
      updatedReadyPods: 3,
      latestRevision: 'rev',
      collisionCount: 0,
    });
    assert.equal(statusChanged(status, status), false);
    assert.equal(statusChanged({ ...status, readyPods: 8 }, status), true);
    assert.equal(statusChanged(undefined, status), true);
  });
});

describe('upgradePodSidecars', () => {
  it('changes only images, records hash, revision and the imageIDs before the upgrade', () => {
    const s = strategySidecarSet();
    s.status = { matchedPods: 1, updatedPods: 0, readyPods: 1, latestRevision: 'test-sidecarset-rev' };
    s.spec.containers = [{ name: 'test-sidecar', image: 'test-image:v2', command: ['ignored'] }];
    s.spec.patchPodMetadata = [{ annotations: { extra: 'x' }, patchPolicy: 'Overwrite' }];
    const pod = strategyPods(1, 0, 0)[0] as Pod;
    const { pod: out, changed } = upgradePodSidecars(pod, s, NOW);
    assert.deepEqual(changed, ['test-sidecar']);
    assert.deepEqual(out.spec.containers[1], { name: 'test-sidecar', image: 'test-image:v2' });
    const spec = parseUpgradeSpecs(out.metadata.annotations?.[SIDECARSET_HASH_ANNOTATION])['test-sidecarset'];
    assert.equal(spec?.hash, 'bbb');
    assert.equal(spec?.controllerRevision, 'test-sidecarset-rev');
    assert.equal(
      parseInPlaceUpdateStates(out)?.['test-sidecarset']?.lastContainerStatuses['test-sidecar']?.imageID,
      pod.status?.containerStatuses?.[1]?.imageID,
    );
    assert.equal(out.metadata.annotations?.extra, 'x');
    // Right after the write the pod is mid-upgrade: not consistent until the kubelet reports the new image.
    assert.equal(isPodStateConsistent(out, s), false);
  });

  it('SidecarSetUpgradable condition accumulates per SidecarSet', () => {
    const pod = strategyPods(1, 0, 0)[0] as Pod;
    const first = upgradableCondition(pod, 'a', false, NOW);
    assert.deepEqual(first, {
      type: 'SidecarSetUpgradable',
      status: 'False',
      reason: 'UpdateImmutableField',
      message: '{"a":false}',
      lastTransitionTime: '2026-07-01T12:00:00Z',
    });
    pod.status?.conditions?.push(first as NonNullable<typeof first>);
    assert.equal(upgradableCondition(pod, 'a', false, NOW), undefined);
    assert.equal(upgradableCondition(pod, 'b', true, NOW)?.message, '{"a":false,"b":true}');
  });
});
