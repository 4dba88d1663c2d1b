// planBroadcastJob beyond Kruise's own unit tests: finishing and TTL, start time and deadlines, completion,
// completionPolicy Never, pausing, failure policies, pod creation limits and the counters after failed writes
// (docs/behaviour/broadcastjob.md#controller steps 3–14).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Node, Pod } from '@kruise-ts/core';
import { MESSAGE_FAIL_FAST } from '../../src/events.ts';
import { type BroadcastJobPlan, type BroadcastJobPlanInput, planBroadcastJob } from '../../src/plan.ts';
import { settleStatus } from '../../src/settle-status.ts';
import type { BroadcastJob } from '../../src/types.ts';
import { iso, makeJob, makeNode, makeNodes, makePod, NOW, restarted, seconds } from './fixtures.ts';

const plan = (job: BroadcastJob, pods: Pod[], nodes: Node[], extra: Partial<BroadcastJobPlanInput> = {}) =>
  planBroadcastJob({ job, pods, nodes, now: NOW, ...extra });
const reasons = (p: BroadcastJobPlan) => p.events.map((e) => e.reason);
const created = (p: BroadcastJobPlan) => p.podsToCreate.map((c) => c.nodeName);
const deleted = (p: BroadcastJobPlan) => p.podsToDelete.map((d) => d.pod.metadata.name);
const complete = (completedAgo: number) => ({
  phase: 'completed' as const,
  startTime: iso(NOW - seconds(600)),
  completionTime: iso(NOW - completedAgo),
  conditions: [{ type: 'Complete', status: 'True', reason: 'Complete', message: 'done' }],
});

describe('finished jobs wait for their TTL and never create pods (docs/behaviour/broadcastjob.md#controller step 3)', () => {
  const rows: {
    name: string;
    ttl?: number;
    status: BroadcastJob['status'];
    want: { step: string; deleteJob: boolean; requeueAfterMs?: number };
  }[] = [
    {
      name: 'TTL 60s, completed 30s ago ⇒ requeue in 30s, nothing written',
      ttl: 60,
      status: complete(seconds(30)),
      want: { step: 'finished', deleteJob: false, requeueAfterMs: seconds(30) },
    },
    {
      name: 'TTL 60s, completed exactly 60s ago ⇒ delete the job',
      ttl: 60,
      status: complete(seconds(60)),
      want: { step: 'ttl-expired', deleteJob: true },
    },
    {
      name: 'TTL 0 ⇒ delete the job on the first look after finishing',
      ttl: 0,
      status: complete(0),
      want: { step: 'ttl-expired', deleteJob: true },
    },
    {
      name: 'no TTL ⇒ kept forever, no requeue',
      status: complete(seconds(3600)),
      want: { step: 'finished', deleteJob: false },
    },
    {
      name: 'a Failed condition finishes the job as well',
      ttl: 10,
      status: {
        phase: 'failed',
        completionTime: iso(NOW - seconds(4)),
        conditions: [{ type: 'Failed', status: 'True', reason: 'Failed' }],
      },
      want: { step: 'finished', deleteJob: false, requeueAfterMs: seconds(6) },
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const job = makeJob(
        'done',
        undefined,
        { completionPolicy: { ttlSecondsAfterFinished: row.ttl } },
        row.status,
      );
      // A new, empty node appeared: a finished job ignores it.
      const p = plan(job, [], [makeNode('new-node')]);
      assert.equal(p.step, row.want.step);
      assert.equal(p.deleteJob, row.want.deleteJob);
      assert.equal(p.requeueAfterMs, row.want.requeueAfterMs);
      assert.equal(p.status, undefined);
      assert.deepEqual(created(p), []);
      assert.deepEqual(p.events, []);
    });
  }

  it('a condition with status False does not finish the job', () => {
    const job = makeJob('j', undefined, {}, { conditions: [{ type: 'Complete', status: 'False' }] });
    const p = plan(job, [], [makeNode('n1')]);
    assert.equal(p.step, 'running');
    assert.deepEqual(created(p), ['n1']);
  });
});

