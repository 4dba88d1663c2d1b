import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  conditionsForInPlaceUpdateReady,
  conditionsForInPlaceUpdateStart,
  getInPlaceUpdateCondition,
  hasEqualCondition,
  hasInPlaceUpdateReadinessGate,
  newInPlaceUpdateReadyCondition,
  readyConditionFromGates,
  setPodCondition,
  withInPlaceUpdateReadinessGate,
} from '../../src/inplace-update-readiness.ts';
import type { Pod, PodCondition } from '../../src/kube-types.ts';

const NOW = Date.parse('2026-05-06T07:08:09Z');
const T = '2026-05-06T07:08:09Z';
const EARLIER = '2026-01-01T00:00:00Z';
const GATE = { conditionType: 'InPlaceUpdateReady' };

function pod(conditions: PodCondition[], gates = [GATE]): Pod {
  return {
    metadata: { name: 'p' },
    spec: { readinessGates: gates },
    status: { phase: 'Running', conditions },
  };
}
const running: PodCondition[] = [
  { type: 'ContainersReady', status: 'True', lastTransitionTime: EARLIER },
  { type: 'Ready', status: 'True', lastTransitionTime: EARLIER },
  { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: EARLIER },
];

describe('InPlaceUpdateReady readiness gate (docs/behaviour/cloneset.md#in-place-procedure steps 1 and 4, #labels)', () => {
  it('detects and injects the gate once', () => {
    assert.equal(hasInPlaceUpdateReadinessGate(pod([])), true);
    assert.equal(hasInPlaceUpdateReadinessGate(pod([], [])), false);
    assert.deepEqual(withInPlaceUpdateReadinessGate(undefined), [GATE]);
    assert.deepEqual(withInPlaceUpdateReadinessGate([{ conditionType: 'X' }]), [
      { conditionType: 'X' },
      GATE,
    ]);
    assert.deepEqual(withInPlaceUpdateReadinessGate([GATE]), [GATE]);
  });
  it('builds the True and False conditions', () => {
    assert.deepEqual(newInPlaceUpdateReadyCondition(true, NOW), {
      type: 'InPlaceUpdateReady',
      status: 'True',
      lastTransitionTime: T,
    });
    assert.deepEqual(newInPlaceUpdateReadyCondition(false, NOW), {
      type: 'InPlaceUpdateReady',
      status: 'False',
      reason: 'StartInPlaceUpdate',
      lastTransitionTime: T,
    });
  });
  it('compares conditions by status, reason and message only', () => {
    const p = pod(running);
    assert.equal(hasEqualCondition(p, newInPlaceUpdateReadyCondition(true, NOW)), true);
    assert.equal(hasEqualCondition(p, newInPlaceUpdateReadyCondition(false, NOW)), false);
    assert.equal(hasEqualCondition(pod([]), newInPlaceUpdateReadyCondition(true, NOW)), false);
    assert.equal(getInPlaceUpdateCondition(p)?.lastTransitionTime, EARLIER);
  });
});

describe('setPodCondition (Kruise util.SetPodCondition)', () => {
  it('appends a missing condition', () => {
    assert.deepEqual(setPodCondition(undefined, { type: 'A', status: 'True' }), [
      { type: 'A', status: 'True' },
    ]);
  });
  it('replaces only when the status changes, keeping the original transition time otherwise', () => {
    const old: PodCondition[] = [{ type: 'A', status: 'True', lastTransitionTime: EARLIER }];
    assert.deepEqual(
      setPodCondition(old, { type: 'A', status: 'True', reason: 'new', lastTransitionTime: T }),
      old,
    );
    assert.deepEqual(setPodCondition(old, { type: 'A', status: 'False', lastTransitionTime: T }), [
      { type: 'A', status: 'False', lastTransitionTime: T },
    ]);
  });
  it('does not modify its input', () => {
    const old: PodCondition[] = [{ type: 'A', status: 'True' }];
    setPodCondition(old, { type: 'A', status: 'False' });
    assert.equal(old[0]?.status, 'True');
  });
});

describe('readyConditionFromGates (Kruise util.SetPodReadyCondition)', () => {
  it('sets Ready False with the gate messages when a gate is not True', () => {
    const p = pod([], [GATE, { conditionType: 'Other' }]);
    const conditions: PodCondition[] = [
      { type: 'ContainersReady', status: 'True' },
      { type: 'Ready', status: 'True', lastTransitionTime: EARLIER },
      { type: 'InPlaceUpdateReady', status: 'False' },
    ];
    const ready = readyConditionFromGates(p, conditions, NOW).find((c) => c.type === 'Ready');
    assert.deepEqual(ready, {
      type: 'Ready',
      status: 'False',
      reason: 'ReadinessGatesNotReady',
      message:
        'the status of pod readiness gate "InPlaceUpdateReady" is not "True", but False, corresponding condition of pod readiness gate "Other" does not exist.',
    });
  });
  it('leaves conditions alone without a Ready condition or with ContainersReady not True', () => {
    const noReady: PodCondition[] = [{ type: 'ContainersReady', status: 'True' }];
    assert.deepEqual(readyConditionFromGates(pod([]), noReady, NOW), noReady);
    const notContainersReady: PodCondition[] = [
      { type: 'ContainersReady', status: 'False' },
      { type: 'Ready', status: 'True' },
    ];
    assert.deepEqual(readyConditionFromGates(pod([]), notContainersReady, NOW), notContainersReady);
  });
  it('sets Ready True (with a new transition time) when every gate is True and Ready was False', () => {
    const conditions: PodCondition[] = [
      { type: 'ContainersReady', status: 'True' },
      { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady' },
      { type: 'InPlaceUpdateReady', status: 'True' },
    ];
    const ready = readyConditionFromGates(pod([]), conditions, NOW).find((c) => c.type === 'Ready');
    assert.deepEqual(ready, { type: 'Ready', status: 'True', lastTransitionTime: T });
  });
});

describe('conditions to write around an in-place update (docs/behaviour/cloneset.md#in-place-procedure)', () => {
  it('on start: InPlaceUpdateReady False and Ready False', () => {
    const out = conditionsForInPlaceUpdateStart(pod(running), NOW);
    assert.deepEqual(out, [
      { type: 'ContainersReady', status: 'True', lastTransitionTime: EARLIER },
      {
        type: 'Ready',
        status: 'False',
        reason: 'ReadinessGatesNotReady',
        message: 'the status of pod readiness gate "InPlaceUpdateReady" is not "True", but False',
      },
      { type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate', lastTransitionTime: T },
    ]);
  });
  it('on start without the gate: nothing to write', () => {
    assert.equal(conditionsForInPlaceUpdateStart(pod(running, []), NOW), undefined);
  });
  it('when done: InPlaceUpdateReady True, Ready left to the kubelet', () => {
    const updating: PodCondition[] = [
      { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady' },
      {
        type: 'InPlaceUpdateReady',
        status: 'False',
        reason: 'StartInPlaceUpdate',
        lastTransitionTime: EARLIER,
      },
    ];
    assert.deepEqual(conditionsForInPlaceUpdateReady(pod(updating), NOW), [
      { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady' },
      { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: T },
    ]);
  });
  it('fresh pods get the True condition; nothing to write once it is there or without the gate', () => {
    assert.deepEqual(conditionsForInPlaceUpdateReady(pod([]), NOW), [
      { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: T },
    ]);
    assert.equal(conditionsForInPlaceUpdateReady(pod(running), NOW), undefined);
    assert.equal(conditionsForInPlaceUpdateReady(pod([], []), NOW), undefined);
  });
});
