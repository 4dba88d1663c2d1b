// Mirrors stateful_set_utils_test.go (TestNewRevision / TestApplyRevision) and stateful_set_control_test.go
// (TestStatefulSetControlRollback, TestStatefulSetHonorRevisionHistoryLimit): revision data, name and hash,
// reuse / rollback / create, the current revision, and history truncation.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ControllerRevision } from '@kruise-ts/core';
import {
  currentRevisionOf,
  decideStatefulSetRevisions,
  newStatefulSetRevision,
  revisionsToTruncate,
  statefulSetRevisionData,
  templateFromRevision,
} from '../../src/index.ts';
import { newSet, pod, TEMPLATE, UPDATE_TEMPLATE } from './fixtures.ts';

// Go vector (packages/core/test/go-revision-vectors.ts "mandatory sample"): same data layout as getPatch.
const SAMPLE_TEMPLATE = JSON.parse(
  '{"metadata":{"labels":{"app":"sample"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.22-alpine"}]}}',
);
const SAMPLE_DATA =
  '{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"app":"sample"}},"spec":{"containers":[{"image":"nginx:1.22-alpine","name":"nginx","resources":{}}]}}}}';

describe('TestNewRevision', () => {
  const set = newSet({ template: SAMPLE_TEMPLATE }, { name: 'sample', annotations: { note: 'x' } });
  const r = newStatefulSetRevision(set, 1, 0);
  it('data is the replace patch of the template, as Go marshals it', () => {
    assert.equal(statefulSetRevisionData(set), SAMPLE_DATA);
    assert.equal(r.dataJson, SAMPLE_DATA);
  });
  it('name <set>-<hash> (HashControllerRevision with collisionCount 0)', () => {
    assert.equal(r.revision.metadata.name, 'sample-66bf7df478');
    assert.equal(r.hash, '66bf7df478');
  });
  it('labels = template labels + controller.kubernetes.io/hash; annotations = set annotations; controller ref', () => {
    assert.deepEqual(r.revision.metadata.labels, {
      app: 'sample',
      'controller.kubernetes.io/hash': '66bf7df478',
    });
    assert.deepEqual(r.revision.metadata.annotations, { note: 'x' });
    assert.equal(r.revision.metadata.namespace, 'ns');
    assert.equal(r.revision.metadata.ownerReferences?.[0]?.kind, 'StatefulSet');
    assert.equal(r.revision.metadata.ownerReferences?.[0]?.controller, true);
    assert.equal(r.revision.revision, 1);
  });
  it('collision count changes the name', () => {
    assert.notEqual(newStatefulSetRevision(set, 1, 1).revision.metadata.name, r.revision.metadata.name);
  });
  it('only the template is versioned: replicas/strategy/reserveOrdinals do not change the data', () => {
    const other = newSet(
      { template: SAMPLE_TEMPLATE, replicas: 9, reserveOrdinals: [1], podManagementPolicy: 'Parallel' },
      { name: 'sample' },
    );
    assert.equal(newStatefulSetRevision(other, 1, 0).revision.metadata.name, 'sample-66bf7df478');
  });
});

describe('TestApplyRevision: templateFromRevision', () => {
  it('restores the stored template without the directive (object or raw text)', () => {
    const r = newStatefulSetRevision(newSet({ template: SAMPLE_TEMPLATE }), 1, 0);
    const t = templateFromRevision(r.revision);
    assert.equal(JSON.stringify(t).includes('$patch'), false);
    assert.equal(t.spec?.containers[0]?.image, 'nginx:1.22-alpine');
    assert.deepEqual(templateFromRevision({ ...r.revision, data: r.dataJson }), t);
  });
});

function stored(template: typeof TEMPLATE, number: number): ControllerRevision {
  return newStatefulSetRevision(newSet({ template }), number, 0).revision;
}

describe('getStatefulSetRevisions: TestStatefulSetControlRollback', () => {
  const v1 = stored(TEMPLATE, 1);
  const v2 = stored(UPDATE_TEMPLATE, 2);
  const cases: {
    name: string;
    history: ControllerRevision[];
    template: typeof TEMPLATE;
    want: string;
    number?: number;
  }[] = [
    { name: 'empty history ⇒ create revision 1', history: [], template: TEMPLATE, want: 'create', number: 1 },
    { name: 'equal to newest ⇒ reuse', history: [v1, v2], template: UPDATE_TEMPLATE, want: 'reuse' },
    {
      name: 'equal to an older one ⇒ rollback bumps it to 3',
      history: [v2, v1].reverse(),
      template: TEMPLATE,
      want: 'rollback',
      number: 3,
    },
    {
      name: 'new template ⇒ create revision 3',
      history: [v1, v2],
      template: { ...TEMPLATE, metadata: { labels: { app: 'web', x: 'y' } } },
      want: 'create',
      number: 3,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const d = decideStatefulSetRevisions(newSet({ template: c.template }), c.history);
      assert.equal(d.update.action, c.want);
      if (d.update.action === 'create') assert.equal(d.update.revision.revision, c.number);
      if (d.update.action === 'rollback') {
        assert.equal(d.update.revisionNumber, c.number);
        assert.equal(d.update.revision.metadata.name, v1.metadata.name);
      }
      if (d.update.action === 'reuse') assert.equal(d.update.revision.metadata.name, v2.metadata.name);
    });
  }
  it('collisionCount from status is used for the candidate name', () => {
    const set = newSet({ template: TEMPLATE });
    set.status = {
      replicas: 0,
      readyReplicas: 0,
      availableReplicas: 0,
      currentReplicas: 0,
      updatedReplicas: 0,
      collisionCount: 2,
    };
    const d = decideStatefulSetRevisions(set, []);
    assert.equal(d.collisionCount, 2);
    assert.equal(d.update.revision.metadata.name, newStatefulSetRevision(set, 1, 2).revision.metadata.name);
  });
  it('current revision: named by status.currentRevision, else the update revision', () => {
    assert.equal(currentRevisionOf([v1, v2], v1.metadata.name, v2), v1);
    assert.equal(currentRevisionOf([v1, v2], 'gone', v2), v2);
    assert.equal(currentRevisionOf([v1, v2], undefined, v2), v2);
  });
});

describe('TestStatefulSetHonorRevisionHistoryLimit: revisionsToTruncate', () => {
  const history = Array.from({ length: 6 }, (_, i) => ({ metadata: { name: `r${i + 1}` }, revision: i + 1 }));
  it('keeps current, update and pod revisions; deletes the oldest beyond the limit', () => {
    const set = newSet({ revisionHistoryLimit: 2 });
    const pods = [pod(0, { revision: 'r2' })];
    const out = revisionsToTruncate(set, history, pods, 'r5', 'r6');
    // idle: r1 r3 r4 → keep 2 newest ⇒ delete r1
    assert.deepEqual(
      out.map((r) => r.metadata.name),
      ['r1'],
    );
  });
  it('limit 0 deletes every idle revision', () => {
    const out = revisionsToTruncate(newSet({ revisionHistoryLimit: 0 }), history, [], 'r6', 'r6');
    assert.deepEqual(
      out.map((r) => r.metadata.name),
      ['r1', 'r2', 'r3', 'r4', 'r5'],
    );
  });
});
