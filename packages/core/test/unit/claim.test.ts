// The claim rule of Kubernetes' controller_ref_manager.go (ClaimObject), as table cases in the spirit of its
// TestClaimPods: what a controller claims, adopts and releases (docs/behaviour/cloneset.md#orphan-adoption,
// docs/behaviour/advanced-statefulset.md#claiming).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ClaimableMeta,
  newControllerReference,
  type OwnerReference,
  planClaim,
} from '../../src/index.ts';

const me = newControllerReference({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'CloneSet',
  name: 'cs',
  uid: 'me',
});
const other: OwnerReference = { ...me, name: 'other', uid: 'other' };
const plainOfMine: OwnerReference = { ...me, controller: false };

interface Obj {
  metadata: ClaimableMeta & { name: string };
}
const obj = (
  name: string,
  labels: Record<string, string>,
  refs?: OwnerReference[],
  deleting = false,
): Obj => ({
  metadata: {
    name,
    labels,
    ...(refs === undefined ? {} : { ownerReferences: refs }),
    ...(deleting ? { deletionTimestamp: '2026-12-01T00:00:00Z' } : {}),
  },
});
const matches = (o: Obj) => o.metadata.labels?.app === 'cs';
const names = (xs: readonly { metadata: { name: string } }[]) => xs.map((x) => x.metadata.name);

const cases: Array<{
  name: string;
  object: Obj;
  ownerDeleting?: boolean;
  want: { claimed: boolean; adopt?: OwnerReference[]; release?: OwnerReference[] };
}> = [
  { name: 'owned and matching: claimed', object: obj('a', { app: 'cs' }, [me]), want: { claimed: true } },
  {
    name: 'owned, not matching: released, other references kept',
    object: obj('b', { app: 'x' }, [{ ...other, controller: false }, me]),
    want: { claimed: false, release: [{ ...other, controller: false }] },
  },
  {
    name: 'owned, not matching, owner being deleted: left alone',
    object: obj('c', { app: 'x' }, [me]),
    ownerDeleting: true,
    want: { claimed: false },
  },
  {
    name: 'owned and matching, owner being deleted: still claimed',
    object: obj('c2', { app: 'cs' }, [me]),
    ownerDeleting: true,
    want: { claimed: true },
  },
  {
    name: 'controlled by another: ignored',
    object: obj('d', { app: 'cs' }, [other]),
    want: { claimed: false },
  },
  {
    name: 'orphan matching: adopted and claimed',
    object: obj('e', { app: 'cs' }),
    want: { claimed: true, adopt: [me] },
  },
  {
    name: 'orphan with a plain reference of ours: that reference becomes the controller reference',
    object: obj('e2', { app: 'cs' }, [plainOfMine]),
    want: { claimed: true, adopt: [me] },
  },
  {
    name: 'orphan with a plain reference of another: kept next to ours',
    object: obj('e3', { app: 'cs' }, [{ ...other, controller: false }]),
    want: { claimed: true, adopt: [{ ...other, controller: false }, me] },
  },
  { name: 'orphan not matching: ignored', object: obj('f', { app: 'x' }), want: { claimed: false } },
  {
    name: 'orphan being deleted: not adopted',
    object: obj('g', { app: 'cs' }, undefined, true),
    want: { claimed: false },
  },
  {
    name: 'orphan, owner being deleted: not adopted',
    object: obj('h', { app: 'cs' }),
    ownerDeleting: true,
    want: { claimed: false },
  },
];

describe('planClaim (controller_ref_manager.go ClaimObject)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const plan = planClaim({ reference: me, deleting: c.ownerDeleting ?? false }, [c.object], matches);
      assert.equal(plan.claimed.length === 1, c.want.claimed);
      assert.deepEqual(
        plan.adopt.map((a) => a.ownerReferences),
        c.want.adopt === undefined ? [] : [c.want.adopt],
      );
      assert.deepEqual(
        plan.release.map((r) => r.ownerReferences),
        c.want.release === undefined ? [] : [c.want.release],
      );
    });
  }

  it('keeps the listing order of claimed objects', () => {
    const plan = planClaim(
      { reference: me, deleting: false },
      [obj('z', { app: 'cs' }), obj('y', { app: 'cs' }, [me]), obj('x', { app: 'x' }, [me])],
      matches,
    );
    assert.deepEqual(names(plan.claimed), ['z', 'y']);
    assert.deepEqual(names(plan.adopt.map((a) => a.object)), ['z']);
    assert.deepEqual(names(plan.release.map((r) => r.object)), ['x']);
  });
});
