// Kruise's controller tests (pkg/controller/broadcastjob/broadcastjob_controller_test.go), re-stated as one
// table against planBroadcastJob: each row is the cluster Kruise builds with the fake client and the counts it
// reads back after one Reconcile. Pods Kruise would create are the plan's podsToCreate; deleted pods its
// podsToDelete.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node, Pod } from '@kruise-ts/core';
import { type BroadcastJobPlanInput, planBroadcastJob } from '../../src/plan.ts';
import type { BroadcastJob } from '../../src/types.ts';
import { iso, makeJob, makeNode, makeNodes, makePod, NOW } from './fixtures.ts';

interface Row {
  name: string;
  job: BroadcastJob;
  pods: (job: BroadcastJob) => Pod[];
  nodes: Node[];
  want: {
    active: number;
    desired: number;
    succeeded?: number;
    failed?: number;
    phase: string;
    createdOn?: string[];
    deleted?: string[];
    lastCondition?: string;
  };
}

const three = () => [makeNode('node1'), makeNode('node2'), makeNode('node3')];

const rows: Row[] = [
  {
    name: 'TestReconcileJobCreatePodAbsolute: 3 nodes, 1 running pod, parallelism 2 ⇒ one more pod, active 2, desired 3',
    job: makeJob('job1', 2),
    pods: (job) => [makePod(job, 'job1pod1node1', 'node1', 'Running')],
    nodes: three(),
    want: { active: 2, desired: 3, phase: 'running', createdOn: ['node2'] },
  },
  {
    name: 'TestReconcileJobCreatePodPercentage: 5 nodes, 1 running pod, 40% ⇒ ceil(2) active, desired 5',
    job: makeJob('job2', '40%'),
    pods: (job) => [makePod(job, 'jobpod1node1', 'node1', 'Running')],
    nodes: [1, 2, 3, 4, 5].map((i) => makeNode(`node${i}`)),
    want: { active: 2, desired: 5, phase: 'running', createdOn: ['node2'] },
  },
  {
    name: 'TestPodsOnUnschedulableNodes: a cordoned node is not desired ⇒ one pod, desired 1',
    job: makeJob('job3', 2),
    pods: () => [],
    nodes: [makeNode('node1', { spec: { unschedulable: true } }), makeNode('node2')],
    want: { active: 1, desired: 1, phase: 'running', createdOn: ['node2'] },
  },
  {
    name: 'TestReconcileJobMultipleBatches: 10 empty nodes, parallelism 20 ⇒ 10 pods in one round',
    job: makeJob('job4', 20),
    pods: () => [],
    nodes: makeNodes('node-', 10),
    want: {
      active: 10,
      desired: 10,
      phase: 'running',
      createdOn: makeNodes('node-', 10).map((n) => n.metadata.name),
    },
  },
  {
    name: 'TestJobFailed: 2 succeeded + 1 failed under FailFast ⇒ failed, Failed condition, completionTime',
    job: makeJob('job5', 10, { failurePolicy: { type: 'FailFast' } }),
    pods: (job) => [
      makePod(job, 'pod1node1', 'node1', 'Succeeded'),
      makePod(job, 'pod2node2', 'node2', 'Succeeded'),
      makePod(job, 'pod3node3', 'node3', 'Failed'),
    ],
    nodes: three(),
    want: { active: 0, desired: 3, succeeded: 2, failed: 1, phase: 'failed', lastCondition: 'Failed' },
  },
  {
    name: 'TestJobFailurePolicyTypeContinue: a failed pod is ignored ⇒ the free node gets a pod, still running',
    job: makeJob('job6', 10, { failurePolicy: { type: 'Continue' } }),
    pods: (job) => [
      makePod(job, 'pod1node1', 'node1', 'Succeeded'),
      makePod(job, 'pod3node3', 'node3', 'Failed'),
    ],
    nodes: three(),
    want: { active: 1, desired: 3, succeeded: 1, failed: 1, phase: 'running', createdOn: ['node2'] },
  },
  {
    name: 'TestJobFailurePolicyTypeFailFast: a failed pod fails the job ⇒ no pod for the free node, active 0',
    job: makeJob('job7', 10, { failurePolicy: { type: 'FailFast' } }),
    pods: (job) => [
      makePod(job, 'pod1node1', 'node1', 'Succeeded'),
      makePod(job, 'pod3node3', 'node3', 'Failed'),
    ],
    nodes: three(),
    want: { active: 0, desired: 3, succeeded: 1, failed: 1, phase: 'failed', lastCondition: 'Failed' },
  },
  {
    name: 'TestJobFailurePolicyPause: a failed pod pauses the job ⇒ phase paused, nothing created',
    job: makeJob('job8', 10, { failurePolicy: { type: 'Pause' } }),
    pods: (job) => [
      makePod(job, 'pod1node1', 'node1', 'Succeeded'),
      makePod(job, 'pod2node2', 'node2', 'Failed'),
    ],
    nodes: three(),
    want: { active: 0, desired: 3, succeeded: 1, failed: 1, phase: 'paused' },
  },
  {
    name: 'TestJobSetPaused: paused, 10 nodes, 3 running pods (on nodes that do not exist) ⇒ paused, desired 10, active 3',
    job: makeJob('job9', '50%', { paused: true }),
    pods: (job) => [0, 1, 2].map((i) => makePod(job, `pod${i}node${i}`, `node${i}`, 'Running')),
    nodes: makeNodes('node-', 10),
    want: { active: 3, desired: 10, succeeded: 0, failed: 0, phase: 'paused' },
  },
  {
    name: 'TestJobFailedAfterActiveDeadline: deadline 0 ⇒ failed, both running pods deleted and counted failed',
    job: makeJob(
      'job10',
      10,
      { completionPolicy: { activeDeadlineSeconds: 0 }, failurePolicy: { type: 'Continue' } },
      { startTime: iso(NOW) },
    ),
    pods: (job) => [
      makePod(job, 'job1pod1node1', 'node1', 'Running'),
      makePod(job, 'job1pod2node2', 'node2', 'Running'),
    ],
    nodes: [makeNode('node1'), makeNode('node2')],
    want: {
      active: 0,
      desired: 2,
      failed: 2,
      phase: 'failed',
      deleted: ['job1pod1node1', 'job1pod2node2'],
      lastCondition: 'Failed',
    },
  },
];