describe('start time, phase and the active deadline (docs/behaviour/broadcastjob.md#controller steps 4 and 11)', () => {
  it('sets startTime to now in RFC 3339 without fractional seconds and phase running', () => {
    const p = planBroadcastJob({ job: makeJob('j'), pods: [], nodes: [], now: new Date(NOW + 789) });
    assert.equal(p.status?.startTime, '2025-06-01T12:00:00Z');
    assert.equal(p.status?.phase, 'running');
  });

  it('keeps an existing startTime', () => {
    const p = plan(
      makeJob('j', undefined, {}, { startTime: iso(NOW - seconds(5)), phase: 'running' }),
      [],
      [],
    );
    assert.equal(p.status?.startTime, iso(NOW - seconds(5)));
  });

  const rows: { name: string; type?: 'Always' | 'Never'; started?: number; want?: number }[] = [
    { name: 'deadline 30s, just started ⇒ requeue in 30s', started: undefined, want: seconds(30) },
    {
      name: 'deadline 30s, started 10s ago ⇒ requeue in the remaining 20s',
      started: seconds(10),
      want: seconds(20),
    },
    {
      name: 'completionPolicy Never ignores activeDeadlineSeconds ⇒ no requeue',
      type: 'Never',
      started: seconds(40),
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const status = row.started === undefined ? undefined : { startTime: iso(NOW - row.started) };
      const job = makeJob(
        'j',
        undefined,
        { completionPolicy: { type: row.type, activeDeadlineSeconds: 30 } },
        status,
      );
      const p = plan(job, [], [makeNode('n1')]);
      assert.equal(p.requeueAfterMs, row.want);
      assert.equal(p.status?.phase, 'running');
    });
  }

  it('past the deadline ⇒ failed with reason DeadlineExceeded, Kruise message, requeue at TTL + 1s', () => {
    const job = makeJob(
      'late',
      undefined,
      { completionPolicy: { activeDeadlineSeconds: 30, ttlSecondsAfterFinished: 100 } },
      { startTime: iso(NOW - seconds(31)), phase: 'running' },
    );
    const pods = [makePod(job, 'a', 'n1', 'Running'), makePod(job, 'b', 'n2', 'Succeeded')];
    const p = plan(job, pods, [makeNode('n1'), makeNode('n2'), makeNode('n3')]);
    assert.equal(p.step, 'job-failed');
    assert.deepEqual(deleted(p), ['a']);
    assert.deepEqual(created(p), []);
    const condition = p.status?.conditions?.at(-1);
    assert.deepEqual(condition, {
      type: 'Failed',
      status: 'True',
      lastProbeTime: iso(NOW),
      lastTransitionTime: iso(NOW),
      reason: 'Failed',
      message: 'Job default/late was active longer than specified deadline',
    });
    assert.deepEqual(p.events, [
      {
        type: 'Warning',
        reason: 'DeadlineExceeded',
        message:
          'Job default/late was active longer than specified deadline: 1 pods succeeded, 1 pods failed',
      },
    ]);
    assert.equal(p.requeueAfterMs, seconds(101));
    assert.equal(p.status?.completionTime, iso(NOW));
  });
});

describe('completion (docs/behaviour/broadcastjob.md#controller step 14)', () => {
  it('every desired node has a finished pod ⇒ completed with Kruise condition and event', () => {
    const job = makeJob('ok', undefined, {
      failurePolicy: { type: 'Continue' },
      completionPolicy: { ttlSecondsAfterFinished: 5 },
    });
    const pods = [
      makePod(job, 'a', 'n1', 'Succeeded'),
      makePod(job, 'b', 'n2', 'Succeeded'),
      makePod(job, 'c', 'n3', 'Failed'),
    ];
    const p = plan(job, pods, [makeNode('n1'), makeNode('n2'), makeNode('n3')]);
    assert.equal(p.step, 'completed');
    assert.equal(p.status?.phase, 'completed');
    assert.equal(p.status?.completionTime, iso(NOW));
    assert.deepEqual(p.status?.conditions, [
      {
        type: 'Complete',
        status: 'True',
        lastProbeTime: iso(NOW),
        lastTransitionTime: iso(NOW),
        reason: 'Complete',
        message: 'Job completed, 2 pods succeeded, 1 pods failed',
      },
    ]);
    assert.deepEqual(p.events, [
      {
        type: 'Normal',
        reason: 'JobComplete',
        message: 'Job default/ok is completed, 2 pods succeeded, 1 pods failed',
      },
    ]);
    assert.equal(p.requeueAfterMs, seconds(6));
  });

  const rows: {
    name: string;
    pods: (job: BroadcastJob) => Pod[];
    nodes: Node[];
    complete: boolean;
  }[] = [
    {
      name: 'a pod being deleted counts as done',
      pods: (job) => [
        makePod(job, 'a', 'n1', 'Succeeded'),
        makePod(job, 'b', 'n2', 'Running', { deleting: true }),
      ],
      nodes: [makeNode('n1'), makeNode('n2')],
      complete: true,
    },
    {
      name: 'a running pod on a node that no longer exists does not hold completion back',
      pods: (job) => [makePod(job, 'a', 'n1', 'Succeeded'), makePod(job, 'ghost', 'gone', 'Running')],
      nodes: [makeNode('n1')],
      complete: true,
    },
    {
      name: 'no fitting node at all ⇒ stays running',
      pods: () => [],
      nodes: [makeNode('n1', { spec: { unschedulable: true } })],
      complete: false,
    },
    {
      name: 'a round that creates pods does not complete',
      pods: (job) => [makePod(job, 'a', 'n1', 'Succeeded')],
      nodes: [makeNode('n1'), makeNode('n2')],
      complete: false,
    },
    {
      name: 'a running OnFailure pod over its restart limit counts as failed yet still blocks completion',
      pods: (job) => [
        makePod(job, 'a', 'n1', 'Succeeded'),
        makePod(job, 'b', 'n2', 'Running', {
          spec: { restartPolicy: 'OnFailure' },
          status: { containerStatuses: [restarted(1)] },
        }),
      ],
      nodes: [makeNode('n1'), makeNode('n2')],
      complete: false,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const job = makeJob('j', undefined, { failurePolicy: { type: 'Continue' } });
      const p = plan(job, row.pods(job), row.nodes);
      assert.equal(p.status?.phase, row.complete ? 'completed' : 'running');
      assert.equal(p.step, row.complete ? 'completed' : 'running');
    });
  }
});

