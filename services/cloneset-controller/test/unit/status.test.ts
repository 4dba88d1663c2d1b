import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  calculateProgressing,
  calculateStatus,
  minReadyRequeueMs,
  statusNeedsWrite,
} from '../../src/status/calculate-status.ts';
import { failureCondition, setCloneSetCondition } from '../../src/status/conditions.ts';
import type { CloneSet, CloneSetCondition, CloneSetStatus } from '../../src/types.ts';
import { makePod, NEW, NOW, OLD } from './helpers.ts';

const MAX_INT32 = 2 ** 31 - 1;
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

interface ProgressCase {
  name: string;
  replicas: number;
  pds?: number;
  partition?: string;
  paused?: boolean;
  /** replicas, ready, available, updated, updatedReady, updatedAvailable, expectedUpdated, current, update */
  counts: [number, number, number, number, number, number, number, string, string];
  /** existing Progressing condition: reason and lastUpdateTime as seconds before now */
  existing?: { reason: string; status?: string; secondsAgo: number };
  /** [status, reason] or null for no condition */
  want: [string, string] | null;
  requeueMs?: number;
}

const status = (c: ProgressCase['counts'], conditions?: CloneSetCondition[]): CloneSetStatus => ({
  replicas: c[0],
  readyReplicas: c[1],
  availableReplicas: c[2],
  updatedReplicas: c[3],
  updatedReadyReplicas: c[4],
  updatedAvailableReplicas: c[5],
  expectedUpdatedReplicas: c[6],
  currentRevision: c[7],
  updateRevision: c[8],
  ...(conditions === undefined ? {} : { conditions }),
});

// biome-ignore format: one case per line reads as a table
const progress: ProgressCase[] = [
  { name: 'no progressDeadlineSeconds: no condition', replicas: 10, counts: [5, 4, 3, 2, 1, 1, 2, '1', '2'], want: null },
  { name: 'progressDeadlineSeconds MaxInt32: no condition', replicas: 10, pds: MAX_INT32, counts: [5, 4, 3, 2, 1, 1, 2, '1', '2'], want: null },
  { name: 'pds removed: an Available condition is dropped', replicas: 10, counts: [5, 0, 0, 0, 0, 0, 0, '1', '1'], existing: { reason: 'CloneSetAvailable', secondsAgo: 100 }, want: null },
  { name: 'starts deploying: progressing, requeue at the deadline + 1 s', replicas: 10, pds: 10, counts: [5, 4, 3, 2, 1, 1, 2, '1', '2'], want: ['True', 'CloneSetUpdated'], requeueMs: 11_000 },
  { name: 'paused', replicas: 10, pds: 10, paused: true, counts: [5, 4, 3, 2, 1, 1, 2, '1', '1'], want: ['True', 'CloneSetPaused'] },
  { name: 'available: revisions equal and every pod updated and available', replicas: 10, pds: 10, counts: [10, 10, 10, 10, 10, 10, 10, '1', '1'], want: ['True', 'CloneSetAvailable'] },
  { name: 'more pods than spec.replicas: still progressing', replicas: 1, pds: 10, counts: [10, 9, 8, 10, 9, 8, 10, '2', '2'], want: ['True', 'CloneSetUpdated'], requeueMs: 11_000 },
  { name: 'partition reached', replicas: 10, pds: 10, partition: '90%', counts: [10, 10, 10, 1, 1, 1, 1, '1', '2'], want: ['True', 'ProgressPartitionAvailable'] },
  { name: 'partition reached after scaling 10 -> 6', replicas: 6, pds: 10, partition: '10%', counts: [10, 9, 9, 8, 8, 8, 5, '1', '2'], want: ['True', 'ProgressPartitionAvailable'] },
  { name: 'scaled up (Kruise passes no old condition): progressing', replicas: 10, pds: 10, counts: [5, 5, 5, 5, 5, 5, 10, '1', '1'], want: ['True', 'CloneSetUpdated'], requeueMs: 11_000 },
  { name: 'scaled up 5 s after becoming available: progressing, deadline from now', replicas: 10, pds: 10, counts: [5, 5, 5, 5, 5, 5, 10, '1', '1'], existing: { reason: 'CloneSetAvailable', secondsAgo: 5 }, want: ['True', 'CloneSetUpdated'], requeueMs: 11_000 },
  { name: 'quirk: an Available condition older than the deadline makes a scale-up time out at once', replicas: 10, pds: 10, counts: [5, 5, 5, 5, 5, 5, 10, '1', '1'], existing: { reason: 'CloneSetAvailable', secondsAgo: 100 }, want: ['False', 'ProgressDeadlineExceeded'] },
  { name: 'progressing for longer than the deadline: exceeded (False)', replicas: 10, pds: 10, counts: [10, 8, 8, 10, 8, 8, 10, '1', '1'], existing: { reason: 'CloneSetUpdated', secondsAgo: 20 }, want: ['False', 'ProgressDeadlineExceeded'] },
  { name: 'progressing within the deadline: the old condition is kept', replicas: 10, pds: 10, counts: [10, 8, 8, 10, 8, 8, 10, '1', '1'], existing: { reason: 'CloneSetUpdated', secondsAgo: 6 }, want: ['True', 'CloneSetUpdated'], requeueMs: 5_000 },
  { name: 'exceeded is sticky, even for a new revision (docs/behaviour/cloneset.md#edge-sticky-deadline)', replicas: 20, pds: 10, partition: '90%', counts: [20, 10, 10, 2, 2, 2, 4, '1', '3'], existing: { reason: 'ProgressDeadlineExceeded', status: 'False', secondsAgo: 1 }, want: ['False', 'ProgressDeadlineExceeded'] },
  { name: 'exceeded, then paused', replicas: 20, pds: 10, paused: true, counts: [15, 14, 14, 10, 10, 9, 10, '1', '2'], existing: { reason: 'ProgressDeadlineExceeded', status: 'False', secondsAgo: 40 }, want: ['True', 'CloneSetPaused'] },
  { name: 'paused, then resumed', replicas: 20, pds: 10, partition: '50%', counts: [15, 14, 14, 10, 10, 9, 10, '1', '2'], existing: { reason: 'CloneSetPaused', secondsAgo: 5 }, want: ['True', 'CloneSetUpdated'], requeueMs: 11_000 },
  { name: 'partition available, then scaled up', replicas: 20, pds: 10, partition: '50%', counts: [15, 15, 15, 6, 6, 6, 10, '1', '2'], existing: { reason: 'ProgressPartitionAvailable', secondsAgo: 5 }, want: ['True', 'CloneSetUpdated'], requeueMs: 11_000 },
  { name: 'partition available, scaled up and available again', replicas: 20, pds: 10, partition: '50%', counts: [20, 20, 20, 10, 10, 10, 10, '1', '2'], existing: { reason: 'ProgressPartitionAvailable', secondsAgo: 100 }, want: ['True', 'ProgressPartitionAvailable'] },
];

