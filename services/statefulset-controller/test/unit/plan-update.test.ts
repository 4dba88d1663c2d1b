// Mirrors stateful_set_control_test.go: TestStatefulSetControlRollingUpdateWithMaxUnavailable,
// TestStatefulSetControlRollingUpdateBlockByMaxUnavailable, TestStatefulSetControlRollingUpdateWithPartition,
// TestStatefulSetControlRollingUpdateWithPaused, TestStatefulSetControlRollingUpdateWithSpecifiedDelete,
// TestStatefulSetControlOnDeleteUpdate, TestUpdateStatefulSetWithMinReadySeconds; stateful_update_utils_test.go
// (sortPodsToUpdate, ordered); e2e canary/phased rollout (docs/behaviour/advanced-statefulset.md#rolling-update).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  orderedUpdateIndexes,
  planUpdate,
  type StatefulSet,
  type StatefulSetPod,
  type UpdatePlan,
} from '../../src/index.ts';
import { CURRENT, NOW, newSet, pod, UPDATE } from './fixtures.ts';

function plan(set: StatefulSet, pods: StatefulSetPod[], alreadyDeleted?: Set<string>): UpdatePlan {
  return planUpdate({
    set,
    pods,
    currentRevisionName: CURRENT,
    updateRevisionName: UPDATE,
    now: NOW,
    ...(alreadyDeleted === undefined ? {} : { alreadyDeleted }),
  });
}

const deleted = (p: UpdatePlan) =>
  p.actions.filter((a) => a.type === 'delete-pod').map((a) => a.pod.metadata.name);

function rolling(
  replicas: number,
  rollingUpdate: NonNullable<NonNullable<StatefulSet['spec']['updateStrategy']>['rollingUpdate']>,
  spec: Partial<StatefulSet['spec']> = {},
) {
  return newSet({
    replicas,
    podManagementPolicy: 'Parallel',
    updateStrategy: { type: 'RollingUpdate', rollingUpdate },
    ...spec,
  });
}

describe('sortPodsToUpdate (ordered)', () => {
  const cases: {
    name: string;
    slots: number;
    partition: number;
    replicas: number;
    reserved?: number[];
    want: number[];
  }[] = [
    { name: 'partition 0', slots: 3, partition: 0, replicas: 3, want: [2, 1, 0] },
    { name: 'partition 2', slots: 3, partition: 2, replicas: 3, want: [2] },
    { name: 'partition ≥ replicas', slots: 3, partition: 3, replicas: 3, want: [] },
    {
      name: 'reserved slot skipped, count capped by replicas − partition',
      slots: 4,
      partition: 1,
      replicas: 3,
      reserved: [2],
      want: [3, 1],
    },
    {
      name: 'cap stops before partition when slots exceed replicas',
      slots: 6,
      partition: 1,
      replicas: 4,
      reserved: [1, 3],
      want: [5, 4, 2],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const reserved = new Set(c.reserved ?? []);
      assert.deepEqual(
        orderedUpdateIndexes(c.slots, c.partition, c.replicas, (i) => !reserved.has(i)),
        c.want,
      );
    });
  }
});

describe('TestStatefulSetControlRollingUpdateWithMaxUnavailable (Parallel, 6 replicas, partition 3, M=2)', () => {
  const set = rolling(6, { partition: 3, maxUnavailable: 2 });
  it('round 1 deletes pods 5 and 4', () => {
    const p = plan(
      set,
      [0, 1, 2, 3, 4, 5].map((o) => pod(o)),
    );
    assert.deepEqual(deleted(p), ['web-5', 'web-4']);
    assert.equal(p.stop, 'max-unavailable');
    assert.equal(p.blockedPod, 'web-3');
    assert.equal(p.currentReplicasDelta, -2);
  });
  it('round 2 (4 and 5 still missing): nothing deleted', () => {
    const p = plan(
      set,
      [0, 1, 2, 3].map((o) => pod(o)),
    );
    assert.deepEqual(deleted(p), []);
    assert.deepEqual(p.unavailable.sort(), ['web-4', 'web-5']);
  });
  it('once pod 4 is ready (5 not yet) pod 3 is deleted', () => {
    const pods = [
      ...[0, 1, 2, 3].map((o) => pod(o)),
      pod(4, { revision: UPDATE }),
      pod(5, { revision: UPDATE, ready: false }),
    ];
    assert.deepEqual(deleted(plan(set, pods)), ['web-3']);
  });
  it('3,4,5 ready at the update revision: nothing else changes', () => {
    const pods = [...[0, 1, 2].map((o) => pod(o)), ...[3, 4, 5].map((o) => pod(o, { revision: UPDATE }))];
    const p = plan(set, pods);
    assert.deepEqual(p.actions, []);
    assert.equal(p.stop, undefined);
  });
});