describe('completionPolicy Never (docs/behaviour/broadcastjob.md#controller step 14)', () => {
  const never = (status?: BroadcastJob['status']) =>
    makeJob('daemon', undefined, { completionPolicy: { type: 'Never' } }, status);

  it('never completes, and keeps creating pods for new nodes', () => {
    const job = never();
    const p = plan(job, [makePod(job, 'a', 'n1', 'Succeeded')], [makeNode('n1'), makeNode('n2')]);
    assert.equal(p.status?.phase, 'running');
    assert.deepEqual(created(p), ['n2']);
    const all = plan(job, [makePod(job, 'a', 'n1', 'Succeeded')], [makeNode('n1')]);
    assert.equal(all.status?.phase, 'running');
    assert.equal(all.status?.conditions, undefined);
  });

  it('FailFast still fails it: active pods deleted, Failed condition', () => {
    const job = never();
    const pods = [makePod(job, 'bad', 'n1', 'Failed'), makePod(job, 'run', 'n2', 'Running')];
    const p = plan(job, pods, [makeNode('n1'), makeNode('n2'), makeNode('n3')]);
    assert.equal(p.step, 'job-failed');
    assert.equal(p.status?.phase, 'failed');
    assert.deepEqual(deleted(p), ['run']);
    assert.deepEqual(created(p), []);
    assert.equal(p.status?.conditions?.at(-1)?.message, MESSAGE_FAIL_FAST);
  });

  it('once failed, later rounds only refresh the counters (not finished, but never creates again)', () => {
    const job = never({
      phase: 'failed',
      startTime: iso(NOW - seconds(60)),
      completionTime: iso(NOW - seconds(30)),
      conditions: [{ type: 'Failed', status: 'True', reason: 'Failed' }],
    });
    const p = plan(job, [makePod(job, 'bad', 'n1', 'Failed')], [makeNode('n1'), makeNode('new')]);
    assert.equal(p.step, 'already-failed');
    assert.deepEqual(created(p), []);
    assert.deepEqual(p.events, []);
    assert.deepEqual(
      {
        active: p.status?.active,
        failed: p.status?.failed,
        desired: p.status?.desired,
        phase: p.status?.phase,
      },
      { active: 0, failed: 1, desired: 2, phase: 'failed' },
    );
  });
});