describe('Progressing condition (docs/behaviour/cloneset.md#status; UT status TestSyncProgressingStatus)', () => {
  for (const c of progress) {
    it(c.name, () => {
      const cs: CloneSet = {
        spec: {
          replicas: c.replicas,
          ...(c.pds === undefined ? {} : { progressDeadlineSeconds: c.pds }),
          updateStrategy: {
            rollingUpdate: {
              ...(c.partition === undefined ? {} : { partition: c.partition }),
              ...(c.paused === undefined ? {} : { paused: c.paused }),
            },
          },
        },
      };
      const existing: CloneSetCondition[] | undefined =
        c.existing === undefined
          ? undefined
          : [
              {
                type: 'Progressing',
                status: c.existing.status ?? 'True',
                reason: c.existing.reason,
                lastUpdateTime: iso(NOW - c.existing.secondsAgo * 1000),
                lastTransitionTime: iso(NOW - c.existing.secondsAgo * 1000),
              },
            ];
      const r = calculateProgressing(cs, status(c.counts, existing), NOW);
      const cond = r.conditions.find((x) => x.type === 'Progressing');
      assert.deepEqual(cond === undefined ? null : [cond.status, cond.reason], c.want);
      assert.equal(r.requeueAfterMs, c.requeueMs);
    });
  }

  it('the deadline message names the update revision', () => {
    const cs: CloneSet = { spec: { replicas: 2, progressDeadlineSeconds: 10 } };
    const old = [
      { type: 'Progressing', status: 'True', reason: 'CloneSetUpdated', lastUpdateTime: iso(NOW - 60_000) },
    ];
    const cond = calculateProgressing(cs, status([2, 0, 0, 0, 0, 0, 2, 'a', 'b'], old), NOW).conditions[0];
    assert.equal(cond?.message, 'CloneSet revision b has timed out progressing');
  });

  it('same status, new reason: lastTransitionTime kept, lastUpdateTime now', () => {
    const old: CloneSetCondition = {
      type: 'Progressing',
      status: 'True',
      reason: 'CloneSetUpdated',
      lastUpdateTime: iso(NOW - 5000),
      lastTransitionTime: iso(NOW - 5000),
    };
    const next = setCloneSetCondition([old], {
      type: 'Progressing',
      status: 'True',
      reason: 'CloneSetAvailable',
      lastUpdateTime: iso(NOW),
      lastTransitionTime: iso(NOW),
    });
    assert.deepEqual(next, [{ ...old, reason: 'CloneSetAvailable', lastUpdateTime: iso(NOW) }]);
  });

  it('FailedScale is set once and never refreshed while it stays True', () => {
    const first = setCloneSetCondition([], failureCondition('FailedScale', 'quota', NOW));
    const again = setCloneSetCondition(first, failureCondition('FailedScale', 'other', NOW + 1000));
    assert.deepEqual(again, first);
  });
});