describe('TestStatefulSetControlRollingUpdateBlockByMaxUnavailable (M=2)', () => {
  const set = rolling(6, { partition: 0, maxUnavailable: 2 });
  it('pod-0 terminating ⇒ only pod 5 deleted', () => {
    const pods = [pod(0, { terminating: true }), ...[1, 2, 3, 4, 5].map((o) => pod(o))];
    assert.deepEqual(deleted(plan(set, pods)), ['web-5']);
  });
  it('pods 0 and 2 terminating ⇒ nothing updated', () => {
    const pods = [
      pod(0, { terminating: true }),
      pod(1),
      pod(2, { terminating: true }),
      pod(3),
      pod(4),
      pod(5),
    ];
    const p = plan(set, pods);
    assert.deepEqual(deleted(p), []);
    assert.equal(p.blockedPod, 'web-5');
  });
  it('an already-unavailable target is still replaced past the limit', () => {
    const pods = [pod(0, { terminating: true }), pod(1), pod(2), pod(3), pod(4, { ready: false }), pod(5)];
    // U = {0,4}: target 5 is available ⇒ blocked immediately.
    assert.deepEqual(deleted(plan(set, pods)), []);
    const set1 = rolling(6, { partition: 0, maxUnavailable: 2 });
    const pods1 = [pod(0, { terminating: true }), pod(1), pod(2), pod(3), pod(4), pod(5, { ready: false })];
    // U = {0,5}: target 5 is unavailable ⇒ deleted; then 4 is blocked.
    assert.deepEqual(deleted(plan(set1, pods1)), ['web-5']);
  });
});

describe('OrderedReady: strictly one pod at a time, highest ordinal first', () => {
  const set = newSet({ replicas: 3 });
  it('deletes web-2 first', () => {
    assert.deepEqual(
      deleted(
        plan(
          set,
          [0, 1, 2].map((o) => pod(o)),
        ),
      ),
      ['web-2'],
    );
  });
  it('then web-1 once web-2 is back and ready', () => {
    assert.deepEqual(deleted(plan(set, [pod(0), pod(1), pod(2, { revision: UPDATE })])), ['web-1']);
  });
  it('waits while web-2 is not available for minReadySeconds', () => {
    const s = newSet({
      replicas: 3,
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0, maxUnavailable: 1, minReadySeconds: 60 },
      },
    });
    const p = plan(s, [pod(0), pod(1), pod(2, { revision: UPDATE, readySince: '2026-01-01T00:09:30Z' })]);
    assert.deepEqual(deleted(p), []);
    assert.equal(p.requeueAfterMs, 30_000);
  });
});

describe('TestStatefulSetControlRollingUpdateWithPartition / e2e canary and phased rollout (3 replicas)', () => {
  const cases: { partition: number; want: string[] }[] = [
    { partition: 3, want: [] },
    { partition: 2, want: ['web-2'] },
    { partition: 1, want: ['web-2'] },
    { partition: 0, want: ['web-2'] },
  ];
  for (const c of cases) {
    it(`partition ${c.partition}`, () => {
      const set = newSet({
        replicas: 3,
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: { partition: c.partition, maxUnavailable: 1 },
        },
      });
      assert.deepEqual(
        deleted(
          plan(
            set,
            [0, 1, 2].map((o) => pod(o)),
          ),
        ),
        c.want,
      );
    });
  }
  it('partition 1 with web-2 updated ⇒ web-1 next; web-0 stays', () => {
    const set = newSet({
      replicas: 3,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 1 } },
    });
    const p = plan(set, [pod(0), pod(1), pod(2, { revision: UPDATE })]);
    assert.deepEqual(deleted(p), ['web-1']);
    assert.deepEqual(p.targets, [2, 1]);
  });
  it('reserved ordinals: partition counts pods, index includes reserved slots', () => {
    // replicas 3, reserve [1] ⇒ ordinals 0,2,3 (slots 0..3); partition 1 ⇒ targets 3,2 (cap 2).
    const set = newSet({
      replicas: 3,
      reserveOrdinals: [1],
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 3 } },
    });
    const p = plan(set, [pod(0), pod(2), pod(3)]);
    assert.deepEqual(p.targets, [3, 2]);
    assert.deepEqual(deleted(p), ['web-3', 'web-2']);
  });
});