describe('pausing (docs/behaviour/broadcastjob.md#controller steps 9–10)', () => {
  it('spec.paused keeps running pods and creates none, without events', () => {
    const job = makeJob('j', undefined, { paused: true }, { phase: 'running' });
    const p = plan(job, [makePod(job, 'a', 'n1', 'Running')], [makeNode('n1'), makeNode('n2')]);
    assert.equal(p.step, 'paused');
    assert.equal(p.status?.phase, 'paused');
    assert.deepEqual(created(p), []);
    assert.deepEqual(deleted(p), []);
    assert.deepEqual(p.events, []);
  });

  it('unpausing ⇒ running again with a Continue event, and pods are created', () => {
    const job = makeJob('j', undefined, {}, { phase: 'paused' });
    const p = plan(job, [], [makeNode('n1')]);
    assert.equal(p.status?.phase, 'running');
    assert.deepEqual(p.events, [{ type: 'Normal', reason: 'Continue', message: 'continue to process job' }]);
    assert.deepEqual(created(p), ['n1']);
  });

  it('failurePolicy Pause: paused with a warning; spec.paused is not written, so the next round resumes and pauses again', () => {
    const job = makeJob('j', undefined, { failurePolicy: { type: 'Pause' } });
    const first = plan(job, [makePod(job, 'bad', 'n1', 'Failed')], [makeNode('n1'), makeNode('n2')]);
    assert.equal(first.step, 'paused-on-failure');
    assert.deepEqual(first.events, [
      { type: 'Warning', reason: 'Paused', message: 'job is paused, due to failed pod' },
    ]);
    assert.deepEqual(created(first), []);
    const again = plan(
      { ...job, status: first.status },
      [makePod(job, 'bad', 'n1', 'Failed')],
      [makeNode('n1')],
    );
    assert.deepEqual(reasons(again), ['Continue', 'Paused']);
    assert.equal(again.status?.phase, 'paused');
  });
});

describe('failure policies and restart limits (docs/behaviour/broadcastjob.md#controller steps 6, 10, 12)', () => {
  it('FailFast: one event when the failed pod is seen, one after the active pods are deleted', () => {
    const job = makeJob('ff', undefined, { failurePolicy: { type: 'FailFast' } });
    const pods = [
      makePod(job, 'bad', 'n1', 'Failed'),
      makePod(job, 'r1', 'n2', 'Running'),
      makePod(job, 'r2', 'n3', 'Pending'),
      makePod(job, 'leaving', 'n4', 'Running', { deleting: true }),
    ];
    const p = plan(job, pods, makeNodes('n', 6));
    assert.deepEqual(deleted(p), ['r1', 'r2']);
    assert.ok(p.podsToDelete.every((d) => d.why === 'job-failed'));
    assert.deepEqual(p.events, [
      {
        type: 'Warning',
        reason: 'failed pod is found',
        message: `${MESSAGE_FAIL_FAST}: 0 pods succeeded, 1 pods failed`,
      },
      {
        type: 'Warning',
        reason: 'failed pod is found',
        message: `${MESSAGE_FAIL_FAST}: 0 pods succeeded, 3 pods failed`,
      },
    ]);
    assert.deepEqual({ active: p.status?.active, failed: p.status?.failed }, { active: 0, failed: 3 });
    assert.equal(p.requeueAfterMs, undefined);
  });

  it('failurePolicy unset reads as the webhook default FailFast', () => {
    const job = makeJob('j');
    const p = plan(job, [makePod(job, 'bad', 'n1', 'Failed')], [makeNode('n1')]);
    assert.equal(p.status?.phase, 'failed');
  });

  it('Continue with a failed pod still fails on the active deadline', () => {
    const job = makeJob(
      'j',
      undefined,
      { failurePolicy: { type: 'Continue' }, completionPolicy: { activeDeadlineSeconds: 1 } },
      { startTime: iso(NOW - seconds(2)) },
    );
    const p = plan(job, [makePod(job, 'bad', 'n1', 'Failed')], [makeNode('n1'), makeNode('n2')]);
    assert.deepEqual(reasons(p), ['DeadlineExceeded']);
    assert.equal(p.status?.phase, 'failed');
  });

  const rows: {
    name: string;
    restartPolicy: string;
    restarts: [number, number];
    limit?: number;
    failed: boolean;
  }[] = [
    {
      name: 'OnFailure, 1 init + 2 app restarts > limit 2 ⇒ failed',
      restartPolicy: 'OnFailure',
      restarts: [1, 2],
      limit: 2,
      failed: true,
    },
    {
      name: 'OnFailure, restarts equal to the limit ⇒ active',
      restartPolicy: 'OnFailure',
      restarts: [0, 2],
      limit: 2,
      failed: false,
    },
    {
      name: 'OnFailure, no limit set (0) and one restart ⇒ failed',
      restartPolicy: 'OnFailure',
      restarts: [0, 1],
      failed: true,
    },
    {
      name: 'Never restarts nothing in place: restart counts are ignored',
      restartPolicy: 'Never',
      restarts: [3, 3],
      failed: false,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const job = makeJob('j', undefined, { failurePolicy: { type: 'Continue', restartLimit: row.limit } });
      const pod = makePod(job, 'p', 'n1', 'Running', {
        spec: { restartPolicy: row.restartPolicy },
        status: {
          initContainerStatuses: [restarted(row.restarts[0])],
          containerStatuses: [restarted(row.restarts[1])],
        },
      });
      const p = plan(job, [pod], [makeNode('n1')]);
      assert.equal(p.status?.failed, row.failed ? 1 : 0);
      assert.equal(p.status?.active, row.failed ? 0 : 1);
    });
  }
});

