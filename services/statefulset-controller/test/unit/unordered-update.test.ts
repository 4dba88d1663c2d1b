// rollingUpdate.unorderedUpdate: Kruise's stateful_update_utils_test.go TestSortPodsToUpdate (the cases with
// unorderedUpdate, without the PreparingUpdateAsUpdate gate) and the priority order a rolling update follows
// (docs/behaviour/advanced-statefulset.md#unordered-update).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UpdatePriorityStrategy } from '@kruise-ts/core';
import { planUpdate, type StatefulSetPod, unorderedUpdateIndexes } from '../../src/index.ts';
import { CURRENT, NOW, newSet, pod, UPDATE } from './fixtures.ts';

const at = (revision: string, labels: Record<string, string> = {}, terminating = false): StatefulSetPod =>
  ({
    metadata: {
      labels: { 'controller-revision-hash': revision, ...labels },
      ...(terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
  }) as StatefulSetPod;

const WEIGHTS: UpdatePriorityStrategy = {
  weightPriority: [
    { weight: 20, matchSelector: { matchLabels: { k: 'v1' } } },
    { weight: 10, matchSelector: { matchLabels: { k: 'v2' } } },
  ],
};

describe('sortPodsToUpdate with unorderedUpdate (TestSortPodsToUpdate)', () => {
  const r0 = () => at('r0');
  const r1 = () => at('r1');
  const cases: {
    name: string;
    pods: (StatefulSetPod | undefined)[];
    partition: number;
    replicas: number;
    priority?: UpdatePriorityStrategy;
    want: number[];
  }[] = [
    {
      name: 'updated pods first, then the rest highest index first, capped at replicas − partition',
      pods: [r0(), r0(), r0(), r0(), r0(), r0(), r1(), r1(), r0(), r0()],
      partition: 6,
      replicas: 10,
      priority: WEIGHTS,
      want: [7, 6, 9, 8],
    },
    {
      name: 'missing slots are skipped',
      pods: [r0(), r0(), r0(), undefined, r0(), r0(), r0(), r1(), r1(), r0(), undefined, r0()],
      partition: 6,
      replicas: 10,
      priority: WEIGHTS,
      want: [8, 7, 11, 9],
    },
    {
      name: 'weightPriority: heavier first, ties keep the highest index first',
      pods: [r0(), at('r0', { k: 'v1' }), at('r0', { k: 'v2' }), r0()],
      partition: 0,
      replicas: 4,
      priority: WEIGHTS,
      want: [1, 2, 3, 0],
    },
    {
      // As Kruise's updatesort: a pod with none of the keys sorts before the pods that have one.
      name: 'orderPriority: the larger trailing integer of the key first, pods without the key before them',
      pods: [at('r0', { o: 'x-1' }), r0(), at('r0', { o: 'x-10' }), at('r0', { o: 'x-2' })],
      partition: 0,
      replicas: 4,
      priority: { orderPriority: [{ orderedKey: 'o' }] },
      want: [1, 2, 3, 0],
    },
    {
      name: 'terminating pods count as updated',
      pods: [r0(), at('r0', {}, true), r0()],
      partition: 1,
      replicas: 3,
      want: [1, 2],
    },
    {
      name: 'no priority strategy: highest index first',
      pods: [r0(), r0(), r0()],
      partition: 0,
      replicas: 3,
      want: [2, 1, 0],
    },
    { name: 'partition ≥ replicas: none', pods: [r0(), r0()], partition: 2, replicas: 2, want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(unorderedUpdateIndexes(c.pods, c.partition, c.replicas, 'r1', c.priority), c.want);
    });
  }
});

describe('a rolling update with unorderedUpdate follows the priorities', () => {
  it('maxUnavailable 1: the heaviest pod is deleted first, not the highest ordinal', () => {
    const set = newSet({
      replicas: 3,
      podManagementPolicy: 'Parallel',
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: {
          partition: 0,
          maxUnavailable: 1,
          podUpdatePolicy: 'ReCreate',
          minReadySeconds: 0,
          unorderedUpdate: { priorityStrategy: WEIGHTS },
        },
      },
    });
    const plan = planUpdate({
      set,
      pods: [pod(0, { labels: { k: 'v1' } }), pod(1), pod(2)],
      currentRevisionName: CURRENT,
      updateRevisionName: UPDATE,
      now: NOW,
    });
    assert.deepEqual(plan.targets, [0, 2, 1]);
    assert.deepEqual(
      plan.actions.map((a) => `${a.type}:${a.pod.metadata.name}`),
      ['delete-pod:web-0'],
    );
    assert.equal(plan.blockedPod, 'web-2');
  });
});
