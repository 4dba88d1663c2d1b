// In-place update and lifecycle hooks of the rolling update, mirroring Kruise's
// pkg/controller/statefulset/stateful_set_control_test.go (TestStatefulSetControlInPlaceUpdate,
// TestStatefulSetControlLifecycleHook, TestUpdateWithLifecycleHook) and the inPlaceUpdatePod / refreshPodState
// branches of stateful_set_control.go (docs/behaviour/advanced-statefulset.md#in-place-update, #lifecycle-hooks).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ControllerRevision,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_STATE_KEY,
  LIFECYCLE_STATE_LABEL,
  LifecycleState,
  parseInPlaceUpdateState,
} from '@kruise-ts/core';
import {
  planUpdate,
  refreshedLifecycleState,
  type StatefulSet,
  type StatefulSetPod,
  type UpdateAction,
  type UpdatePlan,
} from '../../src/index.ts';
import { CURRENT, NOW, newSet, pod, UPDATE } from './fixtures.ts';

const GATES = [{ conditionType: 'InPlaceUpdateReady' }];

function revision(name: string, container: Record<string, unknown>): ControllerRevision {
  return {
    metadata: { name },
    revision: name === CURRENT ? 1 : 2,
    data: {
      spec: {
        template: {
          $patch: 'replace',
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'nginx', ...container }], readinessGates: GATES },
        },
      },
    },
  };
}

const OLD = revision(CURRENT, { image: 'nginx:1' });
const IMAGE_ONLY = revision(UPDATE, { image: 'nginx:2' });
const ENV_TOO = revision(UPDATE, { image: 'nginx:2', env: [{ name: 'A', value: '1' }] });

type Rolling = NonNullable<NonNullable<StatefulSet['spec']['updateStrategy']>['rollingUpdate']>;

function inPlaceSet(rolling: Partial<Rolling> = {}, spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return newSet({
    podManagementPolicy: 'Parallel',
    updateStrategy: {
      type: 'RollingUpdate',
      rollingUpdate: {
        partition: 0,
        maxUnavailable: 1,
        podUpdatePolicy: 'InPlaceIfPossible',
        minReadySeconds: 0,
        ...rolling,
      },
    },
    ...spec,
  });
}

