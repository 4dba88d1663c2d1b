// planAdvancedCronJob against docs/behaviour/advancedcronjob.md#controller steps 1–8 and Kruise's reconcile tests
// (advancedcronjob_controller_test.go). The ACJ runs "*/5 * * * *", was created 2025-10-10T09:00Z
// (Kruise's fake clock) and keeps 3 successful / 1 failed children unless a row says otherwise.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AdvancedCronJobPlan, planAdvancedCronJob } from '../../src/plan.ts';
import type { AcjChild, AdvancedCronJob } from '../../src/types.ts';
import { at, broadcastJobTemplate, MINUTE, makeAcj, makeChild } from './fixtures.ts';

const CREATED = at('2025-10-10T09:00:00Z');
const names = (children: readonly AcjChild[]) => children.map((c) => c.metadata.name);

function plan(
  acj: AdvancedCronJob,
  children: AcjChild[],
  now: string,
  defaultZone?: string,
): AdvancedCronJobPlan {
  return planAdvancedCronJob({
    acj,
    children,
    now: at(now),
    ...(defaultZone === undefined ? {} : { defaultZone }),
  });
}

describe('Kruise reconcile tests', () => {
  it('TestReconcileAdvancedJobCreateJob: status.type Job; 5 min after creation the 09:05 Job is created', () => {
    const got = plan(makeAcj({ concurrencyPolicy: 'Replace' }, { name: 'job2' }), [], '2025-10-10T09:05:00Z');
    assert.equal(got.status.type, 'Job');
    assert.equal(got.create?.kind, 'Job');
    assert.equal(got.create?.metadata.name, `job2-${(CREATED + 5 * MINUTE) / 1000}`);
    assert.equal(got.requeueAfterMs, 5 * MINUTE);
  });

  it('TestReconcileAdvancedJobCreateBroadcastJob: status.type BroadcastJob; the child is a BroadcastJob', () => {
    const acj = makeAcj({
      concurrencyPolicy: 'Replace',
      template: { broadcastJobTemplate: broadcastJobTemplate() },
    });
    const got = plan(acj, [], '2025-10-10T09:05:00Z');
    assert.equal(got.status.type, 'BroadcastJob');
    assert.equal(got.create?.kind, 'BroadcastJob');
    assert.equal(got.create?.apiVersion, 'apps.kruise.io/v1beta1');
  });

  it('the same tests run on a real clock long after the fake creation time: >100 missed ⇒ no child, no requeue, type still set', () => {
    const got = plan(makeAcj({}, { name: 'job2' }), [], '2026-01-01T00:00:00Z');
    assert.equal(got.status.type, 'Job');
    assert.equal(got.skipped, 'TooManyMissed');
    assert.equal(got.create, undefined);
    assert.equal(got.requeueAfterMs, undefined);
    assert.match(got.error ?? '', /too many missed start times \(> 100\)/);
  });
});

describe('concurrency policies (step 7)', () => {
  const active = makeChild('acj-1760086800', { scheduledAt: '2025-10-10T09:00:00Z' });
  const done = makeChild('acj-1760086500', { scheduledAt: '2025-10-10T08:55:00Z', state: 'complete' });
  const rows: {
    name: string;
    policy?: 'Allow' | 'Forbid' | 'Replace';
    children: AcjChild[];
    want: { create: boolean; deleteActive: string[]; skipped?: string };
  }[] = [
    {
      name: 'Allow with an active child ⇒ create alongside it',
      policy: 'Allow',
      children: [active],
      want: { create: true, deleteActive: [] },
    },
    { name: 'unset policy behaves as Allow', children: [active], want: { create: true, deleteActive: [] } },
    {
      name: 'Forbid with an active child ⇒ skip',
      policy: 'Forbid',
      children: [active],
      want: { create: false, deleteActive: [], skipped: 'Forbid' },
    },
    {
      name: 'Forbid with only finished children ⇒ create',
      policy: 'Forbid',
      children: [done],
      want: { create: true, deleteActive: [] },
    },
    {
      name: 'Replace with an active child ⇒ delete it, then create',
      policy: 'Replace',
      children: [active, done],
      want: { create: true, deleteActive: ['acj-1760086800'] },
    },
    {
      name: 'Replace with nothing active ⇒ just create',
      policy: 'Replace',
      children: [done],
      want: { create: true, deleteActive: [] },
    },
  ];
  for (const row of rows)
    it(row.name, () => {
      const acj = makeAcj(row.policy === undefined ? {} : { concurrencyPolicy: row.policy });
      if (row.policy === undefined) delete acj.spec.concurrencyPolicy;
      const got = plan(acj, row.children, '2025-10-10T09:05:30Z');
      assert.equal(got.create?.metadata.name, row.want.create ? 'acj-1760087100' : undefined);
      assert.deepEqual(names(got.deleteActive), row.want.deleteActive);
      assert.equal(got.skipped, row.want.skipped);
      // Every one of these waits for the 09:10 run.
      assert.equal(got.requeueAfterMs, 4.5 * MINUTE);
    });

  it('Replace: several active children are all deleted', () => {
    const a = makeChild('acj-1760086500', { scheduledAt: '2025-10-10T08:55:00Z' });
    const got = plan(makeAcj({ concurrencyPolicy: 'Replace' }), [a, active], '2025-10-10T09:05:30Z');
    assert.deepEqual(names(got.deleteActive), ['acj-1760086500', 'acj-1760086800']);
  });
});