describe('TestStatefulSetControlRollingUpdateWithPaused / OnDelete', () => {
  it('paused ⇒ nothing', () => {
    const p = plan(
      newSet({
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: { partition: 0, maxUnavailable: 1, paused: true },
        },
      }),
      [0, 1, 2].map((o) => pod(o)),
    );
    assert.equal(p.stop, 'paused');
    assert.deepEqual(p.actions, []);
  });
  it('TestStatefulSetControlOnDeleteUpdate: OnDelete ⇒ nothing', () => {
    const p = plan(
      newSet({ updateStrategy: { type: 'OnDelete' } }),
      [0, 1, 2].map((o) => pod(o)),
    );
    assert.equal(p.stop, 'on-delete');
    assert.deepEqual(p.actions, []);
  });
  it('a lifecycle refresh ends the round', () => {
    const p = plan(newSet(), [
      pod(0, { labels: { 'lifecycle.apps.kruise.io/state': 'PreparingNormal' } }),
      pod(1),
      pod(2),
    ]);
    assert.equal(p.stop, 'lifecycle-refreshed');
    assert.deepEqual(
      p.actions.map((a) => a.type),
      ['set-lifecycle-state'],
    );
  });
});

describe('TestStatefulSetControlRollingUpdateWithSpecifiedDelete', () => {
  const label = { 'apps.kruise.io/specified-delete': 'true' };
  it('labelled pods are deleted highest first, ignoring partition', () => {
    const set = rolling(5, { partition: 5, maxUnavailable: 2 });
    const pods = [pod(0), pod(1, { labels: label }), pod(2), pod(3, { labels: label }), pod(4)];
    const p = plan(set, pods);
    assert.deepEqual(deleted(p), ['web-3', 'web-1']);
    assert.equal(p.currentReplicasDelta, -2);
  });
  it('limited by maxUnavailable, skipping (not stopping at) blocked pods', () => {
    const set = rolling(5, { partition: 5, maxUnavailable: 2 });
    const pods = [
      pod(0),
      pod(1, { labels: label, ready: false }),
      pod(2, { ready: false }),
      pod(3, { labels: label }),
      pod(4, { labels: label }),
    ];
    // U = {1,2}: 4 and 3 blocked, 1 already unavailable ⇒ deleted.
    assert.deepEqual(deleted(plan(set, pods)), ['web-1']);
  });
  it('an updated labelled pod decrements updatedReplicas', () => {
    const set = rolling(2, { partition: 0, maxUnavailable: 1 });
    const p = plan(set, [pod(0, { revision: UPDATE }), pod(1, { revision: UPDATE, labels: label })]);
    assert.deepEqual(deleted(p), ['web-1']);
    assert.equal(p.updatedReplicasDelta, -1);
  });
  it('maxUnavailable percent rounds down, min 1', () => {
    assert.equal(plan(rolling(10, { partition: 0, maxUnavailable: '25%' }), []).maxUnavailable, 2);
    assert.equal(plan(rolling(3, { partition: 0, maxUnavailable: '10%' }), []).maxUnavailable, 1);
  });
  it('pods the scaling round already deletes are not deleted again', () => {
    const set = rolling(3, { partition: 0, maxUnavailable: 3 });
    const p = plan(set, [pod(0), pod(1), pod(2, { phase: 'Failed', ready: false })], new Set(['web-2']));
    assert.deepEqual(deleted(p), ['web-1', 'web-0']);
  });
});