describe('status counters (docs/behaviour/cloneset.md#status)', () => {
  const cs = (extra: Partial<CloneSet['spec']> = {}): CloneSet => ({
    spec: { replicas: 4, minReadySeconds: 10, ...extra },
  });
  const input = {
    currentRevision: OLD,
    updateRevision: NEW,
    collisionCount: 0,
    labelSelector: 'app=cs',
    now: NOW,
    observedGeneration: 7,
  };
  const longAgo = NOW - 60_000;
  const pods = [
    makePod({ name: 'a', revision: NEW, ready: true, readySince: longAgo }), // updated, ready, available
    makePod({ name: 'b', revision: NEW, ready: true, readySince: NOW - 5_000 }), // ready, not yet available
    makePod({ name: 'c', revision: OLD, ready: true, readySince: longAgo, state: 'PreparingDelete' }), // ready, not available
    makePod({ name: 'd', revision: OLD }), // nothing
  ];

  it('counts ready (lifecycle ignored), available (minReadySeconds, lifecycle), updated', () => {
    const { status: s } = calculateStatus(cs(), pods, input);
    assert.deepEqual(
      [
        s.replicas,
        s.readyReplicas,
        s.availableReplicas,
        s.updatedReplicas,
        s.updatedReadyReplicas,
        s.updatedAvailableReplicas,
      ],
      [4, 3, 1, 2, 2, 1],
    );
    assert.equal(s.currentRevision, OLD);
    assert.equal(s.expectedUpdatedReplicas, 4);
    assert.equal(s.observedGeneration, 7);
    assert.equal(s.labelSelector, 'app=cs');
    assert.equal(s.collisionCount, 0);
  });

  it('InPlaceUpdateReady False makes a Ready pod not ready', () => {
    const p = makePod({ revision: NEW, ready: true, readySince: longAgo });
    p.status?.conditions?.push({ type: 'InPlaceUpdateReady', status: 'False' });
    assert.equal(calculateStatus(cs({ replicas: 1 }), [p], input).status.readyReplicas, 0);
  });

  it('currentRevision advances once every pod carries the update revision and the count is right, ready or not', () => {
    const all = [makePod({ revision: NEW }), makePod({ revision: NEW })];
    assert.equal(calculateStatus(cs({ replicas: 2 }), all, input).status.currentRevision, NEW);
    assert.equal(calculateStatus(cs({ replicas: 3 }), all, input).status.currentRevision, OLD);
  });

  it('expectedUpdatedReplicas: replicas minus partition (99% of 4 keeps 3)', () => {
    const s = calculateStatus(
      cs({ updateStrategy: { rollingUpdate: { partition: '99%' } } }),
      [],
      input,
    ).status;
    assert.equal(s.expectedUpdatedReplicas, 1);
  });

  it('requeue after minReadySeconds while some ready pods are not yet available', () => {
    const { status: s } = calculateStatus(cs(), pods, input);
    assert.equal(minReadyRequeueMs(cs(), s), 10_000);
  });
});

describe('status write policy (docs/behaviour/cloneset.md#status; TestHasProgressingConditionChanged)', () => {
  const base: CloneSetStatus = {
    observedGeneration: 3,
    replicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
    updatedReplicas: 2,
    updatedReadyReplicas: 2,
    updatedAvailableReplicas: 2,
    expectedUpdatedReplicas: 2,
    currentRevision: 'r',
    updateRevision: 'r',
    collisionCount: 0,
    labelSelector: 'app=cs',
    conditions: [{ type: 'Progressing', status: 'True', reason: 'CloneSetUpdated', message: 'old' }],
  };
  it('unchanged: no write', () => assert.equal(statusNeedsWrite(base, { ...base }), false));
  it('collisionCount alone: no write', () =>
    assert.equal(statusNeedsWrite(base, { ...base, collisionCount: 1 }), false));
  it('a FailedUpdate condition alone: no write', () =>
    assert.equal(
      statusNeedsWrite(base, {
        ...base,
        conditions: [...(base.conditions ?? []), { type: 'FailedUpdate', status: 'True' }],
      }),
      false,
    ));
  it('only the Progressing message changed: no write', () =>
    assert.equal(
      statusNeedsWrite(base, {
        ...base,
        conditions: [{ type: 'Progressing', status: 'True', reason: 'CloneSetUpdated', message: 'new' }],
      }),
      false,
    ));
  it('Progressing reason changed: write', () =>
    assert.equal(
      statusNeedsWrite(base, {
        ...base,
        conditions: [{ type: 'Progressing', status: 'True', reason: 'CloneSetAvailable' }],
      }),
      true,
    ));
  it('Progressing removed: write', () =>
    assert.equal(statusNeedsWrite(base, { ...base, conditions: [] }), true));
  it('a counter changed: write', () =>
    assert.equal(statusNeedsWrite(base, { ...base, readyReplicas: 1 }), true));
  it('generation advanced: write', () =>
    assert.equal(statusNeedsWrite(base, { ...base, observedGeneration: 4 }), true));
  it('no old status: write', () => assert.equal(statusNeedsWrite(undefined, base), true));
});