describe('status (steps 1–2)', () => {
  it('active references, lastScheduleTime from the newest scheduled-at, type', () => {
    const children = [
      makeChild('acj-1760086800', { scheduledAt: '2025-10-10T09:00:00Z', resourceVersion: '7' }),
      makeChild('acj-1760087100', { scheduledAt: '2025-10-10T09:05:00Z', state: 'complete' }),
    ];
    const got = plan(makeAcj(), children, '2025-10-10T09:07:00Z');
    assert.deepEqual(got.status, {
      type: 'Job',
      active: [
        {
          kind: 'Job',
          namespace: 'default',
          name: 'acj-1760086800',
          uid: 'uid-acj-1760086800',
          apiVersion: 'batch/v1',
          resourceVersion: '7',
        },
      ],
      lastScheduleTime: '2025-10-10T09:05:00Z',
    });
    assert.equal(got.skipped, 'NoMissedRun');
    assert.equal(got.requeueAfterMs, 3 * MINUTE);
  });

  it('lastScheduleTime is recomputed, not remembered: a stale stored value is replaced', () => {
    const acj = makeAcj();
    acj.status = { type: 'Job', lastScheduleTime: '2025-10-10T08:00:00Z' };
    const got = plan(
      acj,
      [makeChild('x', { scheduledAt: '2025-10-10T09:05:00Z', state: 'complete' })],
      '2025-10-10T09:07:00Z',
    );
    assert.equal(got.status.lastScheduleTime, '2025-10-10T09:05:00Z');
    assert.equal(got.skipped, 'NoMissedRun');
  });

  it('with every child gone, lastScheduleTime is dropped and the schedule restarts from creation', () => {
    const acj = makeAcj();
    acj.status = { type: 'Job', active: [], lastScheduleTime: '2025-10-10T09:55:00Z' };
    const got = plan(acj, [], '2025-10-10T10:02:00Z');
    assert.equal(got.status.lastScheduleTime, undefined);
    assert.deepEqual(got.status.active, []);
    // 09:05 … 10:00 were all "missed" since creation; only 10:00 is started.
    assert.equal(got.create?.metadata.name, 'acj-1760090400');
  });

  it('children controlled by another ACJ are not counted', () => {
    const other = makeChild('other-1760087100', { scheduledAt: '2025-10-10T09:05:00Z', owner: 'other' });
    const got = plan(makeAcj({ concurrencyPolicy: 'Forbid' }), [other], '2025-10-10T09:05:30Z');
    assert.deepEqual(got.status.active, []);
    assert.equal(got.status.lastScheduleTime, undefined);
    assert.equal(got.create?.metadata.name, 'acj-1760087100');
  });
});