describe('planBroadcastJob against Kruise broadcastjob_controller_test.go (docs/behaviour/broadcastjob.md#controller)', () => {
  for (const row of rows) {
    it(row.name, () => {
      const input: BroadcastJobPlanInput = {
        job: row.job,
        pods: row.pods(row.job),
        nodes: row.nodes,
        now: NOW,
      };
      const plan = planBroadcastJob(input);
      const status = plan.status;
      assert.ok(status, 'a running job always gets its status written');
      assert.equal(status.active, row.want.active);
      assert.equal(status.desired, row.want.desired);
      if (row.want.succeeded !== undefined) assert.equal(status.succeeded, row.want.succeeded);
      if (row.want.failed !== undefined) assert.equal(status.failed, row.want.failed);
      assert.equal(status.phase, row.want.phase);
      assert.ok(status.startTime);
      assert.deepEqual(
        plan.podsToCreate.map((p) => p.nodeName),
        row.want.createdOn ?? [],
      );
      assert.deepEqual(
        plan.podsToDelete.map((d) => d.pod.metadata.name),
        row.want.deleted ?? [],
      );
      for (const { pod } of plan.podsToCreate) {
        assert.equal(pod.metadata.labels['broadcastjob-name'], row.job.metadata?.name);
      }
      if (row.want.lastCondition === undefined) {
        assert.equal(status.conditions, undefined);
        assert.equal(status.completionTime, undefined);
      } else {
        assert.equal(status.conditions?.at(-1)?.type, row.want.lastCondition);
        assert.equal(status.completionTime, iso(NOW));
      }
    });
  }

  it('TestReconcileJobMultipleBatches: the 10 creations go out in slow-start batches 1, 2, 4, 3', () => {
    const plan = planBroadcastJob({
      job: makeJob('job4', 20),
      pods: [],
      nodes: makeNodes('node-', 10),
      now: NOW,
    });
    assert.deepEqual(plan.createBatchSizes, [1, 2, 4, 3]);
  });
});