describe('creating pods (docs/behaviour/broadcastjob.md#controller step 13)', () => {
  const rows: {
    name: string;
    parallelism?: number | string;
    running: number;
    nodes: number;
    want: string[];
    events?: string[];
  }[] = [
    {
      name: 'parallelism unset (MaxInt32) ⇒ every free node',
      running: 1,
      nodes: 5,
      want: ['n1', 'n2', 'n3', 'n4'],
    },
    {
      name: '10% of 3 desired rounds up to 1 ⇒ nothing while one runs',
      parallelism: '10%',
      running: 1,
      nodes: 3,
      want: [],
    },
    {
      name: '34% of 3 desired rounds up to 2 ⇒ one more',
      parallelism: '34%',
      running: 1,
      nodes: 3,
      want: ['n1'],
    },
    {
      name: 'active equal to parallelism ⇒ nothing, no event',
      parallelism: 2,
      running: 2,
      nodes: 4,
      want: [],
    },
    {
      name: 'active above parallelism ⇒ TooManyActivePods warning, nothing deleted',
      parallelism: 1,
      running: 2,
      nodes: 4,
      want: [],
      events: ['TooManyActivePods'],
    },
    {
      name: 'active above parallelism but no free node ⇒ no warning',
      parallelism: 1,
      running: 2,
      nodes: 2,
      want: [],
    },
    { name: 'parallelism 0 ⇒ nothing', parallelism: 0, running: 0, nodes: 2, want: [] },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const job = makeJob('j', row.parallelism);
      const pods = Array.from({ length: row.running }, (_, i) => makePod(job, `p${i}`, `n${i}`, 'Running'));
      const p = plan(job, pods, makeNodes('n', row.nodes));
      assert.deepEqual(created(p), row.want);
      assert.deepEqual(reasons(p), row.events ?? []);
      assert.equal(p.status?.active, row.running + row.want.length);
      assert.equal(p.status?.desired, row.nodes);
    });
  }

  it('an unparsable parallelism is a reconcile error: status still written, nothing created', () => {
    const p = plan(makeJob('j', 'lots'), [], makeNodes('n', 2));
    assert.equal(p.error, 'invalid value for IntOrString: invalid value "lots"');
    assert.deepEqual(created(p), []);
    assert.equal(p.status?.desired, 2);
  });

  it('a job being deleted creates no pods', () => {
    const job = makeJob('j');
    const p = plan(
      { ...job, metadata: { ...job.metadata, deletionTimestamp: iso(NOW) } },
      [],
      makeNodes('n', 2),
    );
    assert.deepEqual(created(p), []);
    assert.equal(p.status?.desired, 2);
  });

  it('nodes the template does not fit are not desired; new pods follow node order', () => {
    const job = makeJob('j', undefined, {
      template: { spec: { containers: [{ name: 'c' }], nodeSelector: { pool: 'a' } } },
    });
    const nodes = [
      makeNode('z', { metadata: { name: 'z', labels: { pool: 'a' } } }),
      makeNode('b', { metadata: { name: 'b', labels: { pool: 'b' } } }),
      makeNode('a', { metadata: { name: 'a', labels: { pool: 'a' } } }),
    ];
    const p = plan(job, [], nodes);
    assert.deepEqual(created(p), ['z', 'a']);
    assert.equal(p.status?.desired, 2);
    assert.deepEqual(p.unfitNodes, [
      { nodeName: 'b', reason: "node(s) didn't match Pod's node affinity/selector" },
    ]);
  });

  it('--assign-bcj-pods-by-scheduler=false pins by spec.nodeName instead of affinity', () => {
    const p = plan(makeJob('j'), [], [makeNode('n1')], { assignPodsByScheduler: false });
    assert.equal(p.podsToCreate[0]?.pod.spec.nodeName, 'n1');
    assert.equal(p.podsToCreate[0]?.pod.spec.affinity, undefined);
  });
});