/** A running pod at the old image with the InPlaceUpdateReady gate and its condition True. */
function oldPod(ordinal: number, labels: Record<string, string> = {}): StatefulSetPod {
  const p = pod(ordinal, { labels });
  return {
    ...p,
    spec: { containers: [{ name: 'nginx', image: 'nginx:1' }], readinessGates: GATES },
    status: {
      ...p.status,
      conditions: [
        ...(p.status?.conditions ?? []),
        { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' },
      ],
      containerStatuses: [{ name: 'nginx', image: 'nginx:1', imageID: 'sha-1', ready: true }],
    },
  } as StatefulSetPod;
}

function plan(set: StatefulSet, pods: StatefulSetPod[], update = IMAGE_ONLY): UpdatePlan {
  return planUpdate({
    set,
    pods,
    currentRevisionName: CURRENT,
    updateRevisionName: UPDATE,
    now: NOW,
    revisions: [OLD, update],
  });
}

const kinds = (p: UpdatePlan) =>
  p.actions.map((a) => `${a.type}:${a.pod.metadata.name}${'state' in a ? `:${a.state}` : ''}`);

type InPlaceAction = Extract<UpdateAction, { type: 'update-in-place' }>;
const inPlace = (p: UpdatePlan): InPlaceAction => {
  const a = p.actions.find((x): x is InPlaceAction => x.type === 'update-in-place');
  assert.ok(a, `no in-place action in ${JSON.stringify(kinds(p))}`);
  return a;
};

describe('podUpdatePolicy (TestStatefulSetControlInPlaceUpdate)', () => {
  const pods = [oldPod(0), oldPod(1), oldPod(2)];

  it('InPlaceIfPossible + image change: the highest ordinal is updated in place, not deleted', () => {
    const p = plan(inPlaceSet(), pods);
    assert.deepEqual(kinds(p), ['update-in-place:web-2']);
    const a = inPlace(p);
    assert.deepEqual(a.spec.containerImages, { nginx: 'nginx:2' });
    const updated = a.result.pod;
    assert.equal(updated.metadata.uid, 'uid-web-2');
    assert.equal(updated.spec?.containers?.[0]?.image, 'nginx:2');
    // The StatefulSet's revision adapter writes controller-revision-hash only.
    assert.equal(updated.metadata.labels?.['controller-revision-hash'], UPDATE);
    assert.equal(updated.metadata.labels?.['pod-template-hash'], undefined);
    // A pod that never had a lifecycle state is not given one.
    assert.equal(updated.metadata.labels?.[LIFECYCLE_STATE_LABEL], undefined);
    const state = parseInPlaceUpdateState(updated.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY] ?? '');
    assert.equal(state.revision, UPDATE);
    assert.deepEqual(state.lastContainerStatuses, { nginx: { imageID: 'sha-1' } });
    // InPlaceUpdateReady goes False first, so the pod leaves the endpoints before its containers restart.
    const gate = a.result.statusConditions?.find((c) => c.type === 'InPlaceUpdateReady');
    assert.equal(gate?.status, 'False');
    assert.equal(gate?.reason, 'StartInPlaceUpdate');
    assert.equal(p.currentReplicasDelta, -1);
    assert.deepEqual(p.unavailable, ['web-2']);
  });

  it('maxUnavailable 2: two pods in place at once, highest ordinals first', () => {
    const p = plan(inPlaceSet({ maxUnavailable: 2 }), pods);
    assert.deepEqual(kinds(p), ['update-in-place:web-2', 'update-in-place:web-1']);
    assert.equal(p.stop, 'max-unavailable');
    assert.equal(p.blockedPod, 'web-0');
  });

  it('partition 2: only web-2', () => {
    assert.deepEqual(kinds(plan(inPlaceSet({ partition: 2, maxUnavailable: 3 }), pods)), [
      'update-in-place:web-2',
    ]);
  });

  it('InPlaceIfPossible + a non-image change: recreate', () => {
    assert.deepEqual(kinds(plan(inPlaceSet(), pods, ENV_TOO)), ['delete-pod:web-2']);
  });

  it('InPlaceOnly + a non-image change: Kruise error, the pod is left alone', () => {
    const p = plan(inPlaceSet({ podUpdatePolicy: 'InPlaceOnly' }), pods, ENV_TOO);
    assert.deepEqual(kinds(p), []);
    assert.equal(p.stop, 'in-place-error');
    assert.equal(p.error, 'find strategy InPlaceOnly but failed to update pod web-2 in-place');
  });

  it('InPlaceOnly + image change: in place', () => {
    assert.deepEqual(kinds(plan(inPlaceSet({ podUpdatePolicy: 'InPlaceOnly' }), pods)), [
      'update-in-place:web-2',
    ]);
  });

  it('ReCreate: deleted even for an image change', () => {
    assert.deepEqual(kinds(plan(inPlaceSet({ podUpdatePolicy: 'ReCreate' }), pods)), ['delete-pod:web-2']);
  });

  it('the old revision is unknown (garbage-collected): recreate', () => {
    const p = planUpdate({
      set: inPlaceSet(),
      pods,
      currentRevisionName: CURRENT,
      updateRevisionName: UPDATE,
      now: NOW,
      revisions: [IMAGE_ONLY],
    });
    assert.deepEqual(kinds(p), ['delete-pod:web-2']);
  });

  it('inPlaceUpdateStrategy.gracePeriodSeconds: the spec waits in the grace annotation, image unchanged', () => {
    const a = inPlace(plan(inPlaceSet({ inPlaceUpdateStrategy: { gracePeriodSeconds: 10 } }), pods));
    assert.equal(a.result.requeueAfterMs, 10_000);
    assert.equal(a.result.pod.spec?.containers?.[0]?.image, 'nginx:1');
    assert.equal(a.result.pod.metadata.labels?.['controller-revision-hash'], UPDATE);
    const grace = JSON.parse(a.result.pod.metadata.annotations?.[INPLACE_UPDATE_GRACE_KEY] ?? '{}');
    assert.deepEqual(grace, { revision: UPDATE, containerImages: { nginx: 'nginx:2' }, graceSeconds: 10 });
  });

  it('an unfinished in-place update counts as unavailable and blocks the next pod', () => {
    const updating = inPlace(plan(inPlaceSet(), pods)).result.pod;
    // The kubelet has not restarted the container yet: still the old imageID.
    const p = plan(inPlaceSet(), [oldPod(0), oldPod(1), updating]);
    assert.deepEqual(kinds(p), []);
    assert.equal(p.stop, 'max-unavailable');
    assert.equal(p.blockedPod, 'web-1');
    assert.deepEqual(p.unavailable, ['web-2']);
  });

  it('once the new imageID is reported, the next pod goes', () => {
    const updating = inPlace(plan(inPlaceSet(), pods)).result.pod;
    const restarted: StatefulSetPod = {
      ...updating,
      status: {
        ...updating.status,
        containerStatuses: [{ name: 'nginx', image: 'nginx:2', imageID: 'sha-2', ready: true }],
      },
    };
    assert.deepEqual(kinds(plan(inPlaceSet(), [oldPod(0), oldPod(1), restarted])), ['update-in-place:web-1']);
  });
});

