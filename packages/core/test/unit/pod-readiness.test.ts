import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pod, PodCondition } from '../../src/kube-types.ts';
import { LIFECYCLE_STATE_LABEL } from '../../src/lifecycle.ts';
import {
  changedPodConditions,
  conditionsPatchEntries,
  getPodCondition,
  isCloneSetPodAvailable,
  isCloneSetPodReady,
  isPodActive,
  isPodAvailable,
  isPodReady,
  isPodTerminal,
  isPodTerminating,
  isPodUpdateReady,
  isRunningAndAvailable,
  isRunningAndReady,
} from '../../src/pod-readiness.ts';

const NOW = Date.parse('2026-01-01T00:01:00Z');

interface PodOpts {
  phase?: string;
  ready?: 'True' | 'False' | undefined;
  readySince?: string | null;
  inPlace?: 'True' | 'False';
  state?: string;
  deleting?: boolean;
}

function pod(o: PodOpts = {}): Pod {
  const conditions: PodCondition[] = [];
  if (o.ready !== undefined) {
    const since = o.readySince === undefined ? '2026-01-01T00:00:00Z' : o.readySince;
    conditions.push({ type: 'Ready', status: o.ready, lastTransitionTime: since });
  }
  if (o.inPlace !== undefined) conditions.push({ type: 'InPlaceUpdateReady', status: o.inPlace });
  return {
    metadata: {
      name: 'p',
      ...(o.state === undefined ? {} : { labels: { [LIFECYCLE_STATE_LABEL]: o.state } }),
      ...(o.deleting === true ? { deletionTimestamp: '2026-01-01T00:00:30Z' } : {}),
    },
    status: { phase: o.phase ?? 'Running', conditions },
  };
}

describe('isPodActive / isPodTerminating (docs/behaviour/cloneset.md#inactive-pods, #reconcile-steps step 4)', () => {
  const cases: ReadonlyArray<readonly [string, Pod, boolean, boolean]> = [
    ['running', pod(), true, false],
    ['pending', pod({ phase: 'Pending' }), true, false],
    ['unknown phase', pod({ phase: 'Unknown' }), true, false],
    ['succeeded', pod({ phase: 'Succeeded' }), false, false],
    ['failed', pod({ phase: 'Failed' }), false, false],
    ['running and being deleted', pod({ deleting: true }), false, true],
    ['failed and being deleted', pod({ phase: 'Failed', deleting: true }), false, false],
    ['no status at all', { metadata: {} }, true, false],
  ];
  for (const [name, p, active, terminating] of cases) {
    it(`${name}: active=${active}, terminating=${terminating}`, () => {
      assert.equal(isPodActive(p), active);
      assert.equal(isPodTerminating(p), terminating);
    });
  }
  it('treats an empty deletionTimestamp as unset', () => {
    assert.equal(isPodActive({ metadata: { deletionTimestamp: '' } }), true);
  });
  it('isPodTerminal is Succeeded or Failed', () => {
    assert.equal(isPodTerminal(pod({ phase: 'Succeeded' })), true);
    assert.equal(isPodTerminal(pod()), false);
  });
});

describe('isPodReady / isPodAvailable (Kubernetes podutil, as pinned by Kruise)', () => {
  it('is ready only with a True Ready condition', () => {
    assert.equal(isPodReady(pod({ ready: 'True' })), true);
    assert.equal(isPodReady(pod({ ready: 'False' })), false);
    assert.equal(isPodReady(pod()), false);
  });
  it('uses the first Ready condition', () => {
    const p: Pod = {
      metadata: {},
      status: {
        conditions: [
          { type: 'Ready', status: 'False' },
          { type: 'Ready', status: 'True' },
        ],
      },
    };
    assert.equal(isPodReady(p), false);
    assert.equal(getPodCondition(p, 'Ready')?.status, 'False');
  });
  const cases: ReadonlyArray<readonly [string, PodOpts, number, boolean]> = [
    ['minReadySeconds 0: any ready pod', { ready: 'True', readySince: null }, 0, true],
    ['not ready', { ready: 'False' }, 0, false],
    ['ready for 60s, mrs 30', { ready: 'True' }, 30, true],
    ['ready for 60s, mrs 59', { ready: 'True' }, 59, true],
    ['ready for exactly 60s, mrs 60 (strictly before now required)', { ready: 'True' }, 60, false],
    ['ready for 60s, mrs 61', { ready: 'True' }, 61, false],
    ['unknown transition time, mrs > 0', { ready: 'True', readySince: null }, 5, false],
    ['Go zero transition time, mrs > 0', { ready: 'True', readySince: '0001-01-01T00:00:00Z' }, 5, false],
  ];
  for (const [name, o, mrs, want] of cases) {
    it(`${name} → ${want}`, () => {
      assert.equal(isPodAvailable(pod(o), mrs, NOW), want);
      assert.equal(isPodAvailable(pod(o), mrs, new Date(NOW)), want);
    });
  }
  it('running variants also require phase Running', () => {
    assert.equal(isRunningAndReady(pod({ ready: 'True' })), true);
    assert.equal(isRunningAndReady(pod({ ready: 'True', phase: 'Pending' })), false);
    assert.equal(isRunningAndAvailable(pod({ ready: 'True', phase: 'Pending' }), 0, NOW), false);
  });
});

