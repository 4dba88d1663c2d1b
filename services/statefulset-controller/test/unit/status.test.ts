// Mirrors stateful_set_control_test.go status expectations (TestStatefulSetControlRollingUpdate completion,
// TestUpdateStatefulSetWithMinReadySeconds), stateful_set_utils_test.go (TestCompleteRollingUpdate,
// TestInconsistentStatus) and stateful_set_status_updater_test.go; docs/behaviour/advanced-statefulset.md#status.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  completeRollingUpdate,
  computeReplicaCounts,
  computeStatus,
  type StatefulSetStatus,
  shouldWriteStatus,
} from '../../src/index.ts';
import { CURRENT, NOW, newSet, pod, pvc, UPDATE, VCT } from './fixtures.ts';

describe('computeReplicaStatus', () => {
  it('counts created, ready, available, current/updated (terminating excluded)', () => {
    const pods = [
      pod(0),
      pod(1, { revision: UPDATE }),
      pod(2, { revision: UPDATE, readySince: '2026-01-01T00:09:59Z' }),
      pod(3, { phase: 'Pending', ready: false }),
      pod(4, { terminating: true }),
      { ...pod(5), status: {} },
    ];
    assert.deepEqual(computeReplicaCounts(pods, 10, CURRENT, UPDATE, NOW), {
      replicas: 5,
      readyReplicas: 4,
      availableReplicas: 3,
      currentReplicas: 2,
      updatedReplicas: 2,
      updatedReadyReplicas: 2,
      updatedAvailableReplicas: 1,
    });
  });
});

describe('TestCompleteRollingUpdate', () => {
  const base: StatefulSetStatus = {
    replicas: 3,
    readyReplicas: 3,
    availableReplicas: 3,
    currentReplicas: 0,
    updatedReplicas: 3,
    currentRevision: CURRENT,
    updateRevision: UPDATE,
  };
  const cases: { name: string; status: StatefulSetStatus; type?: 'OnDelete'; complete: boolean }[] = [
    { name: 'all updated and ready', status: base, complete: true },
    { name: 'not all ready', status: { ...base, readyReplicas: 2 }, complete: false },
    { name: 'not all updated', status: { ...base, updatedReplicas: 2 }, complete: false },
    { name: 'OnDelete never completes', status: base, type: 'OnDelete', complete: false },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const set = newSet(c.type === undefined ? {} : { updateStrategy: { type: 'OnDelete' } });
      const out = completeRollingUpdate(set, c.status);
      assert.equal(out.currentRevision, c.complete ? UPDATE : CURRENT);
      assert.equal(out.currentReplicas, c.complete ? 3 : c.status.currentReplicas);
    });
  }
});

describe('computeStatus', () => {
  it('whole status with selector, collision count, generation, volume claims and decrements', () => {
    const set = newSet({ replicas: 2, volumeClaimTemplates: [VCT] }, { generation: 7 });
    const status = computeStatus({
      set,
      pods: [pod(0), pod(1)],
      pvcs: [pvc('data-web-0'), { ...pvc('data-web-1'), status: { capacity: { storage: '512Mi' } } }],
      validOrdinals: [0, 1],
      currentRevisionName: CURRENT,
      updateRevisionName: UPDATE,
      collisionCount: 0,
      now: NOW,
      currentReplicasDelta: -1,
    });
    assert.deepEqual(status, {
      observedGeneration: 7,
      replicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      currentReplicas: 1,
      updatedReplicas: 0,
      currentRevision: CURRENT,
      updateRevision: UPDATE,
      collisionCount: 0,
      labelSelector: 'app=web',
      volumeClaims: [{ volumeClaimName: 'data', compatibleReplicas: 2, compatibleReadyReplicas: 1 }],
    });
  });
  it('partition > 0 keeps the current revision forever', () => {
    const set = newSet({
      replicas: 2,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, maxUnavailable: 1 } },
    });
    const s = computeStatus({
      set,
      pods: [pod(0), pod(1, { revision: UPDATE })],
      pvcs: [],
      validOrdinals: [0, 1],
      currentRevisionName: CURRENT,
      updateRevisionName: UPDATE,
      collisionCount: 0,
      now: NOW,
    });
    assert.equal(s.currentRevision, CURRENT);
  });
});

describe('TestInconsistentStatus: shouldWriteStatus', () => {
  const old: StatefulSetStatus = {
    observedGeneration: 2,
    replicas: 3,
    readyReplicas: 3,
    availableReplicas: 3,
    currentReplicas: 3,
    updatedReplicas: 3,
    updatedReadyReplicas: 3,
    updatedAvailableReplicas: 3,
    currentRevision: CURRENT,
    updateRevision: CURRENT,
    labelSelector: 'app=web',
    volumeClaims: [{ volumeClaimName: 'data', compatibleReplicas: 3, compatibleReadyReplicas: 3 }],
  };
  const cases: { name: string; change: Partial<StatefulSetStatus>; write: boolean }[] = [
    { name: 'identical', change: {}, write: false },
    { name: 'observedGeneration grew', change: { observedGeneration: 3 }, write: true },
    { name: 'observedGeneration shrank', change: { observedGeneration: 1 }, write: false },
    { name: 'readyReplicas', change: { readyReplicas: 2 }, write: true },
    { name: 'availableReplicas', change: { availableReplicas: 2 }, write: true },
    { name: 'updateRevision', change: { updateRevision: UPDATE }, write: true },
    { name: 'labelSelector', change: { labelSelector: 'app=x' }, write: true },
    { name: 'updatedReadyReplicas alone', change: { updatedReadyReplicas: 1 }, write: false },
    { name: 'updatedAvailableReplicas alone', change: { updatedAvailableReplicas: 1 }, write: false },
    {
      name: 'conditions alone',
      change: { conditions: [{ type: 'FailedCreatePod', status: 'True' }] },
      write: false,
    },
    { name: 'collisionCount alone', change: { collisionCount: 1 }, write: false },
    {
      name: 'volume claim counts',
      change: {
        volumeClaims: [{ volumeClaimName: 'data', compatibleReplicas: 2, compatibleReadyReplicas: 2 }],
      },
      write: true,
    },
    { name: 'volume claim removed', change: { volumeClaims: [] }, write: true },
    {
      name: 'volume claim added only',
      change: {
        volumeClaims: [
          ...(old.volumeClaims ?? []),
          { volumeClaimName: 'logs', compatibleReplicas: 0, compatibleReadyReplicas: 0 },
        ],
      },
      write: false,
    },
  ];
  for (const c of cases)
    it(c.name, () => assert.equal(shouldWriteStatus(old, { ...old, ...c.change }), c.write));
  it('no previous status', () => assert.equal(shouldWriteStatus(undefined, old), true));
});
