import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ControllerRevision,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_STATE_KEY,
  type Lifecycle,
} from '@kruise-ts/core';
import { inPlaceLifecycleGate, refreshLifecycleTransition } from '../../src/lifecycle/state-machine.ts';
import type { CloneSet, CloneSetPod, PodUpdatePolicy } from '../../src/types.ts';
import { planUpdate } from '../../src/update/plan-update.ts';
import { makePod } from './helpers.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const stamp = '2026-03-01T12:00:00Z';

const revOld: ControllerRevision = {
  metadata: { name: 'rev_old' },
  data: '{"spec":{"template":{"$patch":"replace","spec":{"containers":[{"name":"c1","image":"foo1"}]}}}}',
  revision: 1,
};
const revNew: ControllerRevision = {
  metadata: { name: 'rev_new' },
  data: '{"spec":{"template":{"$patch":"replace","spec":{"containers":[{"name":"c1","image":"foo2"}]}}}}',
  revision: 2,
};
const revNewEnv: ControllerRevision = {
  metadata: { name: 'rev_new' },
  data: '{"spec":{"template":{"$patch":"replace","spec":{"containers":[{"name":"c1","image":"foo2","env":[{"name":"k","value":"v"}]}]}}}}',
  revision: 2,
};

function cloneSet(policy?: PodUpdatePolicy, lifecycle?: Lifecycle, grace?: number): CloneSet {
  return {
    metadata: { name: 'clone-test' },
    spec: {
      replicas: 1,
      ...(lifecycle === undefined ? {} : { lifecycle }),
      updateStrategy:
        policy === undefined
          ? {}
          : {
              type: 'RollingUpdate',
              rollingUpdate: {
                podUpdatePolicy: policy,
                ...(grace === undefined ? {} : { inPlaceUpdateStrategy: { gracePeriodSeconds: grace } }),
              },
            },
    },
  };
}

function pod(
  labels: Record<string, string>,
  extra: {
    nodeName?: string;
    ready?: boolean;
    finalizers?: string[];
    annotations?: Record<string, string>;
  } = {},
): CloneSetPod {
  return {
    metadata: {
      name: 'pod-0',
      labels,
      ...(extra.finalizers === undefined ? {} : { finalizers: extra.finalizers }),
      ...(extra.annotations === undefined ? {} : { annotations: extra.annotations }),
    },
    spec: {
      readinessGates: [{ conditionType: 'InPlaceUpdateReady' }],
      containers: [{ name: 'c1', image: 'foo1' }],
      ...(extra.nodeName === undefined ? {} : { nodeName: extra.nodeName }),
    },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Ready', status: extra.ready === false ? 'False' : 'True' },
        { type: 'InPlaceUpdateReady', status: 'True' },
      ],
      containerStatuses: [{ name: 'c1', image: 'foo1', imageID: 'image-id-xyz' }],
    },
  };
}

const hash = (rev: string) => ({ 'controller-revision-hash': rev, 'pod-template-hash': rev });
const run = (
  cs: CloneSet,
  pods: CloneSetPod[],
  update = revNew,
  revisions: ControllerRevision[] = [revOld],
) =>
  planUpdate({
    cloneSet: cs,
    pods,
    currentRevision: revisions[0] ?? update,
    updateRevision: update,
    revisions,
    now: NOW,
  });

// A pod waiting out a long grace period at rev_old.
const inGrace = {
  [INPLACE_UPDATE_STATE_KEY]: `{"revision":"rev_old","updateTimestamp":"${stamp}","lastContainerStatuses":null}`,
  [INPLACE_UPDATE_GRACE_KEY]: '{"revision":"rev_old","containerImages":{"c1":"foo1"},"graceSeconds":3600}',
};