describe('CloneSet availability (docs/behaviour/cloneset.md#pod-predicates IsPodAvailable, #status readyReplicas)', () => {
  const cases: ReadonlyArray<readonly [string, PodOpts, number, boolean, boolean]> = [
    // name, pod, minReadySeconds, isPodUpdateReady, isCloneSetPodAvailable
    ['running, ready, no state', { ready: 'True' }, 0, true, true],
    ['state Normal', { ready: 'True', state: 'Normal' }, 0, true, true],
    ['state PreparingNormal is never available', { ready: 'True', state: 'PreparingNormal' }, 0, true, false],
    ['state PreparingUpdate', { ready: 'True', state: 'PreparingUpdate' }, 0, true, false],
    ['state Updating', { ready: 'True', state: 'Updating' }, 0, true, false],
    ['state Updated', { ready: 'True', state: 'Updated' }, 0, true, false],
    ['state PreparingDelete', { ready: 'True', state: 'PreparingDelete' }, 0, true, false],
    ['an unknown state value', { ready: 'True', state: 'Weird' }, 0, true, false],
    ['InPlaceUpdateReady False', { ready: 'True', inPlace: 'False' }, 0, false, false],
    ['InPlaceUpdateReady True', { ready: 'True', inPlace: 'True' }, 0, true, true],
    ['pending phase', { ready: 'True', phase: 'Pending' }, 0, false, false],
    ['not ready', { ready: 'False' }, 0, false, false],
    ['ready but not for minReadySeconds', { ready: 'True' }, 120, false, false],
  ];
  for (const [name, o, mrs, updateReady, available] of cases) {
    it(`${name}: updateReady=${updateReady}, available=${available}`, () => {
      assert.equal(isPodUpdateReady(pod(o), mrs, NOW), updateReady);
      assert.equal(isCloneSetPodAvailable(pod(o), mrs, NOW), available);
    });
  }
  it('isCloneSetPodReady is availability with minReadySeconds 0, lifecycle state included', () => {
    assert.equal(isCloneSetPodReady(pod({ ready: 'True', readySince: null })), true);
    assert.equal(isCloneSetPodReady(pod({ ready: 'True', state: 'Updated' })), false);
  });
});

describe('changedPodConditions', () => {
  it('keeps only conditions that are new or differ, so the kubelet-owned ones are not overwritten', () => {
    const pod: Pod = {
      metadata: { name: 'p' },
      status: {
        conditions: [
          { type: 'Ready', status: 'True' },
          { type: 'InPlaceUpdateReady', status: 'True' },
          { type: 'PodScheduled', status: 'True', reason: 'Bound', message: 'node-1' },
        ],
      },
    };
    assert.deepEqual(
      changedPodConditions(pod, [
        { type: 'Ready', status: 'True' },
        { type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate' },
        { type: 'ContainersReady', status: 'True' },
        { type: 'PodScheduled', status: 'True', reason: 'Bound', message: 'node-2' },
      ]).map((c) => c.type),
      ['InPlaceUpdateReady', 'ContainersReady', 'PodScheduled'],
    );
  });
});

describe('conditionsPatchEntries (a strategic merge that replaces like Kruise’s whole-status write)', () => {
  it('deletes the reason, message and transition time each condition lacks, keeps those it has', () => {
    const t = '2026-05-06T07:08:09Z';
    const entries = conditionsPatchEntries([
      { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: t },
      { type: 'InPlaceUpdateReady', status: 'False', reason: 'StartInPlaceUpdate', lastTransitionTime: t },
      { type: 'Ready', status: 'True' },
    ]);
    assert.deepEqual(entries, [
      { type: 'InPlaceUpdateReady', status: 'True', lastTransitionTime: t, reason: null, message: null },
      {
        type: 'InPlaceUpdateReady',
        status: 'False',
        reason: 'StartInPlaceUpdate',
        lastTransitionTime: t,
        message: null,
      },
      { type: 'Ready', status: 'True', reason: null, message: null, lastTransitionTime: null },
    ]);
  });
});
