import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ControllerRevision,
  LabelSelectorError,
  newCloneSetRevision,
  selectorMatches,
  selectorString,
} from '@kruise-ts/core';
import {
  revisionsToTruncate,
  selectActiveRevisions,
  truncatePodsToDelete,
} from '../../src/revisions/active-revisions.ts';
import { makePod } from './helpers.ts';

const template = (image: string) => ({
  metadata: { labels: { app: 'sample' } },
  spec: { containers: [{ name: 'nginx', image }] },
});
const cloneSet = (image: string, status?: { currentRevision?: string; collisionCount?: number }) => ({
  metadata: { name: 'sample', namespace: 'default', uid: 'uid-1' },
  spec: { template: template(image) },
  ...(status === undefined ? {} : { status }),
});
const stored = (image: string, revision: number, created: string): ControllerRevision => {
  const r = newCloneSetRevision(cloneSet(image), revision, 0).revision;
  return { ...r, metadata: { ...r.metadata, creationTimestamp: created } };
};

describe('current and update revision (docs/behaviour/cloneset.md#revisions; TestGetActiveRevisions)', () => {
  it('empty history: create revision 1, which is also current', () => {
    const r = selectActiveRevisions({ cloneSet: cloneSet('nginx:1.22-alpine'), revisions: [] });
    assert.equal(r.decision.action, 'create');
    assert.equal(r.updateRevision.metadata.name, 'sample-66bf7df478');
    assert.equal(r.updateRevision.revision, 1);
    assert.equal(r.currentRevision, r.updateRevision);
    assert.equal(r.collisionCount, 0);
  });

  it('unchanged template: reuse the latest revision, current from status', () => {
    const a = stored('nginx:1.22-alpine', 1, '2026-01-01T00:00:00Z');
    const b = stored('nginx:1.23-alpine', 2, '2026-01-02T00:00:00Z');
    const r = selectActiveRevisions({
      cloneSet: cloneSet('nginx:1.23-alpine', { currentRevision: a.metadata.name }),
      revisions: [b, a],
    });
    assert.equal(r.decision.action, 'reuse');
    assert.equal(r.updateRevision, b);
    assert.equal(r.currentRevision, a);
    assert.deepEqual(r.sorted, [a, b]);
  });

  it('template back to an older revision: reuse its name with the next revision number (rollback)', () => {
    const a = stored('nginx:1.22-alpine', 1, '2026-01-01T00:00:00Z');
    const b = stored('nginx:1.23-alpine', 2, '2026-01-02T00:00:00Z');
    const r = selectActiveRevisions({
      cloneSet: cloneSet('nginx:1.22-alpine', { currentRevision: b.metadata.name }),
      revisions: [a, b],
    });
    assert.equal(r.decision.action, 'rollback');
    assert.equal(r.updateRevision.metadata.name, a.metadata.name);
    assert.equal(r.updateRevision.revision, 3);
    assert.equal(r.currentRevision, b);
  });

  it('new template: create with the next number; a bumped collision count changes the name', () => {
    const a = stored('nginx:1.22-alpine', 1, '2026-01-01T00:00:00Z');
    const r = selectActiveRevisions({ cloneSet: cloneSet('nginx:1.23-alpine'), revisions: [a] });
    assert.equal(r.decision.action, 'create');
    assert.equal(r.updateRevision.revision, 2);
    const retry = selectActiveRevisions({
      cloneSet: cloneSet('nginx:1.23-alpine'),
      revisions: [a],
      collisionCount: 1,
    });
    assert.notEqual(retry.updateRevision.metadata.name, r.updateRevision.metadata.name);
    assert.equal(retry.collisionCount, 1);
  });

  it('status currentRevision not in the history: current is the update revision', () => {
    const r = selectActiveRevisions({
      cloneSet: cloneSet('nginx:1.22-alpine', { currentRevision: 'gone' }),
      revisions: [],
    });
    assert.equal(r.currentRevision, r.updateRevision);
  });
});

describe('history truncation (docs/behaviour/cloneset.md#revisions truncateHistory)', () => {
  const history = Array.from(
    { length: 14 },
    (_, i): ControllerRevision => ({ metadata: { name: `cs-h${i}` }, revision: i + 1 }),
  );

  it('keeps current, update and revisions pods use; deletes the oldest others beyond the limit', () => {
    // pod on h1 (short-hash match), current h12, update h13 ⇒ 11 not live, limit 10 ⇒ delete h0
    const pods = [makePod({ revision: 'h1' })];
    assert.deepEqual(
      revisionsToTruncate(history, pods, 'cs-h12', 'cs-h13', undefined).map((r) => r.metadata.name),
      ['cs-h0'],
    );
    assert.deepEqual(
      revisionsToTruncate(history, pods, 'cs-h12', 'cs-h13', 2).map((r) => r.metadata.name).length,
      9,
    );
    assert.deepEqual(revisionsToTruncate(history, pods, 'cs-h12', 'cs-h13', 20), []);
  });

  it('podsToDelete: names of pods that are gone are dropped', () => {
    const pods = [makePod({ name: 'a' })];
    assert.deepEqual(truncatePodsToDelete(['a', 'b'], pods), ['a']);
    assert.equal(truncatePodsToDelete(['a'], pods), undefined);
    assert.equal(truncatePodsToDelete(undefined, pods), undefined);
  });
});

describe('label selector (docs/behaviour/cloneset.md#reconcile-steps step 6, #status labelSelector)', () => {
  const selector = {
    matchLabels: { app: 'cs' },
    matchExpressions: [
      { key: 'tier', operator: 'In', values: ['b', 'a'] },
      { key: 'legacy', operator: 'DoesNotExist' },
      { key: 'zone', operator: 'NotIn', values: ['x'] },
      { key: 'env', operator: 'Exists' },
    ],
  };
  it('canonical string: sorted by key, values sorted', () => {
    assert.equal(selectorString(selector), 'app=cs,env,!legacy,tier in (a,b),zone notin (x)');
    assert.equal(selectorString({ matchLabels: { app: 'cs' } }), 'app=cs');
    assert.equal(selectorString({}), '');
  });
  it('matching', () => {
    assert.equal(selectorMatches(selector, { app: 'cs', tier: 'a', env: '' }), true);
    assert.equal(selectorMatches(selector, { app: 'cs', tier: 'a', env: '', legacy: 'y' }), false);
    assert.equal(selectorMatches(selector, { app: 'cs', tier: 'a', env: '', zone: 'x' }), false);
    assert.equal(selectorMatches(selector, { app: 'cs', tier: 'c', env: '' }), false);
    assert.equal(selectorMatches({}, { any: 'thing' }), true);
    assert.equal(selectorMatches(undefined, { any: 'thing' }), false);
  });
  it('invalid operators are errors', () => {
    assert.throws(
      () => selectorMatches({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }, {}),
      LabelSelectorError,
    );
    assert.throws(
      () => selectorMatches({ matchExpressions: [{ key: 'a', operator: 'In' }] }, {}),
      LabelSelectorError,
    );
  });
});
