// The ACJ's children (docs/behaviour/advancedcronjob.md#controller steps 1–3; reconcileJob / reconcileBroadcastJob): classification
// by conditions, lastScheduleTime from scheduled-at, status.active references, ownership as Kruise's field
// index sees it, and history pruning order.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  childOutcome,
  childReference,
  childrenBeyondLimit,
  classifyChildren,
  historyToDelete,
  isChildOf,
} from '../../src/children.ts';
import type { AcjChild } from '../../src/types.ts';
import { iso, makeAcj, makeChild } from './fixtures.ts';

const withConditions = (conditions: { type: string; status: string }[]): AcjChild => ({
  ...makeChild('c'),
  status: { conditions },
});

describe('childOutcome (a True Complete/Failed condition finishes a child)', () => {
  const rows: { name: string; conditions: { type: string; status: string }[]; want: string }[] = [
    { name: 'no conditions ⇒ active', conditions: [], want: 'active' },
    {
      name: 'Complete True ⇒ successful',
      conditions: [{ type: 'Complete', status: 'True' }],
      want: 'successful',
    },
    { name: 'Failed True ⇒ failed', conditions: [{ type: 'Failed', status: 'True' }], want: 'failed' },
    { name: 'Complete False ⇒ active', conditions: [{ type: 'Complete', status: 'False' }], want: 'active' },
    { name: 'Suspended True ⇒ active', conditions: [{ type: 'Suspended', status: 'True' }], want: 'active' },
    {
      name: 'the first True one decides',
      conditions: [
        { type: 'Failed', status: 'True' },
        { type: 'Complete', status: 'True' },
      ],
      want: 'failed',
    },
    {
      name: 'a False one before a True one is skipped',
      conditions: [
        { type: 'Failed', status: 'False' },
        { type: 'Complete', status: 'True' },
      ],
      want: 'successful',
    },
  ];
  for (const row of rows)
    it(row.name, () => assert.equal(childOutcome(withConditions(row.conditions)), row.want));
});

describe('classifyChildren: lastScheduleTime is the latest scheduled-at over all children', () => {
  const rows: { name: string; children: AcjChild[]; want: string | undefined }[] = [
    { name: 'no children ⇒ none', children: [], want: undefined },
    { name: 'no annotations ⇒ none', children: [makeChild('a'), makeChild('b')], want: undefined },
    {
      name: 'finished children count too',
      children: [
        makeChild('a', { scheduledAt: '2025-10-10T09:05:00Z' }),
        makeChild('b', { scheduledAt: '2025-10-10T09:10:00Z', state: 'complete' }),
        makeChild('c', { scheduledAt: '2025-10-10T09:00:00Z', state: 'failed' }),
      ],
      want: '2025-10-10T09:10:00Z',
    },
    {
      name: 'offsets compare as instants (10:00+08:00 is 02:00Z)',
      children: [
        makeChild('a', { scheduledAt: '2022-09-06T10:00:00+08:00' }),
        makeChild('b', { scheduledAt: '2022-09-06T01:00:00Z' }),
      ],
      want: '2022-09-06T02:00:00Z',
    },
    {
      name: 'an unparsable annotation is ignored',
      children: [
        makeChild('a', { scheduledAt: 'yesterday' }),
        makeChild('b', { scheduledAt: '2025-10-10T09:00:00Z' }),
      ],
      want: '2025-10-10T09:00:00Z',
    },
  ];
  for (const row of rows)
    it(`${row.name} ⇒ ${row.want ?? 'undefined'}`, () => {
      const got = classifyChildren(row.children).lastScheduleTime;
      assert.equal(got === undefined ? undefined : iso(got), row.want);
    });

  it('splits active / successful / failed', () => {
    const got = classifyChildren([
      makeChild('a'),
      makeChild('b', { state: 'complete' }),
      makeChild('c', { state: 'failed' }),
      makeChild('d'),
    ]);
    assert.deepEqual(
      [got.active, got.successful, got.failed].map((l) => l.map((c) => c.metadata.name)),
      [['a', 'd'], ['b'], ['c']],
    );
  });
});

