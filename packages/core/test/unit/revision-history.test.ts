import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ControllerRevision } from '../../src/kube-types.ts';
import { newCloneSetRevision, VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION } from '../../src/revision.ts';
import {
  compareRevisions,
  decideUpdateRevision,
  equalRevision,
  findCurrentRevision,
  findEqualRevisions,
  nextRevisionNumber,
  resolveCreateConflict,
  revisionDataKey,
  rolledBackRevision,
  sortRevisions,
} from '../../src/revision-history.ts';

const rev = (
  name: string,
  revision: number,
  data: unknown,
  extra: Partial<ControllerRevision['metadata']> = {},
): ControllerRevision => ({ metadata: { name, ...extra }, revision, data });

const EQUAL = { spec: { template: { $patch: 'replace', metadata: { creationTimestamp: null } } } };
const DIFFERENT = { spec: { template: { $patch: 'replace', metadata: { labels: { v: '2' } } } } };
const candidateFor = (history: ControllerRevision[], vctHash = 'h1'): ControllerRevision => ({
  metadata: { name: 'cs-new', annotations: { [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: vctHash } },
  revision: nextRevisionNumber(history),
  data: EQUAL,
});

describe('sortRevisions (docs/behaviour/cloneset.md#reconcile-steps step 7: by .revision, then creationTimestamp, then name)', () => {
  it('orders by revision number first', () => {
    const sorted = sortRevisions([rev('c', 3, 1), rev('a', 1, 1), rev('b', 2, 1)]);
    assert.deepEqual(
      sorted.map((r) => r.metadata.name),
      ['a', 'b', 'c'],
    );
  });
  it('breaks ties by older creationTimestamp, then by name', () => {
    const sorted = sortRevisions([
      rev('z', 1, 1, { creationTimestamp: '2024-01-01T00:00:02Z' }),
      rev('y', 1, 1, { creationTimestamp: '2024-01-01T00:00:01Z' }),
      rev('b', 1, 1, { creationTimestamp: '2024-01-01T00:00:01Z' }),
      rev('a', 1, 1),
    ]);
    assert.deepEqual(
      sorted.map((r) => r.metadata.name),
      ['a', 'b', 'y', 'z'],
    );
  });
  it('compares timestamps as instants, not text', () => {
    const a = rev('a', 1, 1, { creationTimestamp: '2024-01-01T01:00:00+02:00' });
    const b = rev('b', 1, 1, { creationTimestamp: '2024-01-01T00:00:00Z' });
    assert.ok(compareRevisions(a, b) < 0);
  });
  it('does not mutate its input', () => {
    const input = [rev('b', 2, 1), rev('a', 1, 1)];
    sortRevisions(input);
    assert.equal(input[0]?.metadata.name, 'b');
  });
});

describe('nextRevisionNumber (docs/behaviour/cloneset.md#revisions: highest + 1, 1 when empty)', () => {
  it('is 1 for an empty history', () => assert.equal(nextRevisionNumber([]), 1));
  it('is the highest revision plus one, whatever the order', () => {
    assert.equal(nextRevisionNumber([rev('a', 7, 1), rev('b', 3, 1)]), 8);
  });
});

describe('equalRevision / findEqualRevisions (docs/behaviour/cloneset.md#revisions: byte equality of data)', () => {
  it('treats parsed data and its exact Go text as equal', () => {
    const { revision, dataJson } = newCloneSetRevision(
      { metadata: { name: 'cs', uid: 'u' }, spec: {} },
      1,
      0,
    );
    assert.ok(equalRevision(revision, rev('raw', 1, dataJson)));
  });
  it('is independent of key order in parsed data', () => {
    assert.ok(equalRevision(rev('a', 1, { b: 1, a: 2 }), rev('b', 2, { a: 2, b: 1 })));
  });
  it('compares raw text byte for byte (a differently formatted text is a different revision)', () => {
    assert.equal(equalRevision(rev('a', 1, '{"a":1}'), rev('b', 1, '{ "a": 1 }')), false);
  });
  it('decodes byte data as UTF-8', () => {
    assert.equal(revisionDataKey(rev('a', 1, new TextEncoder().encode('{"é":1}'))), '{"é":1}');
  });
  it('returns every equal revision in history order', () => {
    const history = [rev('a', 1, EQUAL), rev('b', 2, DIFFERENT), rev('c', 3, EQUAL)];
    assert.deepEqual(
      findEqualRevisions(history, rev('n', 4, EQUAL)).map((r) => r.metadata.name),
      ['a', 'c'],
    );
  });
});

describe('decideUpdateRevision (docs/behaviour/cloneset.md#revisions selection of updateRevision; Kruise TestGetActiveRevisions)', () => {
  it('creates a new revision for an empty history', () => {
    const candidate = candidateFor([]);
    assert.deepEqual(decideUpdateRevision([], candidate), { action: 'create', revision: candidate });
    assert.equal(candidate.revision, 1);
  });
  it('creates a new revision when no revision has the same data', () => {
    const history = [rev('cs-diff-1', 1, DIFFERENT)];
    const d = decideUpdateRevision(history, candidateFor(history));
    assert.equal(d.action, 'create');
    assert.equal(d.revision.revision, 2);
  });
  it('reuses the latest revision when it is the equal one (no write)', () => {
    const history = [rev('cs-diff-1', 1, DIFFERENT), rev('cs-equal-2', 2, EQUAL)];
    const d = decideUpdateRevision(history, candidateFor(history));
    assert.deepEqual(d, { action: 'reuse', revision: history[1] });
  });
  it('reuses the latest revision even if only the volume-claim-template hash differs', () => {
    const history = [
      rev('cs-equal-1', 1, EQUAL, { annotations: { [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: 'old' } }),
    ];
    assert.equal(decideUpdateRevision(history, candidateFor(history, 'new')).action, 'reuse');
  });
  it('rolls back to an older equal revision by bumping its number; a missing VCT hash is filled in', () => {
    const history = [rev('cs-equal-1', 1, EQUAL), rev('cs-diff-2', 2, DIFFERENT)];
    const d = decideUpdateRevision(history, candidateFor(history, 'h1'));
    assert.deepEqual(d, {
      action: 'rollback',
      revision: history[0],
      revisionNumber: 3,
      volumeClaimTemplatesHash: 'h1',
    });
  });
  it('rolls back without touching annotations when the VCT hash matches', () => {
    const history = [
      rev('cs-equal-1', 1, EQUAL, { annotations: { [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: 'h1' } }),
      rev('cs-diff-2', 2, DIFFERENT),
    ];
    assert.deepEqual(decideUpdateRevision(history, candidateFor(history, 'h1')), {
      action: 'rollback',
      revision: history[0],
      revisionNumber: 3,
    });
  });
  it('rolls back and refreshes a different VCT hash', () => {
    const history = [
      rev('cs-equal-1', 1, EQUAL, { annotations: { [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: 'old' } }),
      rev('cs-diff-2', 2, DIFFERENT),
    ];
    const d = decideUpdateRevision(history, candidateFor(history, 'new'));
    assert.equal(d.action, 'rollback');
    assert.equal(d.action === 'rollback' && d.volumeClaimTemplatesHash, 'new');
  });
  it('picks the newest of several older equal revisions', () => {
    const history = [rev('cs-e1', 1, EQUAL), rev('cs-e2', 2, EQUAL), rev('cs-d3', 3, DIFFERENT)];
    const d = decideUpdateRevision(history, candidateFor(history));
    assert.equal(d.action === 'rollback' && d.revision.metadata.name, 'cs-e2');
    assert.equal(d.action === 'rollback' && d.revisionNumber, 4);
  });
});

describe('rolledBackRevision (docs/behaviour/cloneset.md#revisions: rollback bumps .revision, keeps the name)', () => {
  it('sets the new number and refreshes the VCT hash annotation when asked', () => {
    const old = rev('cs-equal-1', 1, EQUAL, { annotations: { keep: 'x' } });
    const r = rolledBackRevision({
      action: 'rollback',
      revision: old,
      revisionNumber: 5,
      volumeClaimTemplatesHash: 'h2',
    });
    assert.equal(r.revision, 5);
    assert.equal(r.metadata.name, 'cs-equal-1');
    assert.deepEqual(r.metadata.annotations, { keep: 'x', [VOLUME_CLAIM_TEMPLATE_HASH_ANNOTATION]: 'h2' });
    assert.equal(old.revision, 1);
  });
  it('leaves annotations alone when the hash already matches', () => {
    const old = rev('cs-equal-1', 1, EQUAL);
    assert.deepEqual(rolledBackRevision({ action: 'rollback', revision: old, revisionNumber: 2 }), {
      ...old,
      revision: 2,
    });
  });
});

describe('resolveCreateConflict (docs/behaviour/cloneset.md#revisions: AlreadyExists handling)', () => {
  it('uses the existing revision when its data is identical', () => {
    assert.deepEqual(resolveCreateConflict(rev('cs-x', 1, EQUAL), rev('cs-x', 2, EQUAL), 0), {
      action: 'use-existing',
    });
  });
  it('bumps the collision count when the data differs', () => {
    assert.deepEqual(resolveCreateConflict(rev('cs-x', 1, DIFFERENT), rev('cs-x', 2, EQUAL), 4), {
      action: 'retry',
      collisionCount: 5,
    });
  });
});

describe('findCurrentRevision (docs/behaviour/cloneset.md#revisions: status.currentRevision, else the update revision)', () => {
  const history = [rev('cs-1', 1, EQUAL), rev('cs-2', 2, DIFFERENT)];
  it('returns the revision named in status', () => {
    assert.equal(
      findCurrentRevision(history, 'cs-1', history[1] as ControllerRevision).metadata.name,
      'cs-1',
    );
  });
  it('falls back to the update revision when status names none or an unknown one', () => {
    assert.equal(
      findCurrentRevision(history, undefined, history[1] as ControllerRevision).metadata.name,
      'cs-2',
    );
    assert.equal(
      findCurrentRevision(history, 'gone', history[1] as ControllerRevision).metadata.name,
      'cs-2',
    );
  });
});
