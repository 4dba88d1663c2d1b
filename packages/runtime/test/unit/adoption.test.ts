// applyClaim: releases, then adoptions after one uncached recheck of the owner (Kubernetes'
// RecheckDeletionTimestamp in pkg/controller/controller_ref_manager.go); objects gone meanwhile are skipped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClaimPlan, OwnerChange } from '@kruise-ts/core';
import { applyClaim, type OwnerMeta } from '../../src/index.ts';
import { NotFoundError } from '../../src/kube/errors.ts';

type O = { name: string };
const plan = (adopt: string[], release: string[], claimedOnly: string[] = []): ClaimPlan<O> => {
  const a = adopt.map((name) => ({ object: { name }, ownerReferences: [] }));
  const r = release.map((name) => ({ object: { name }, ownerReferences: [] }));
  return {
    claimed: [...claimedOnly.map((name) => ({ name })), ...a.map((x) => x.object)],
    adopt: a,
    release: r,
  };
};

function writer(owner: OwnerMeta | Error, gone: string[] = []) {
  const writes: string[] = [];
  let reads = 0;
  return {
    writes,
    reads: () => reads,
    w: {
      setOwners: async (c: OwnerChange<O>) => {
        if (gone.includes(c.object.name)) throw new NotFoundError({ code: 404 });
        writes.push(c.object.name);
      },
      readOwner: async () => {
        reads++;
        if (owner instanceof Error) throw owner;
        return owner;
      },
    },
  };
}

describe('applyClaim', () => {
  it('adopts after a single recheck and releases without one', async () => {
    const t = writer({ uid: 'u' });
    const out = await applyClaim('u', plan(['a', 'b'], ['r'], ['c']), t.w);
    assert.deepEqual(t.writes, ['r', 'a', 'b']);
    assert.equal(t.reads(), 1);
    assert.deepEqual(
      out.claimed.map((o) => o.name),
      ['c', 'a', 'b'],
    );
  });

  it('no adoption, no recheck', async () => {
    const t = writer({ uid: 'u' });
    await applyClaim('u', plan([], ['r']), t.w);
    assert.equal(t.reads(), 0);
  });

  for (const [name, owner, reason] of [
    ['owner replaced (uid differs)', { uid: 'new' }, /uid/],
    ['owner being deleted', { uid: 'u', deletionTimestamp: '2026-12-01T00:00:00Z' }, /being deleted/],
    ['owner gone', new NotFoundError({ code: 404 }), /not found/],
  ] as const) {
    it(`${name}: adopts nothing, still releases`, async () => {
      const t = writer(owner);
      const out = await applyClaim('u', plan(['a'], ['r'], ['c']), t.w);
      assert.deepEqual(t.writes, ['r']);
      assert.match(out.adoptionRefused ?? '', reason);
      assert.deepEqual(
        out.claimed.map((o) => o.name),
        ['c'],
      );
    });
  }

  it('an object deleted meanwhile is neither adopted nor claimed', async () => {
    const t = writer({ uid: 'u' }, ['a']);
    const out = await applyClaim('u', plan(['a', 'b'], []), t.w);
    assert.deepEqual(
      out.adopted.map((o) => o.name),
      ['b'],
    );
    assert.deepEqual(
      out.claimed.map((o) => o.name),
      ['b'],
    );
  });

  it('a failing recheck stops the round with its cause', async () => {
    const t = writer(new Error('boom'));
    await assert.rejects(applyClaim('u', plan(['a'], []), t.w), (e: Error) => e.cause instanceof Error);
  });
});