describe('childReference (ref.GetReference)', () => {
  it('Job: kind, namespace, name, uid, apiVersion batch/v1, resourceVersion', () => {
    assert.deepEqual(childReference(makeChild('acj-1760086800', { resourceVersion: '42' }), 'Job'), {
      kind: 'Job',
      namespace: 'default',
      name: 'acj-1760086800',
      uid: 'uid-acj-1760086800',
      apiVersion: 'batch/v1',
      resourceVersion: '42',
    });
  });
  it('BroadcastJob: apiVersion apps.kruise.io/v1beta1; an empty resourceVersion is left out', () => {
    assert.deepEqual(childReference(makeChild('b'), 'BroadcastJob'), {
      kind: 'BroadcastJob',
      namespace: 'default',
      name: 'b',
      uid: 'uid-b',
      apiVersion: 'apps.kruise.io/v1beta1',
    });
  });
});

describe('isChildOf (the .metadata.controller field index)', () => {
  const acj = makeAcj();
  const rows: { name: string; child: AcjChild; kind: 'Job' | 'BroadcastJob'; want: boolean }[] = [
    { name: 'controller ref naming the ACJ', child: makeChild('a'), kind: 'Job', want: true },
    { name: 'another ACJ', child: makeChild('a', { owner: 'other' }), kind: 'Job', want: false },
    {
      name: 'another namespace',
      child: makeChild('a', { namespace: 'kube-system' }),
      kind: 'Job',
      want: false,
    },
    {
      name: 'a v1alpha1 owner counts for Jobs',
      child: makeChild('a', { ownerApiVersion: 'apps.kruise.io/v1alpha1' }),
      kind: 'Job',
      want: true,
    },
    {
      name: 'a v1alpha1 owner does not count for BroadcastJobs',
      child: makeChild('a', { ownerApiVersion: 'apps.kruise.io/v1alpha1' }),
      kind: 'BroadcastJob',
      want: false,
    },
    {
      name: 'a non-controller owner ref',
      child: (() => {
        const c = makeChild('a');
        c.metadata.ownerReferences = c.metadata.ownerReferences?.map((r) => ({ ...r, controller: false }));
        return c;
      })(),
      kind: 'Job',
      want: false,
    },
    {
      name: 'a controller of another kind with the same name',
      child: (() => {
        const c = makeChild('a');
        c.metadata.ownerReferences = c.metadata.ownerReferences?.map((r) => ({ ...r, kind: 'CronJob' }));
        return c;
      })(),
      kind: 'Job',
      want: false,
    },
  ];
  for (const row of rows)
    it(`${row.name} ⇒ ${row.want}`, () => assert.equal(isChildOf(acj, row.child, row.kind), row.want));
});

describe('history pruning (oldest status.startTime first, missing startTime before all)', () => {
  const failed = [
    makeChild('f-10', { state: 'failed', startTime: '2025-10-10T10:00:00Z' }),
    makeChild('f-nil', { state: 'failed' }),
    makeChild('f-09', { state: 'failed', startTime: '2025-10-10T09:00:00Z' }),
    makeChild('f-11', { state: 'failed', startTime: '2025-10-10T11:00:00Z' }),
  ];
  const rows: { name: string; limit: number | undefined; want: string[] }[] = [
    { name: 'limit 1 keeps the newest', limit: 1, want: ['f-nil', 'f-09', 'f-10'] },
    { name: 'limit 2', limit: 2, want: ['f-nil', 'f-09'] },
    { name: 'limit 0 deletes all', limit: 0, want: ['f-nil', 'f-09', 'f-10', 'f-11'] },
    { name: 'limit above the count deletes none', limit: 10, want: [] },
    { name: 'no limit deletes none', limit: undefined, want: [] },
  ];
  for (const row of rows)
    it(`${row.name} ⇒ [${row.want.join(', ')}]`, () => {
      assert.deepEqual(
        childrenBeyondLimit(failed, row.limit).map((c) => c.metadata.name),
        row.want,
      );
    });

  it('historyToDelete: failed beyond failedJobsHistoryLimit first, then successful beyond theirs', () => {
    const successful = [
      makeChild('s-3', { state: 'complete', startTime: '2025-10-10T09:15:00Z' }),
      makeChild('s-1', { state: 'complete', startTime: '2025-10-10T09:05:00Z' }),
      makeChild('s-2', { state: 'complete', startTime: '2025-10-10T09:10:00Z' }),
    ];
    const got = historyToDelete(
      { failedJobsHistoryLimit: 3, successfulJobsHistoryLimit: 1 },
      { failed, successful },
    );
    assert.deepEqual(
      got.map((c) => c.metadata.name),
      ['f-nil', 's-1', 's-2'],
    );
  });
});