describe('update plan (docs/behaviour/cloneset.md#update-steps, #update-pod; UT update TestUpdate)', () => {
  it('do nothing but back-fill pod-template-hash', () => {
    const p = run(cloneSet(), [pod({ 'controller-revision-hash': 'rev_new' })], revNew, []);
    assert.equal(p.stop, 'refreshing');
    assert.equal(p.refresh[0]?.podTemplateHash, 'rev_new');
    assert.deepEqual(p.updates, []);
  });

  it('normal update condition: a pod without InPlaceUpdateReady gets it', () => {
    const fresh = pod(hash('rev_new'));
    fresh.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    const p = run(cloneSet(), [fresh], revNew, []);
    assert.deepEqual(p.refresh[0]?.inPlace, {
      action: 'update-status',
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: stamp },
      ],
    });
    assert.equal(p.stop, 'nothing-to-update');
  });

  it('recreate update: mark specified-delete, PVCs untouched here', () => {
    const p = run(cloneSet('ReCreate'), [
      pod({ ...hash('rev_old'), 'apps.kruise.io/cloneset-instance-id': 'id-0' }),
    ]);
    assert.equal(p.targetRevision, 'rev_new');
    assert.deepEqual(
      p.updates.map((u) => [u.type, u.type === 'recreate' && u.alreadyMarked]),
      [['recreate', false]],
    );
  });

  it('InPlaceIfPossible falls back to recreate for a non-image change', () => {
    const p = run(cloneSet('InPlaceIfPossible'), [pod(hash('rev_old'))], revNewEnv);
    assert.equal(p.updates[0]?.type, 'recreate');
  });

  it('InPlaceOnly with a non-image change fails the update', () => {
    const p = run(cloneSet('InPlaceOnly'), [pod(hash('rev_old'))], revNewEnv);
    assert.equal(p.error, 'find Pod pod-0 update strategy is InPlaceOnly but can not update in-place');
    assert.deepEqual(p.updates, []);
  });

  it('in-place update', () => {
    const p = run(cloneSet('InPlaceIfPossible'), [
      pod({ ...hash('rev_old'), 'apps.kruise.io/cloneset-instance-id': 'id-0' }),
    ]);
    const u = p.updates[0];
    assert.equal(u?.type, 'in-place');
    if (u?.type !== 'in-place') return;
    assert.deepEqual(u.result.pod.metadata.labels, {
      ...hash('rev_new'),
      'apps.kruise.io/cloneset-instance-id': 'id-0',
      'lifecycle.apps.kruise.io/state': 'Updating',
    });
    assert.equal(
      u.result.pod.metadata.annotations?.[INPLACE_UPDATE_STATE_KEY],
      `{"revision":"rev_new","updateTimestamp":"${stamp}","lastContainerStatuses":{"c1":{"imageID":"image-id-xyz"}},"updateImages":true,"containerBatchesRecord":[{"timestamp":"${stamp}","containers":["c1"]}]}`,
    );
    assert.deepEqual(u.result.pod.spec?.containers, [{ name: 'c1', image: 'foo2' }]);
    assert.deepEqual(u.result.statusConditions?.[1], {
      type: 'InPlaceUpdateReady',
      status: 'False',
      reason: 'StartInPlaceUpdate',
      lastTransitionTime: stamp,
    });
  });

  it('in-place update with grace period: requeue after the grace period', () => {
    const p = run(cloneSet('InPlaceIfPossible', undefined, 3630), [pod(hash('rev_old'))]);
    const u = p.updates[0];
    assert.equal(
      u?.type === 'in-place' && u.result.pod.metadata.annotations?.[INPLACE_UPDATE_GRACE_KEY],
      '{"revision":"rev_new","containerImages":{"c1":"foo2"},"graceSeconds":3630}',
    );
    assert.equal(p.requeueAfterMs, 3_630_000);
  });

  const graced = (startedAt: number) =>
    pod(
      { 'controller-revision-hash': 'rev_new', 'apps.kruise.io/cloneset-instance-id': 'id-0' },
      {
        annotations: {
          [INPLACE_UPDATE_STATE_KEY]: `{"revision":"rev_new","updateTimestamp":"${new Date(startedAt).toISOString().slice(0, 19)}Z","lastContainerStatuses":null}`,
          [INPLACE_UPDATE_GRACE_KEY]:
            '{"revision":"rev_new","containerImages":{"c1":"foo2"},"graceSeconds":3630}',
        },
      },
    );

  it('during the grace period: only the missing pod-template-hash is fixed', () => {
    const p = run(cloneSet('InPlaceIfPossible', undefined, 3630), [graced(NOW - 10_000)]);
    assert.equal(p.refresh[0]?.inPlace.action, 'none');
    assert.equal(p.refresh[0]?.podTemplateHash, 'rev_new');
    assert.equal(p.stop, 'refreshing');
  });

  it('after the grace period: the deferred image patch is written', () => {
    const p = run(cloneSet('InPlaceIfPossible', undefined, 3630), [graced(NOW - 3_660_000)]);
    const r = p.refresh[0]?.inPlace;
    assert.equal(r?.action === 'update-pod' && r.reason, 'grace-finished');
    assert.deepEqual(r?.action === 'update-pod' && r.pod.spec?.containers, [{ name: 'c1', image: 'foo2' }]);
  });

  it('OnDelete and paused never update', () => {
    const onDelete = cloneSet('ReCreate');
    onDelete.spec.updateStrategy = { type: 'OnDelete' };
    assert.equal(run(onDelete, [pod(hash('rev_old'))]).stop, 'on-delete');
    const paused = cloneSet('ReCreate');
    paused.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { paused: true } };
    assert.equal(run(paused, [pod(hash('rev_old'))]).stop, 'paused');
  });

  it('PreparingDelete pods and pods in a grace period are not candidates', () => {
    const cs = cloneSet('ReCreate');
    cs.spec.replicas = 2;
    cs.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } };
    const a = pod({ ...hash('rev_old'), 'lifecycle.apps.kruise.io/state': 'PreparingDelete' });
    const b = pod(hash('rev_old'), { annotations: inGrace });
    const p = run(cs, [a, b]);
    assert.equal(p.diffs?.updateNum, 1);
    assert.deepEqual(p.updates, []);
  });

  it('rollback (CloneSetPartitionRollback): updated pods go back to the current revision', () => {
    const cs = cloneSet('ReCreate');
    cs.spec.replicas = 2;
    cs.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { partition: 2, maxUnavailable: 1 } };
    const pods = [pod(hash('rev_new')), pod(hash('rev_old'))];
    const p = planUpdate({
      cloneSet: cs,
      pods,
      currentRevision: revOld,
      updateRevision: revNew,
      revisions: [revOld, revNew],
      now: NOW,
      gates: { partitionRollback: true },
    });
    assert.equal(p.diffs?.updateNum, -1);
    assert.equal(p.targetRevision, 'rev_old');
    assert.equal(p.updates[0]?.pod, pods[0]);
  });
});

