import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isControlledByKruise,
  KRUISE_POD_READY,
  withKruisePodReadyCondition,
  withKruisePodReadyGate,
} from '../../src/kruise-pod-ready.ts';
import type { Pod } from '../../src/kube-types.ts';

const owned = (apiVersion: string, controller = true): Pod => ({
  metadata: { name: 'p', ownerReferences: [{ apiVersion, kind: 'X', name: 'x', uid: 'u', controller }] },
  spec: { containers: [{ name: 'c' }], readinessGates: [{ conditionType: 'InPlaceUpdateReady' }] },
});

describe('isControlledByKruise (IsPodOwnedByKruise: the controller reference’s group)', () => {
  const rows: [string, Pod, boolean][] = [
    ['a CloneSet at v1alpha1', owned('apps.kruise.io/v1alpha1'), true],
    ['a BroadcastJob at v1beta1', owned('apps.kruise.io/v1beta1'), true],
    ['a ReplicaSet', owned('apps/v1'), false],
    ['a Kruise owner that is not the controller', owned('apps.kruise.io/v1beta1', false), false],
    ['no owner', { metadata: { name: 'p' } }, false],
  ];
  for (const [name, pod, want] of rows) it(name, () => assert.equal(isControlledByKruise(pod), want));
});

describe('withKruisePodReadyGate (pkg/webhook/pod/mutating/pod_readiness.go)', () => {
  it('appends the gate to a pod a Kruise kind controls, after its own gates', () => {
    assert.deepEqual(
      withKruisePodReadyGate(owned('apps.kruise.io/v1beta1'), 'kruise-controlled')?.spec?.readinessGates,
      [{ conditionType: 'InPlaceUpdateReady' }, { conditionType: KRUISE_POD_READY }],
    );
  });
  it('leaves other pods alone unless the feature gate asks for all; none while the setting is off', () => {
    assert.equal(withKruisePodReadyGate(owned('apps/v1'), 'kruise-controlled'), undefined);
    assert.ok(withKruisePodReadyGate(owned('apps/v1'), 'all') !== undefined);
    assert.equal(withKruisePodReadyGate(owned('apps.kruise.io/v1beta1'), 'none'), undefined);
  });
  it('adds nothing when the gate is there', () => {
    const gated = withKruisePodReadyGate(owned('apps.kruise.io/v1beta1'), 'kruise-controlled');
    assert.ok(gated !== undefined);
    assert.equal(withKruisePodReadyGate(gated, 'all'), undefined);
  });
});

describe('withKruisePodReadyCondition (the pod-readiness controller)', () => {
  const now = Date.UTC(2026, 11, 7, 3, 0, 0);
  const gated = withKruisePodReadyGate(owned('apps.kruise.io/v1beta1'), 'kruise-controlled') as Pod;
  it('sets the condition True on a pod with the gate and none yet', () => {
    assert.deepEqual(withKruisePodReadyCondition(gated, [{ type: 'Ready', status: 'False' }], now), [
      { type: 'Ready', status: 'False' },
      { type: KRUISE_POD_READY, status: 'True', lastTransitionTime: '2026-12-07T03:00:00Z' },
    ]);
  });
  it('never changes one that is there (markPodNotReady may have set it False), nor adds one without the gate', () => {
    const notReady = { ...gated, status: { conditions: [{ type: KRUISE_POD_READY, status: 'False' }] } };
    assert.equal(withKruisePodReadyCondition(notReady, notReady.status.conditions, now), undefined);
    assert.equal(withKruisePodReadyCondition(owned('apps.kruise.io/v1beta1'), [], now), undefined);
  });
});
