// Claims a CloneSet must not leave behind when the apiserver restarts mid-rollout (issue #12, fault scenario 6):
// a claim created but not yet cached is reused instead of minting a fresh id, and a claim whose pod was deleted
// but whose own delete failed is deleted on a later reconcile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INSTANCE_ID_LABEL } from '../../src/pod-state.ts';
import { shouldLookForUncachedClaims, uncachedClaims } from '../../src/sync/claims-not-cached.ts';
import { PendingClaimDeletes, planPendingClaimDeletes } from '../../src/sync/pending-claim-deletes.ts';
import { planScale } from '../../src/sync/scale.ts';
import type { CloneSet, CloneSetPod, PersistentVolumeClaim } from '../../src/types.ts';
import { makeCloneSet, makePod, NEW, NOW } from './helpers.ts';

const CS_UID = 'cs-uid';
const claim = (
  id: string,
  o: { owner?: string; deleting?: boolean; controller?: boolean } = {},
): PersistentVolumeClaim => ({
  metadata: {
    name: `data-web-${id}`,
    labels: { [INSTANCE_ID_LABEL]: id },
    ownerReferences: [
      {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'CloneSet',
        name: 'web',
        uid: o.owner ?? CS_UID,
        controller: o.controller ?? true,
      },
    ],
    ...(o.deleting ? { deletionTimestamp: '2026-12-01T00:00:00Z' } : {}),
  },
});
const pod = (id: string): CloneSetPod => {
  const p = makePod({ name: `web-${id}` });
  return { ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels, [INSTANCE_ID_LABEL]: id } } };
};
const withClaims = (reuse: boolean, templates = 1): CloneSet => {
  const cs = makeCloneSet({ replicas: 3 });
  return {
    ...cs,
    spec: {
      ...cs.spec,
      scaleStrategy: { ...cs.spec.scaleStrategy, enablePVCReuse: reuse },
      volumeClaimTemplates: Array.from({ length: templates }, () => ({ metadata: { name: 'data' } })),
    },
  } as CloneSet;
};

describe('fresh instance ids wait for the apiserver to confirm no claim of ours awaits reuse', () => {
  const cases: Array<{
    name: string;
    cs: CloneSet;
    ids: string[];
    cached: PersistentVolumeClaim[];
    want: boolean;
  }> = [
    {
      name: 'reuse on, a fresh id',
      cs: withClaims(true),
      ids: ['zzzzz'],
      cached: [claim('aaaaa')],
      want: true,
    },
    {
      name: 'reuse on, only ids of cached claims',
      cs: withClaims(true),
      ids: ['aaaaa'],
      cached: [claim('aaaaa')],
      want: false,
    },
    {
      name: 'reuse off (cleanupPVCs deletes such claims)',
      cs: withClaims(false),
      ids: ['z'],
      cached: [],
      want: false,
    },
    { name: 'no volumeClaimTemplates', cs: withClaims(true, 0), ids: ['zzzzz'], cached: [], want: false },
    { name: 'nothing to create', cs: withClaims(true), ids: [], cached: [], want: false },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(shouldLookForUncachedClaims(c.cs, c.ids, c.cached), c.want));
  }

  it('only live claims the CloneSet controls, not cached, not being deleted, with an instance id, count', () => {
    const noId: PersistentVolumeClaim = { metadata: { ...claim('x').metadata, labels: {} } };
    const live = [
      claim('aaaaa'), // cached already
      claim('bbbbb'), // the one the cache misses
      claim('ccccc', { deleting: true }),
      claim('ddddd', { owner: 'other' }),
      claim('eeeee', { controller: false }),
      noId,
    ];
    assert.deepEqual(
      uncachedClaims(CS_UID, [claim('aaaaa')], live).map((c) => c.metadata.name),
      ['data-web-bbbbb'],
    );
  });

  it('a surge pod after an apiserver restart mounts the claim created before it (was: a fresh id, a leaked claim)', () => {
    // The rollout's surge pod: its claim was stored just before the apiserver went down, the pod create failed,
    // and the cache does not show the claim yet. Planned from the cache alone, the next create mints a new id
    // and the first claim stays behind with no pod for good (reuse on: nothing deletes it).
    const cs = withClaims(true);
    const pods = [pod('aaaaa'), pod('bbbbb')];
    const cached = [claim('aaaaa'), claim('bbbbb')];
    const input = { cloneSet: cs, pods, currentRevision: NEW, updateRevision: NEW, now: NOW };
    const fromCache = planScale({ ...input, pvcs: cached });
    const ids = fromCache.create.updateRevision;
    assert.equal(ids.length, 1);
    assert.notEqual(ids[0], 'sssss', 'planned from the cache: a fresh id');
    assert.equal(shouldLookForUncachedClaims(cs, ids, cached), true);
    const unseen = uncachedClaims(CS_UID, cached, [...cached, claim('sssss')]);
    const replanned = planScale({ ...input, pvcs: [...cached, ...unseen] });
    assert.deepEqual(replanned.create.updateRevision, ['sssss']);
  });
});

