// Small pure helpers of the effect layer: which transition rides on a status write, a revision's template,
// the volume-claim-template hash.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LifecycleState, newCloneSetRevision } from '@kruise-ts/core';
import { volumeClaimTemplatesHash } from '../../src/controller/revisions.ts';
import { revisionTemplate } from '../../src/controller/sync-context.ts';
import { transitionCarriedByStatus } from '../../src/controller/update-executor.ts';

describe('transitionCarriedByStatus (docs/adr/0042)', () => {
  const status = {
    action: 'update-status' as const,
    conditions: [{ type: 'InPlaceUpdateReady', status: 'True' }],
  };
  const normal = { to: LifecycleState.Normal, markPodNotReady: false };
  it('a relabelling transition rides on the status write', () => {
    assert.equal(transitionCarriedByStatus({ inPlace: status, lifecycle: normal }), normal);
  });
  it('not one that re-adds hook finalizers, nor without a status write', () => {
    const withHook = {
      ...normal,
      to: LifecycleState.PreparingUpdate,
      withHook: { finalizersHandler: ['f'] },
    };
    assert.equal(transitionCarriedByStatus({ inPlace: status, lifecycle: withHook }), undefined);
    assert.equal(transitionCarriedByStatus({ inPlace: { action: 'none' }, lifecycle: normal }), undefined);
    assert.equal(transitionCarriedByStatus({ inPlace: status }), undefined);
  });
});

describe('revisionTemplate', () => {
  it("is the revision's template without the $patch marker, whether data is an object or raw JSON", () => {
    const template = {
      metadata: { labels: { app: 'a' } },
      spec: { containers: [{ name: 'c', image: 'i' }] },
    };
    const { revision, dataJson } = newCloneSetRevision(
      { metadata: { name: 'a', namespace: 'ns', uid: 'u' }, spec: { template } },
      1,
      0,
    );
    for (const data of [revision.data, dataJson]) {
      const t = revisionTemplate({ ...revision, data });
      assert.equal((t as { $patch?: string }).$patch, undefined);
      assert.deepEqual(t.metadata?.labels, { app: 'a' });
      assert.equal(t.spec?.containers?.[0]?.image, 'i');
    }
  });
});

describe('volumeClaimTemplatesHash', () => {
  it('"" without templates; stable under reordering; changes with the spec', () => {
    const a = { metadata: { name: 'a' }, spec: { resources: { requests: { storage: '1Gi' } } } };
    const b = { metadata: { name: 'b' }, spec: { resources: { requests: { storage: '2Gi' } } } };
    assert.equal(volumeClaimTemplatesHash(undefined), '');
    assert.equal(volumeClaimTemplatesHash([]), '');
    assert.equal(volumeClaimTemplatesHash([a, b]), volumeClaimTemplatesHash([b, a]));
    assert.notEqual(volumeClaimTemplatesHash([a]), volumeClaimTemplatesHash([b]));
  });
  it('sorts names by code unit, keeping the value pods already carry', () => {
    const t = (name: string, storage: string) => ({
      metadata: { name },
      spec: { resources: { requests: { storage } } },
    });
    const vcts = [t('data-1', '1Gi'), t('data.2', '2Gi'), t('data', '3Gi'), t('data0', '4Gi')];
    // Written by the locale-ordered sort before; a changed value would recreate pods under RecreatePodWhenChangeVCT.
    assert.equal(volumeClaimTemplatesHash(vcts), '3219324015');
    assert.equal(volumeClaimTemplatesHash([...vcts].reverse()), '3219324015');
  });
});
