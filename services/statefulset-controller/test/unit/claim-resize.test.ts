// Claiming pods (docs/behaviour/advanced-statefulset.md#claiming: getPodsForStatefulSet's ClaimPods with
// isMemberOf) and growing claims (#volume-resize: TryPatchPVC, IsPVCNeedExpand, IsClaimCompatibleWithoutSize).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claimSetPods } from '../../src/claim.ts';
import type { PersistentVolumeClaim, StatefulSetPod } from '../../src/types.ts';
import { planClaimResizes, type StorageClassInfo } from '../../src/volume-resize.ts';
import { names, newSet, pod, pvc, VCT } from './fixtures.ts';

const SET_REF = {
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'StatefulSet',
  name: 'web',
  uid: 'set-uid',
  controller: true,
  blockOwnerDeletion: true,
};
const owned = (p: StatefulSetPod): StatefulSetPod => ({
  ...p,
  metadata: { ...p.metadata, ownerReferences: [SET_REF] },
});
const relabel = (p: StatefulSetPod, labels: Record<string, string>): StatefulSetPod => ({
  ...p,
  metadata: { ...p.metadata, labels },
});

describe('claimSetPods (ClaimPods with isMemberOf)', () => {
  const set = newSet();
  const cases: Array<[string, StatefulSetPod, { claimed: boolean; adopt?: boolean; release?: boolean }]> = [
    ['owned, matching', owned(pod(0)), { claimed: true }],
    ['orphan web-1 matching: adopted', pod(1), { claimed: true, adopt: true }],
    [
      'orphan matching the selector but named for another set: ignored',
      pod(1, {}, 'other'),
      { claimed: false },
    ],
    [
      'orphan named web-x (no ordinal): ignored',
      { ...pod(1), metadata: { ...pod(1).metadata, name: 'web-x' } },
      { claimed: false },
    ],
    ['orphan web-2 not matching the selector: ignored', relabel(pod(2), { app: 'db' }), { claimed: false }],
    ['owned, relabelled: released', relabel(owned(pod(2)), { app: 'db' }), { claimed: false, release: true }],
    ['orphan being deleted: not adopted', pod(1, { terminating: true }), { claimed: false }],
    [
      'owned and terminating, matching: still claimed',
      owned(pod(1, { terminating: true })),
      { claimed: true },
    ],
  ];
  for (const [name, p, want] of cases) {
    it(name, () => {
      const plan = claimSetPods(set, [p]);
      assert.equal(plan.claimed.length, want.claimed ? 1 : 0);
      assert.equal(plan.adopt.length, want.adopt === true ? 1 : 0);
      assert.equal(plan.release.length, want.release === true ? 1 : 0);
      if (want.adopt === true) assert.deepEqual(plan.adopt[0]?.ownerReferences, [SET_REF]);
      if (want.release === true) assert.deepEqual(plan.release[0]?.ownerReferences, []);
    });
  }

  it('a set being deleted neither adopts nor releases', () => {
    const deleting = newSet({}, { deletionTimestamp: '2026-01-01T00:00:00Z' });
    const plan = claimSetPods(deleting, [pod(1), relabel(owned(pod(2)), { app: 'db' })]);
    assert.deepEqual([plan.claimed.length, plan.adopt.length, plan.release.length], [0, 0, 0]);
  });
});

describe('planClaimResizes (TryPatchPVC)', () => {
  const grown = { ...VCT, spec: { ...VCT.spec, resources: { requests: { storage: '2Gi' } } } };
  const set = (extra = {}) => newSet({ volumeClaimTemplates: [grown], ...extra });
  const withClass = (c: PersistentVolumeClaim, cls: string | undefined): PersistentVolumeClaim => ({
    ...c,
    spec: { ...c.spec, ...(cls === undefined ? {} : { storageClassName: cls }) },
  });
  const classes = new Map<string, StorageClassInfo | undefined>([
    ['expandable', { allowVolumeExpansion: true }],
    ['fixed', { allowVolumeExpansion: false }],
    ['unset', {}],
    ['gone', undefined],
  ]);
  const claimNames = (xs: readonly { claim: PersistentVolumeClaim }[]) =>
    xs.map((x) => x.claim.metadata?.name);

  it('grows the claims of the given pods whose class allows expansion, to the template resources', () => {
    const plan = planClaimResizes({
      set: set(),
      pods: [pod(0), pod(1)],
      pvcs: [
        withClass(pvc('data-web-0'), 'expandable'),
        withClass(pvc('data-web-1'), 'expandable'),
        withClass(pvc('data-web-2'), 'expandable'),
      ],
      storageClasses: classes,
    });
    assert.deepEqual(claimNames(plan.resize), ['data-web-0', 'data-web-1']);
    assert.deepEqual(plan.resize[0]?.resources, { requests: { storage: '2Gi' } });
    assert.deepEqual(plan.refused, []);
  });

  // biome-ignore format: one row per case
  const cases: Array<[string, PersistentVolumeClaim, 'resize' | 'refused' | 'none' | 'unknown']> = [
    ['class allows expansion', withClass(pvc('data-web-0'), 'expandable'), 'resize'],
    ['no class named: patched, the apiserver decides (as Kruise)', pvc('data-web-0'), 'resize'],
    ['class forbids expansion', withClass(pvc('data-web-0'), 'fixed'), 'refused'],
    ['class leaves allowVolumeExpansion unset', withClass(pvc('data-web-0'), 'unset'), 'refused'],
    ['class does not exist', withClass(pvc('data-web-0'), 'gone'), 'refused'],
    ['class not read yet', withClass(pvc('data-web-0'), 'elsewhere'), 'unknown'],
    ['claim already as large', { ...pvc('data-web-0'), spec: { ...pvc('data-web-0').spec, resources: { requests: { storage: '2Gi' } } } }, 'none'],
    ['claim larger (no shrinking)', { ...pvc('data-web-0'), spec: { ...pvc('data-web-0').spec, resources: { requests: { storage: '5Gi' } } } }, 'none'],
    ['claim differs in access modes', { ...pvc('data-web-0'), spec: { ...pvc('data-web-0').spec, accessModes: ['ReadWriteMany'] } }, 'refused'],
    ['claim being deleted', pvc('data-web-0', { deletionTimestamp: '2026-01-01T00:00:00Z' }), 'none'],
  ];
  for (const [name, claim, want] of cases) {
    it(name, () => {
      const plan = planClaimResizes({ set: set(), pods: [pod(0)], pvcs: [claim], storageClasses: classes });
      assert.equal(plan.resize.length, want === 'resize' ? 1 : 0, 'resize');
      assert.equal(plan.refused.length, want === 'refused' ? 1 : 0, 'refused');
      assert.equal(plan.unknownClasses.length, want === 'unknown' ? 1 : 0, 'unknown');
    });
  }

  it('each claim once, however many pods name it', () => {
    const plan = planClaimResizes({
      set: set(),
      pods: [pod(0), pod(0)],
      pvcs: [pvc('data-web-0')],
      storageClasses: classes,
    });
    assert.deepEqual(names(plan.resize.map((r) => ({ metadata: { name: r.claim.metadata?.name ?? '' } }))), [
      'data-web-0',
    ]);
  });
});
