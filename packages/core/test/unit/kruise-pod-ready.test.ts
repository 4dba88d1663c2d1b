import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dumpNotReadyKeys,
  isControlledByKruise,
  KRUISE_POD_READY,
  lifecycleReadinessConditions,
  type NotReadyKey,
  PRE_DELETE_HOOK_NOT_READY,
  PRE_UPDATE_HOOK_NOT_READY,
  parseNotReadyKeys,
  withKruisePodReadyCondition,
  withKruisePodReadyGate,
  withNotReadyKey,
  withoutNotReadyKey,
} from '../../src/kruise-pod-ready.ts';
import type { Pod, PodCondition } from '../../src/kube-types.ts';
import { LifecycleState } from '../../src/lifecycle.ts';

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

// Kruise pkg/util/podreadiness/pod_readiness_utils_test.go TestPodReadiness, on condition lists instead of a
// fake client: two keys held, released one by one; a pod without the gate is never touched.
describe('withNotReadyKey / withoutNotReadyKey (markPodNotReady, pkg/util/podreadiness)', () => {
  const now = Date.UTC(2026, 11, 7, 3, 0, 0);
  const T = '2026-12-07T03:00:00Z';
  const gated = withKruisePodReadyGate(owned('apps.kruise.io/v1beta1'), 'kruise-controlled') as Pod;
  const foo: NotReadyKey = { userAgent: 'ua1', key: 'foo' };
  const bar: NotReadyKey = { userAgent: 'ua1', key: 'bar' };
  const kruisePodReady = (cs: readonly PodCondition[] | undefined) =>
    cs?.find((c) => c.type === KRUISE_POD_READY);

  it('holds the pod with each key (sorted in the message), releases it when the last one goes', () => {
    const one = withNotReadyKey(gated, [{ type: KRUISE_POD_READY, status: 'True' }], foo, now);
    assert.deepEqual(kruisePodReady(one), {
      type: KRUISE_POD_READY,
      status: 'False',
      message: '[{"userAgent":"ua1","key":"foo"}]',
      lastTransitionTime: T,
    });
    const two = withNotReadyKey(gated, one ?? [], bar, now);
    assert.equal(
      kruisePodReady(two)?.message,
      '[{"userAgent":"ua1","key":"bar"},{"userAgent":"ua1","key":"foo"}]',
    );
    assert.equal(withNotReadyKey(gated, two ?? [], foo, now), undefined, 'held already');
    const back = withoutNotReadyKey(gated, two ?? [], foo, now);
    assert.deepEqual(kruisePodReady(back), {
      type: KRUISE_POD_READY,
      status: 'False',
      message: '[{"userAgent":"ua1","key":"bar"}]',
      lastTransitionTime: T,
    });
    const free = withoutNotReadyKey(gated, back ?? [], bar, now);
    assert.deepEqual(kruisePodReady(free), {
      type: KRUISE_POD_READY,
      status: 'True',
      message: '[]',
      lastTransitionTime: T,
    });
    assert.equal(withoutNotReadyKey(gated, free ?? [], bar, now), undefined, 'nothing left to release');
    // A released condition's "[]" takes the next key like any other.
    assert.equal(kruisePodReady(withNotReadyKey(gated, free ?? [], foo, now))?.status, 'False');
  });
  it('never touches a pod without the gate', () => {
    const plain = owned('apps.kruise.io/v1beta1');
    assert.equal(withNotReadyKey(plain, [], foo, now), undefined);
    assert.equal(
      withoutNotReadyKey(plain, [{ type: KRUISE_POD_READY, status: 'False' }], foo, now),
      undefined,
    );
  });
  it('a pod without the condition yet gets it False; Ready follows the gates once containers are ready', () => {
    const running: PodCondition[] = [
      { type: 'InPlaceUpdateReady', status: 'True' },
      { type: 'ContainersReady', status: 'True' },
      { type: 'Ready', status: 'True', lastTransitionTime: '2026-12-07T02:00:00Z' },
    ];
    const held = withNotReadyKey(gated, running, PRE_DELETE_HOOK_NOT_READY, now);
    assert.deepEqual(held, [
      { type: 'InPlaceUpdateReady', status: 'True' },
      { type: 'ContainersReady', status: 'True' },
      {
        type: 'Ready',
        status: 'False',
        reason: 'ReadinessGatesNotReady',
        message: 'the status of pod readiness gate "KruisePodReady" is not "True", but False',
      },
      {
        type: KRUISE_POD_READY,
        status: 'False',
        message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]',
        lastTransitionTime: T,
      },
    ]);
  });
  it('lifecycleReadinessConditions: PreparingDelete and PreparingUpdate hold, Updated and Normal release the update hold', () => {
    const ready: PodCondition[] = [{ type: KRUISE_POD_READY, status: 'True' }];
    const preUpdate = lifecycleReadinessConditions(gated, ready, LifecycleState.PreparingUpdate, now);
    assert.deepEqual(parseNotReadyKeys(kruisePodReady(preUpdate)?.message), [PRE_UPDATE_HOOK_NOT_READY]);
    const preDelete = lifecycleReadinessConditions(gated, ready, LifecycleState.PreparingDelete, now);
    assert.deepEqual(parseNotReadyKeys(kruisePodReady(preDelete)?.message), [PRE_DELETE_HOOK_NOT_READY]);
    assert.equal(
      kruisePodReady(lifecycleReadinessConditions(gated, preUpdate ?? [], 'Updated', now))?.status,
      'True',
    );
    assert.equal(lifecycleReadinessConditions(gated, preDelete ?? [], 'Updated', now), undefined);
    assert.equal(lifecycleReadinessConditions(gated, ready, LifecycleState.Normal, now), undefined);
    // Updating → Normal (the hook all hooked again before the update completed) releases the hold too.
    assert.equal(
      kruisePodReady(lifecycleReadinessConditions(gated, preUpdate ?? [], LifecycleState.Normal, now))
        ?.status,
      'True',
    );
  });
  it('a message that is not a key list reads as none; dump sorts by user agent then key', () => {
    assert.deepEqual(parseNotReadyKeys('not json'), []);
    assert.deepEqual(parseNotReadyKeys('{"a":1}'), []);
    assert.equal(
      dumpNotReadyKeys([
        { userAgent: 'b', key: 'a' },
        { userAgent: 'a', key: 'z' },
      ]),
      '[{"userAgent":"a","key":"z"},{"userAgent":"b","key":"a"}]',
    );
  });
});