describe('history (step 3) and pause (step 4)', () => {
  const children = [
    makeChild('f1', {
      state: 'failed',
      startTime: '2025-10-10T09:00:00Z',
      scheduledAt: '2025-10-10T09:00:00Z',
    }),
    makeChild('f2', {
      state: 'failed',
      startTime: '2025-10-10T09:05:00Z',
      scheduledAt: '2025-10-10T09:05:00Z',
    }),
    makeChild('s1', {
      state: 'complete',
      startTime: '2025-10-10T09:10:00Z',
      scheduledAt: '2025-10-10T09:10:00Z',
    }),
    makeChild('s2', {
      state: 'complete',
      startTime: '2025-10-10T09:15:00Z',
      scheduledAt: '2025-10-10T09:15:00Z',
    }),
    makeChild('s3', {
      state: 'complete',
      startTime: '2025-10-10T09:20:00Z',
      scheduledAt: '2025-10-10T09:20:00Z',
    }),
    makeChild('s4', {
      state: 'complete',
      startTime: '2025-10-10T09:25:00Z',
      scheduledAt: '2025-10-10T09:25:00Z',
    }),
  ];

  it('failed beyond 1 and successful beyond 3 are deleted, oldest first, and the run still happens', () => {
    const got = plan(makeAcj(), children, '2025-10-10T09:30:10Z');
    assert.deepEqual(names(got.deleteForHistory), ['f1', 's1']);
    assert.equal(got.create?.metadata.name, 'acj-1760088600');
  });

  it('paused ⇒ status and history only: no child, no requeue', () => {
    const got = plan(makeAcj({ paused: true }), children, '2025-10-10T09:30:10Z');
    assert.equal(got.paused, true);
    assert.deepEqual(names(got.deleteForHistory), ['f1', 's1']);
    assert.equal(got.status.lastScheduleTime, '2025-10-10T09:25:00Z');
    assert.equal(got.create, undefined);
    assert.deepEqual(got.deleteActive, []);
    assert.equal(got.requeueAfterMs, undefined);
    assert.equal(got.skipped, undefined);
  });

  it('paused with Replace and an active child ⇒ nothing is deleted', () => {
    const got = plan(
      makeAcj({ paused: true, concurrencyPolicy: 'Replace' }),
      [makeChild('a')],
      '2025-10-10T09:30:10Z',
    );
    assert.deepEqual(got.deleteActive, []);
  });
});

