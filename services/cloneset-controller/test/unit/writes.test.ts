// Small pure helpers of the effect layer: which transition rides on a status write, a revision's template,
// the volume-claim-template hash.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LifecycleState, newCloneSetRevision } from '@kruise-ts/core';
import { conditionsWithTransition } from '../../src/controller/lifecycle-write.ts';
import { revisionTemplate } from '../../src/controller/sync-context.ts';
import { transitionCarriedByStatus } from '../../src/controller/update-executor.ts';
import {
  earlierVolumeClaimTemplatesHash,
  volumeClaimTemplatesHash,
} from '../../src/revisions/volume-claim-templates-hash.ts';
import type { CloneSetPod } from '../../src/types.ts';

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

describe('conditionsWithTransition (markPodNotReady, pkg/util/lifecycle/lifecycle_utils.go)', () => {
  const now = Date.UTC(2026, 11, 7, 3, 0, 0);
  const pod = (gates: string[]): CloneSetPod => ({
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c' }], readinessGates: gates.map((conditionType) => ({ conditionType })) },
  });
  const ready = [{ type: 'KruisePodReady', status: 'True' }];
  it('a hook with markPodNotReady holds a gated pod not ready on PreparingDelete and releases it on Updated', () => {
    const held = conditionsWithTransition(
      pod(['KruisePodReady']),
      ready,
      { to: LifecycleState.PreparingDelete, markPodNotReady: true },
      now,
    );
    assert.deepEqual(held, [
      {
        type: 'KruisePodReady',
        status: 'False',
        message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]',
        lastTransitionTime: '2026-12-07T03:00:00Z',
      },
    ]);
    const preUpdate = conditionsWithTransition(
      pod(['KruisePodReady']),
      ready,
      { to: LifecycleState.PreparingUpdate, markPodNotReady: true },
      now,
    );
    const updated = conditionsWithTransition(
      pod(['KruisePodReady']),
      preUpdate,
      { to: LifecycleState.Updated, markPodNotReady: true },
      now,
    );
    assert.equal(updated.find((c) => c.type === 'KruisePodReady')?.status, 'True');
  });
  it('leaves the conditions alone without the flag or without the gate', () => {
    const t = { to: LifecycleState.PreparingDelete, markPodNotReady: true };
    assert.equal(conditionsWithTransition(pod([]), ready, t, now), ready);
    assert.equal(
      conditionsWithTransition(pod(['KruisePodReady']), ready, { ...t, markPodNotReady: false }, now),
      ready,
    );
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
  // Values Kruise writes, from a Go program running its hashing over k8s.io/api v0.30 structs (outside this repo);
  // the first is also what the OpenKruise v1.8.2 manager wrote for it (npm run bench -- parity).
  const t = (name: string, storage: string, spec: Record<string, unknown> = {}) => ({
    metadata: { name },
    spec: { ...spec, resources: { requests: { storage } } },
  });
  it('is Kruise’s value', () => {
    assert.equal(
      volumeClaimTemplatesHash([t('data', '1Gi', { accessModes: ['ReadWriteOnce'] })]),
      '3636919212',
    );
    const rich = {
      metadata: { name: 'logs' },
      spec: {
        selector: { matchLabels: { tier: 'b', app: 'a' } },
        storageClassName: 'fast',
        resources: { limits: { storage: '1Gi' }, requests: { storage: '500Mi' } },
        accessModes: ['ReadWriteOnce', 'ReadOnlyMany'],
      },
    };
    assert.equal(volumeClaimTemplatesHash([rich]), '3837183559');
  });
  it('sorts names in Go’s byte order', () => {
    const vcts = [t('data-1', '1Gi'), t('data.2', '2Gi'), t('data', '3Gi'), t('data0', '4Gi')];
    assert.equal(volumeClaimTemplatesHash(vcts), '2368926858');
    assert.equal(volumeClaimTemplatesHash([...vcts].reverse()), '2368926858');
    // The value kruise-ts wrote before: revisions written then still carry it.
    assert.equal(earlierVolumeClaimTemplatesHash(vcts), '3219324015');
  });
});