describe('lifecycle transitions (docs/behaviour/cloneset.md#lifecycle; UT update lifecycle cases)', () => {
  const preNormalLabel: Lifecycle = { preNormal: { labelsHandler: { preNormalHooked: 'true' } } };
  const slbHooks: Lifecycle = {
    preNormal: { finalizersHandler: ['slb/online'] },
    inPlaceUpdate: { finalizersHandler: ['slb/online'] },
  };
  const state = (s: string) => ({ 'lifecycle.apps.kruise.io/state': s });

  it('PreparingNormal -> Normal once scheduled (no preNormal hook)', () => {
    const p = run(
      cloneSet('ReCreate'),
      [pod({ ...hash('rev_new'), ...state('PreparingNormal') }, { nodeName: '127.0.0.1', ready: false })],
      revNew,
      [],
    );
    assert.deepEqual(p.refresh[0]?.lifecycle, { to: 'Normal', markPodNotReady: false });
    assert.equal(p.stop, 'refreshing');
  });

  it('PreparingNormal stays while unscheduled', () => {
    const p = run(
      cloneSet('ReCreate'),
      [pod({ ...hash('rev_new'), ...state('PreparingNormal') }, { ready: false })],
      revNew,
      [],
    );
    assert.equal(p.refresh[0]?.lifecycle, undefined);
  });

  it('PreparingNormal stays while the preNormal hook is not all hooked', () => {
    const p = run(
      cloneSet('ReCreate', preNormalLabel),
      [pod({ ...hash('rev_new'), ...state('PreparingNormal') }, { ready: false })],
      revNew,
      [],
    );
    assert.equal(p.refresh[0]?.lifecycle, undefined);
  });

  it('PreparingNormal -> Normal when the preNormal hook is all hooked (even unscheduled)', () => {
    const p = run(
      cloneSet('ReCreate', preNormalLabel),
      [pod({ preNormalHooked: 'true', ...hash('rev_new'), ...state('PreparingNormal') }, { ready: false })],
      revNew,
      [],
    );
    assert.equal(p.refresh[0]?.lifecycle?.to, 'Normal');
  });

  describe("a fresh pod's first InPlaceUpdateReady waits for its move to Normal (one write, docs/adr/0042)", () => {
    const fresh = (nodeName?: string): CloneSetPod => {
      const p = pod(
        { ...hash('rev_new'), ...state('PreparingNormal') },
        { ready: false, ...(nodeName === undefined ? {} : { nodeName }) },
      );
      return { ...p, status: { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] } };
    };

    it('unscheduled without a preNormal hook: nothing to write yet', () => {
      const p = run(cloneSet('ReCreate'), [fresh()], revNew, []);
      assert.deepEqual(p.refresh[0]?.inPlace, { action: 'none', reason: 'with-normal' });
      assert.equal(p.refresh[0]?.lifecycle, undefined);
    });

    it('scheduled: the condition and the Normal transition are due together', () => {
      const p = run(cloneSet('ReCreate'), [fresh('127.0.0.1')], revNew, []);
      assert.equal(p.refresh[0]?.inPlace.action, 'update-status');
      assert.equal(p.refresh[0]?.lifecycle?.to, 'Normal');
    });

    it('with a preNormal hook the condition is written at once, as Kruise does', () => {
      const p = run(cloneSet('ReCreate', preNormalLabel), [fresh()], revNew, []);
      assert.equal(p.refresh[0]?.inPlace.action, 'update-status');
      assert.equal(p.refresh[0]?.lifecycle, undefined);
    });
  });

  it('recreate does not care about the lifecycle state', () => {
    const cs = cloneSet('ReCreate', { preNormal: { finalizersHandler: ['preNormalHooked'] } });
    const p = run(cs, [pod({ ...hash('rev_old'), ...state('PreparingNormal') })], revNew, []);
    assert.equal(p.updates[0]?.type, 'recreate');
  });

  it('in-place from PreparingNormal when the inPlaceUpdate hook does not hold the pod', () => {
    const cs = cloneSet('InPlaceIfPossible', { preNormal: { finalizersHandler: ['slb.com/online'] } });
    const p = run(cs, [pod({ ...hash('rev_old'), ...state('PreparingNormal') })]);
    assert.equal(p.updates[0]?.type, 'in-place');
  });

  it('PreparingNormal with both hooks hooked: first Normal, no update this round', () => {
    const p = run(cloneSet('InPlaceIfPossible', slbHooks), [
      pod({ ...hash('rev_old'), ...state('PreparingNormal') }, { finalizers: ['slb/online'] }),
    ]);
    assert.equal(p.refresh[0]?.lifecycle?.to, 'Normal');
    assert.deepEqual(p.updates, []);
  });

  it('Normal with the inPlaceUpdate hook: PreparingUpdate first', () => {
    const p = run(cloneSet('InPlaceIfPossible', slbHooks), [
      pod({ ...hash('rev_old'), ...state('Normal') }, { finalizers: ['slb/online'] }),
    ]);
    assert.deepEqual(
      p.updates.map((u) => u.type === 'lifecycle' && u.transition),
      [{ to: 'PreparingUpdate', markPodNotReady: false }],
    );
  });

  it('PreparingUpdate: waits while hooked, updates once released', () => {
    const cs = cloneSet('InPlaceIfPossible', slbHooks);
    const held = run(cs, [
      pod({ ...hash('rev_old'), ...state('PreparingUpdate') }, { finalizers: ['slb/online'] }),
    ]);
    assert.equal(held.updates[0]?.type, 'wait');
    const released = run(cs, [pod({ ...hash('rev_old'), ...state('PreparingUpdate') })]);
    assert.equal(released.updates[0]?.type, 'in-place');
  });

  const withStatus = (labels: Record<string, string>, extra: Parameters<typeof pod>[1] = {}) =>
    pod(labels, extra);
  it('Updating -> Updated (lifecycle set, hook not all hooked) or Normal, once the update completed', () => {
    const completed = withStatus({ ...hash('rev_new'), ...state('Updating') });
    assert.equal(
      refreshLifecycleTransition(cloneSet('InPlaceIfPossible', slbHooks), completed, 'rev_new', true)?.to,
      'Updated',
    );
    assert.equal(
      refreshLifecycleTransition(cloneSet('InPlaceIfPossible'), completed, 'rev_new', true)?.to,
      'Normal',
    );
    // only preDelete configured: still Updated first (docs/behaviour/cloneset.md#edge-updated-without-hook)
    assert.equal(
      refreshLifecycleTransition(
        cloneSet('InPlaceIfPossible', { preDelete: { finalizersHandler: ['x'] } }),
        completed,
        'rev_new',
        true,
      )?.to,
      'Updated',
    );
    assert.equal(
      refreshLifecycleTransition(cloneSet('InPlaceIfPossible'), completed, 'rev_new', false),
      undefined,
    );
  });

  it('Updated -> Normal without an inPlaceUpdate hook or once it is all hooked again', () => {
    const updated = (f?: string[]) =>
      withStatus({ ...hash('rev_new'), ...state('Updated') }, f === undefined ? {} : { finalizers: f });
    assert.equal(
      refreshLifecycleTransition(cloneSet('InPlaceIfPossible', { preDelete: {} }), updated(), 'rev_new', true)
        ?.to,
      'Normal',
    );
    assert.equal(
      refreshLifecycleTransition(cloneSet('InPlaceIfPossible', slbHooks), updated(), 'rev_new', true),
      undefined,
    );
    assert.equal(
      refreshLifecycleTransition(
        cloneSet('InPlaceIfPossible', slbHooks),
        updated(['slb/online']),
        'rev_new',
        true,
      )?.to,
      'Normal',
    );
  });

  it('PreparingUpdate of a pod already at the update revision (rolled back): Updated or Normal', () => {
    const p = withStatus({ ...hash('rev_new'), ...state('PreparingUpdate') }, { finalizers: ['slb/online'] });
    assert.equal(
      refreshLifecycleTransition(cloneSet('InPlaceIfPossible', slbHooks), p, 'rev_new', false)?.to,
      'Normal',
    );
    assert.equal(
      refreshLifecycleTransition(
        cloneSet('InPlaceIfPossible', slbHooks),
        withStatus({ ...hash('rev_new'), ...state('PreparingUpdate') }),
        'rev_new',
        false,
      )?.to,
      'Updated',
    );
  });

  it('Updated when a newer revision arrives: PreparingUpdate with the hook labels and finalizers re-added', () => {
    const hook = {
      labelsHandler: { online: 'true' },
      finalizersHandler: ['slb/online'],
      markPodNotReady: true,
    };
    const gate = inPlaceLifecycleGate(
      cloneSet('InPlaceIfPossible', { inPlaceUpdate: hook }),
      withStatus(state('Updated')),
    );
    assert.deepEqual(gate, {
      kind: 'transition',
      transition: { to: 'PreparingUpdate', markPodNotReady: true, withHook: hook },
    });
  });

  it('Updated pods are candidates even in a grace period', () => {
    const hook = { finalizersHandler: ['slb/online'] };
    const p = run(cloneSet('InPlaceIfPossible', { inPlaceUpdate: hook }), [
      pod({ ...hash('rev_old'), ...state('Updated') }, { annotations: inGrace }),
    ]);
    assert.equal(p.refresh[0]?.lifecycle, undefined);
    assert.deepEqual(
      p.updates.map((u) => u.type === 'lifecycle' && u.transition),
      [{ to: 'PreparingUpdate', markPodNotReady: false, withHook: hook }],
    );
  });

  it('any other state cannot be updated in place', () => {
    const gate = inPlaceLifecycleGate(cloneSet('InPlaceIfPossible'), makePod({ name: 'x', state: 'Weird' }));
    assert.deepEqual(gate, { kind: 'error', error: 'not allowed to in-place update pod x in state Weird' });
  });
});