describe('schedule outcomes (steps 5–6)', () => {
  const rows: {
    name: string;
    spec?: Partial<AdvancedCronJob['spec']>;
    children?: AcjChild[];
    now: string;
    defaultZone?: string;
    want: { create?: string; skipped?: string; requeueAfterMs?: number; scheduledAt?: string };
  }[] = [
    {
      name: 'nothing due ⇒ NoMissedRun, requeue at 09:05',
      now: '2025-10-10T09:03:00Z',
      want: { skipped: 'NoMissedRun', requeueAfterMs: 2 * MINUTE },
    },
    {
      name: 'one run due ⇒ created, named for 09:05, requeue at 09:10',
      now: '2025-10-10T09:06:00Z',
      want: { create: 'acj-1760087100', requeueAfterMs: 4 * MINUTE, scheduledAt: '2025-10-10T09:05:00Z' },
    },
    {
      name: 'many missed since the last child ⇒ only the latest is created',
      children: [makeChild('acj-1760086800', { scheduledAt: '2025-10-10T09:00:00Z', state: 'complete' })],
      now: '2025-10-10T10:01:00Z',
      want: { create: 'acj-1760090400', requeueAfterMs: 4 * MINUTE },
    },
    {
      name: 'startingDeadlineSeconds 60: the 10:00 run is 2 min old ⇒ not started',
      spec: { startingDeadlineSeconds: 60 },
      now: '2025-10-10T10:02:00Z',
      want: { skipped: 'NoMissedRun', requeueAfterMs: 3 * MINUTE },
    },
    {
      name: 'startingDeadlineSeconds 300: the 10:00 run is within it ⇒ started',
      spec: { startingDeadlineSeconds: 300 },
      now: '2025-10-10T10:02:00Z',
      want: { create: 'acj-1760090400', requeueAfterMs: 3 * MINUTE },
    },
    {
      name: 'timeZone Asia/Shanghai: 10:00 local is due at 02:00Z; annotation in the controller zone (UTC)',
      spec: { schedule: '0 10 * * ?', timeZone: 'Asia/Shanghai' },
      now: '2025-10-11T02:00:30Z',
      want: {
        create: 'acj-1760148000',
        requeueAfterMs: 24 * 60 * MINUTE - 30_000,
        scheduledAt: '2025-10-11T02:00:00Z',
      },
    },
    {
      name: 'controller in Asia/Shanghai: a bare schedule is local time; annotation has +08:00',
      spec: { schedule: '0 10 * * ?' },
      defaultZone: 'Asia/Shanghai',
      now: '2025-10-11T02:00:30Z',
      want: { create: 'acj-1760148000', scheduledAt: '2025-10-11T10:00:00+08:00' },
    },
    {
      // The walk from creation gives 09:07, 09:14; the requeue is Next(now) = now + 7m, not 09:21.
      name: '@every 7m: runs chain from creation, the requeue counts from now',
      spec: { schedule: '@every 7m' },
      now: '2025-10-10T09:15:00Z',
      want: { create: 'acj-1760087640', requeueAfterMs: 7 * MINUTE },
    },
    {
      name: 'an unparsable schedule ⇒ error, no requeue',
      spec: { schedule: 'every day' },
      now: '2025-10-10T09:15:00Z',
      want: { skipped: 'UnparsableSchedule' },
    },
  ];
  for (const row of rows)
    it(row.name, () => {
      const got = plan(makeAcj(row.spec), row.children ?? [], row.now, row.defaultZone);
      assert.equal(got.create?.metadata.name, row.want.create);
      assert.equal(got.skipped, row.want.skipped);
      if (row.want.requeueAfterMs !== undefined || row.want.skipped === 'UnparsableSchedule')
        assert.equal(got.requeueAfterMs, row.want.requeueAfterMs);
      if (row.want.scheduledAt !== undefined)
        assert.equal(got.create?.metadata.annotations['apps.kruise.io/scheduled-at'], row.want.scheduledAt);
    });

  it("an unparsable schedule reports robfig's error", () => {
    const got = plan(makeAcj({ schedule: 'every day' }), [], '2025-10-10T09:15:00Z');
    assert.equal(
      got.error,
      'unparsable schedule "every day": expected exactly 5 fields, found 2: [every day]',
    );
  });

  it('TooManyMissed still writes status and prunes history', () => {
    const failed = [makeChild('f1', { state: 'failed' }), makeChild('f2', { state: 'failed' })];
    const got = plan(makeAcj({ schedule: '* * * * *' }), failed, '2025-10-10T12:00:00Z');
    assert.equal(got.skipped, 'TooManyMissed');
    assert.deepEqual(names(got.deleteForHistory), ['f1']);
    assert.equal(got.status.type, 'Job');
  });

  it('missedRun and nextRun are reported for logging', () => {
    const got = plan(makeAcj(), [], '2025-10-10T09:06:00Z');
    assert.equal(got.missedRun, at('2025-10-10T09:05:00Z'));
    assert.equal(got.nextRun, at('2025-10-10T09:10:00Z'));
  });
});

describe('unsupported templates', () => {
  it('imageListPullJobTemplate ⇒ error, type ImageListPullJob, stored status kept, nothing done, no requeue', () => {
    const acj = makeAcj({
      template: {
        imageListPullJobTemplate: { spec: { images: ['nginx'], completionPolicy: { type: 'Always' } } },
      },
    });
    acj.status = { lastScheduleTime: '2025-10-10T09:00:00Z' };
    const got = plan(
      acj,
      [makeChild('a', { state: 'failed' }), makeChild('b', { state: 'failed' })],
      '2025-10-10T09:06:00Z',
    );
    assert.equal(got.skipped, 'UnsupportedTemplate');
    assert.match(got.error ?? '', /imageListPullJobTemplate is not supported/);
    assert.deepEqual(got.status, {
      type: 'ImageListPullJob',
      active: [],
      lastScheduleTime: '2025-10-10T09:00:00Z',
    });
    assert.deepEqual(got.deleteForHistory, []);
    assert.equal(got.create, undefined);
    assert.equal(got.requeueAfterMs, undefined);
  });
});