describe('claims of deleted pods whose own delete failed are owed', () => {
  it('deletes an owed claim while no active pod uses its instance; forgets gone, deleting and reused ones', () => {
    const owned = [claim('aaaaa'), claim('bbbbb'), claim('ccccc', { deleting: true })];
    const plan = planPendingClaimDeletes(
      ['data-web-aaaaa', 'data-web-bbbbb', 'data-web-ccccc', 'data-web-ddddd'],
      owned,
      [pod('bbbbb')],
    );
    assert.deepEqual(
      plan.delete.map((c) => c.metadata.name),
      ['data-web-aaaaa'],
    );
    assert.deepEqual(plan.forget, ['data-web-bbbbb', 'data-web-ccccc', 'data-web-ddddd']);
  });

  it('remembers names per CloneSet until removed', () => {
    const owed = new PendingClaimDeletes();
    owed.add('ns/web', 'data-web-aaaaa');
    owed.add('ns/web', 'data-web-aaaaa');
    owed.add('ns/other', 'data-other-bbbbb');
    assert.deepEqual(owed.get('ns/web'), ['data-web-aaaaa']);
    owed.remove('ns/web', 'data-web-aaaaa');
    assert.deepEqual(owed.get('ns/web'), []);
    owed.forgetKey('ns/other');
    assert.deepEqual(owed.get('ns/other'), []);
  });

  it('lists its tokens per partition for the liveness record, and a successor inherits them', () => {
    const owed = new PendingClaimDeletes();
    owed.add('ns-a/web', 'data-web-aaaaa');
    owed.add('ns-a/db', 'data-db-bbbbb');
    owed.add('ns-b/web', 'data-web-ccccc');
    const inA = (ns: string) => ns === 'ns-a';
    assert.deepEqual(owed.list(inA).sort(), ['ns-a/db/data-db-bbbbb', 'ns-a/web/data-web-aaaaa']);

    const successor = new PendingClaimDeletes();
    // Tokens of another shape (another build's, or garbage) are not acted on.
    successor.inherit([...owed.list(inA), 'no-slashes', 'a/b', 'a//c', 'a/b/c/d']);
    assert.deepEqual(successor.get('ns-a/web'), ['data-web-aaaaa']);
    assert.deepEqual(successor.get('ns-a/db'), ['data-db-bbbbb']);
    assert.deepEqual(successor.list(() => true).sort(), ['ns-a/db/data-db-bbbbb', 'ns-a/web/data-web-aaaaa']);

    // The partition handed off or lost: what is owed there is the successor's now.
    owed.forget(inA);
    assert.deepEqual(
      owed.list(() => true),
      ['ns-b/web/data-web-ccccc'],
    );
  });
});