describe('pods that no longer fit their node (docs/behaviour/broadcastjob.md#controller step 7)', () => {
  const tainted = makeNode('n1', {
    spec: { taints: [{ key: 'dedicated', value: 'x', effect: 'NoExecute' }] },
  });

  it("Kruise: the pod is neither desired nor deleted (checkNodeFitness's error skips the node)", () => {
    const job = makeJob('j');
    const p = plan(job, [makePod(job, 'a', 'n1', 'Running')], [tainted, makeNode('n2')]);
    assert.deepEqual(deleted(p), []);
    assert.equal(p.status?.desired, 1);
    assert.equal(p.status?.active, 2);
    assert.deepEqual(created(p), ['n2']);
  });

  it('deletePodsThatNoLongerFit: deleted and counted failed; a terminating one is left alone', () => {
    const job = makeJob('j');
    const pods = [makePod(job, 'a', 'n1', 'Running'), makePod(job, 'b', 'n3', 'Running', { deleting: true })];
    const n3 = { ...tainted, metadata: { name: 'n3' } };
    const p = plan(job, pods, [tainted, makeNode('n2'), n3], { deletePodsThatNoLongerFit: true });
    assert.deepEqual(deleted(p), ['a']);
    assert.equal(p.podsToDelete[0]?.why, 'no-longer-fits');
    assert.deepEqual({ active: p.status?.active, failed: p.status?.failed }, { active: 1, failed: 1 });
    assert.deepEqual(created(p), ['n2']);
  });
});

describe('which pods are the job’s (docs/behaviour/broadcastjob.md#controller step 5)', () => {
  it('two pods on one node ⇒ DuplicatePodCreatedOnSameNode, both counted', () => {
    const job = makeJob('j');
    const p = plan(
      job,
      [makePod(job, 'first', 'n1', 'Running'), makePod(job, 'second', 'n1', 'Running')],
      [makeNode('n1')],
    );
    assert.deepEqual(p.events, [
      {
        type: 'Warning',
        reason: 'DuplicatePodCreatedOnSameNode',
        message: 'Duplicated pod second found on same node n1',
      },
    ]);
    assert.equal(p.status?.active, 2);
  });

  it('pods without the labels, of another UID, or not controlled by the job are ignored', () => {
    const job = makeJob('j');
    const own = makePod(job, 'own', 'n1', 'Running');
    const other = makePod({ ...job, metadata: { ...job.metadata, uid: 'other' } }, 'other', 'n2', 'Running');
    const unlabelled = makePod(job, 'unlabelled', 'n2', 'Running');
    unlabelled.metadata.labels = {};
    const notController = makePod(job, 'adopted', 'n2', 'Running');
    notController.metadata.ownerReferences = [
      {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'BroadcastJob',
        name: 'j',
        uid: '12345',
        controller: false,
      },
    ];
    const elsewhere = makePod(job, 'elsewhere', 'n2', 'Running');
    elsewhere.metadata.namespace = 'other-ns';
    const p = plan(job, [own, other, unlabelled, notController, elsewhere], [makeNode('n1'), makeNode('n2')]);
    assert.equal(p.status?.active, 2);
    assert.deepEqual(created(p), ['n2']);
  });
});

describe('settleStatus: counters after partly failed writes', () => {
  it('only successful deletes move pods to failed; create calls that returned count as active', () => {
    const job = makeJob(
      'j',
      undefined,
      { completionPolicy: { activeDeadlineSeconds: 0 } },
      { startTime: iso(NOW) },
    );
    const pods = [makePod(job, 'a', 'n1', 'Running'), makePod(job, 'b', 'n2', 'Running')];
    const p = plan(job, pods, makeNodes('n', 3).slice(1));
    assert.deepEqual({ active: p.status?.active, failed: p.status?.failed }, { active: 0, failed: 2 });
    const settled = settleStatus(p, { deleted: 1, createCallsCounted: 0 });
    assert.deepEqual({ active: settled?.active, failed: settled?.failed }, { active: 1, failed: 1 });
  });

  it('a finished job has nothing to settle', () => {
    const job = makeJob('j', undefined, {}, complete(0));
    assert.equal(settleStatus(plan(job, [], []), { deleted: 0, createCallsCounted: 0 }), undefined);
  });
});