describe('lifecycle hooks (TestStatefulSetControlLifecycleHook, TestUpdateWithLifecycleHook)', () => {
  const hook = { labelsHandler: { 'example.io/hold': 'true' } };
  const lifecycle = { inPlaceUpdate: hook };
  const normal = (ordinal: number, extra: Record<string, string> = {}) =>
    oldPod(ordinal, { [LIFECYCLE_STATE_LABEL]: LifecycleState.Normal, ...extra });

  it('a hooked Normal pod goes to PreparingUpdate first (no in-place write yet)', () => {
    const set = inPlaceSet({}, { lifecycle });
    const p = plan(set, [normal(0), normal(1), normal(2, { 'example.io/hold': 'true' })]);
    assert.deepEqual(kinds(p), [`set-lifecycle-state:web-2:${LifecycleState.PreparingUpdate}`]);
    assert.equal(p.currentReplicasDelta, -1);
  });

  it('PreparingUpdate is held while the hook label stays, and counts unavailable', () => {
    const set = inPlaceSet({}, { lifecycle });
    const held = normal(2, {
      'example.io/hold': 'true',
      [LIFECYCLE_STATE_LABEL]: LifecycleState.PreparingUpdate,
    });
    const p = plan(set, [normal(0), normal(1), held]);
    assert.deepEqual(kinds(p), []);
    assert.equal(p.stop, 'max-unavailable');
    assert.deepEqual(p.unavailable, ['web-2']);
  });

  it('the hook released: updated in place with lifecycle state Updating', () => {
    const set = inPlaceSet({}, { lifecycle });
    const released = normal(2, { [LIFECYCLE_STATE_LABEL]: LifecycleState.PreparingUpdate });
    const a = inPlace(plan(set, [normal(0), normal(1), released]));
    assert.equal(a.setLifecycleUpdating, true);
    assert.equal(a.result.pod.metadata.labels?.[LIFECYCLE_STATE_LABEL], LifecycleState.Updating);
  });

  it('an Updated pod asked to move again goes back to PreparingUpdate with the hook put back', () => {
    const set = inPlaceSet({}, { lifecycle });
    const updated = normal(2, { [LIFECYCLE_STATE_LABEL]: LifecycleState.Updated });
    const p = plan(set, [normal(0), normal(1), updated]);
    assert.deepEqual(kinds(p), [`set-lifecycle-state:web-2:${LifecycleState.PreparingUpdate}`]);
    const action = p.actions[0];
    assert.ok(action !== undefined && 'hook' in action);
    assert.deepEqual(action.hook, hook);
  });

  it('a PreparingDelete pod cannot be updated in place (Kruise error)', () => {
    const set = inPlaceSet({}, { lifecycle: { preDelete: hook } });
    const p = plan(set, [
      normal(0),
      normal(1),
      normal(2, { [LIFECYCLE_STATE_LABEL]: LifecycleState.PreparingDelete }),
    ]);
    assert.equal(p.stop, 'in-place-error');
    assert.equal(p.error, 'not allowed to in-place update pod web-2 in state PreparingDelete');
  });

  it('a hooked pod with preDelete is prepared, not deleted, on a recreate update', () => {
    const set = inPlaceSet({ podUpdatePolicy: 'ReCreate' }, { lifecycle: { preDelete: hook } });
    const p = plan(set, [normal(0), normal(1), normal(2, { 'example.io/hold': 'true' })]);
    assert.deepEqual(kinds(p), ['prepare-delete:web-2']);
  });
});

describe('refreshPodState lifecycle part', () => {
  const hook = { labelsHandler: { 'example.io/hold': 'true' } };
  const at = (state: string, labels: Record<string, string> = {}) =>
    oldPod(0, { [LIFECYCLE_STATE_LABEL]: state, ...labels });
  const cases: {
    name: string;
    lifecycle?: StatefulSet['spec']['lifecycle'];
    pod: StatefulSetPod;
    want: LifecycleState | undefined;
  }[] = [
    { name: 'PreparingNormal, no preNormal', pod: at('PreparingNormal'), want: 'Normal' },
    {
      name: 'PreparingNormal, preNormal not hooked',
      lifecycle: { preNormal: hook },
      pod: at('PreparingNormal'),
      want: undefined,
    },
    {
      name: 'PreparingNormal, preNormal all hooked',
      lifecycle: { preNormal: hook },
      pod: at('PreparingNormal', { 'example.io/hold': 'true' }),
      want: 'Normal',
    },
    { name: 'Updating done, no lifecycle', pod: at('Updating'), want: 'Normal' },
    {
      name: 'Updating done, inPlaceUpdate not re-hooked',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('Updating'),
      want: 'Updated',
    },
    {
      name: 'Updating done, inPlaceUpdate hooked again',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('Updating', { 'example.io/hold': 'true' }),
      want: 'Normal',
    },
    // Kruise: any lifecycle without an all-hooked inPlaceUpdate hook passes through Updated.
    {
      name: 'Updating done, lifecycle without inPlaceUpdate',
      lifecycle: { preDelete: hook },
      pod: at('Updating'),
      want: 'Updated',
    },
    {
      name: 'Updated, no inPlaceUpdate hook',
      lifecycle: { preDelete: hook },
      pod: at('Updated'),
      want: 'Normal',
    },
    {
      name: 'Updated, hook not back',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('Updated'),
      want: undefined,
    },
    {
      name: 'Updated, hook back',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('Updated', { 'example.io/hold': 'true' }),
      want: 'Normal',
    },
    { name: 'Normal stays', pod: at('Normal'), want: undefined },
    {
      name: 'PreparingUpdate at the old revision stays (the hook decides)',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('PreparingUpdate'),
      want: undefined,
    },
    // openkruise/kruise#1156: rolled back while held, nothing is left to update.
    {
      name: 'PreparingUpdate already at the update revision, hook not back',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('PreparingUpdate', { 'controller-revision-hash': UPDATE }),
      want: 'Updated',
    },
    {
      name: 'PreparingUpdate already at the update revision, hook back',
      lifecycle: { inPlaceUpdate: hook },
      pod: at('PreparingUpdate', { 'controller-revision-hash': UPDATE, 'example.io/hold': 'true' }),
      want: 'Normal',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const set = inPlaceSet({}, c.lifecycle === undefined ? {} : { lifecycle: c.lifecycle });
      assert.equal(refreshedLifecycleState(set, c.pod, UPDATE), c.want);
    });
  }

  it('Updating with the containers not yet restarted stays', () => {
    const updating = inPlace(plan(inPlaceSet(), [oldPod(0), oldPod(1), oldPod(2)])).result.pod;
    const labelled = {
      ...updating,
      metadata: {
        ...updating.metadata,
        labels: { ...updating.metadata.labels, [LIFECYCLE_STATE_LABEL]: 'Updating' },
      },
    };
    assert.equal(refreshedLifecycleState(inPlaceSet(), labelled, UPDATE), undefined);
  });

  it('a refreshed state ends the round before any update', () => {
    const p = plan(inPlaceSet(), [oldPod(0), oldPod(1), at('Updated')]);
    assert.equal(p.stop, 'lifecycle-refreshed');
    assert.deepEqual(kinds(p), [`set-lifecycle-state:web-0:${LifecycleState.Normal}`]);
  });
});
