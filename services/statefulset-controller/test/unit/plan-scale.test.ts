// Mirrors stateful_set_utils_test.go:TestIsCurrentRevisionNeeded and the scaling parts of
// stateful_set_control_test.go (CreatesPods/ScalesUp/ScalesDown/RecreatesFailedPod under TestStatefulSetControl,
// TestScaleUpStatefulSetWithMinReadySeconds, TestScaleUpWithMaxUnavailable, TestStatefulSetControlWithStartOrdinal)
// and the reserveOrdinals examples of docs/behaviour/advanced-statefulset.md#ordinals / docs/behaviour/advanced-statefulset.md#scaling / docs/behaviour/advanced-statefulset.md#condemned.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  getStatefulSetReplicasRange,
  isCurrentRevisionNeeded,
  planScale,
  type ScaleAction,
  type ScalePlan,
  type StatefulSet,
  type StatefulSetPod,
  scaleActionOrder,
} from '../../src/index.ts';
import {
  CURRENT,
  NOW,
  newSet,
  type PodState,
  pod,
  pvc,
  TEMPLATE,
  UPDATE,
  UPDATE_TEMPLATE,
  VCT,
} from './fixtures.ts';

function plan(set: StatefulSet, pods: StatefulSetPod[], pvcs = [] as ReturnType<typeof pvc>[]): ScalePlan {
  return planScale({
    set,
    pods,
    pvcs,
    currentRevisionName: CURRENT,
    updateRevisionName: UPDATE,
    currentTemplate: TEMPLATE,
    updateTemplate: UPDATE_TEMPLATE,
    now: NOW,
    gates: { startOrdinal: true },
  });
}

function summary(actions: ScaleAction[]): string[] {
  return actions.map((a) => {
    switch (a.type) {
      case 'create-pod':
        return `create ${a.pod.metadata.name}@${a.revision}`;
      case 'delete-pod':
        return `delete ${a.pod.metadata.name}`;
      case 'prepare-delete':
        return `prepare-delete ${a.pod.metadata.name}`;
      case 'create-claims':
        return `claims ${a.claims.map((c) => c.metadata?.name).join(',')}`;
      case 'set-lifecycle-state':
        return `state ${a.pod.metadata.name}=${a.state}`;
      case 'update-pod':
        return `update ${a.pod.metadata.name}`;
      case 'update-claim':
        return `update-claim ${a.claim.metadata?.name}`;
    }
    return '';
  });
}

const ready = (ordinals: number[], state: PodState = {}) => ordinals.map((o) => pod(o, state));

describe('TestIsCurrentRevisionNeeded', () => {
  const cases: {
    name: string;
    spec: Partial<StatefulSet['spec']>;
    currentReplicas?: number;
    ordinal: number;
    replicas?: [number, string][];
    want: boolean;
  }[] = [
    {
      name: 'OnDelete ⇒ update revision',
      spec: { updateStrategy: { type: 'OnDelete' } },
      ordinal: 0,
      want: false,
    },
    {
      name: 'no rollingUpdate: ordinal < currentReplicas',
      spec: { updateStrategy: { type: 'RollingUpdate' } },
      currentReplicas: 2,
      ordinal: 1,
      want: true,
    },
    {
      name: 'no rollingUpdate: ordinal ≥ currentReplicas',
      spec: { updateStrategy: { type: 'RollingUpdate' } },
      currentReplicas: 2,
      ordinal: 2,
      want: false,
    },
    {
      name: 'partition 2, ordinal 1',
      spec: { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } },
      ordinal: 1,
      want: true,
    },
    {
      name: 'partition 2, ordinal 2',
      spec: { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } },
      ordinal: 2,
      want: false,
    },
    {
      name: 'partition 0',
      spec: { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } } },
      ordinal: 0,
      want: false,
    },
    {
      name: 'partition 2, reserve [1]: ordinal 2 is the 2nd pod',
      spec: {
        reserveOrdinals: [1],
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
      },
      ordinal: 2,
      want: true,
    },
    {
      name: 'partition 2, reserve [1]: ordinal 3 is the 3rd pod',
      spec: {
        reserveOrdinals: [1],
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
      },
      ordinal: 3,
      want: false,
    },
    {
      name: 'start 2, partition 1: ordinal 2 is the 1st pod',
      spec: {
        ordinals: { start: 2 },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
      },
      ordinal: 2,
      want: true,
    },
    {
      name: 'unordered, partition 1, one other pod not updated ⇒ update',
      spec: {
        podManagementPolicy: 'Parallel',
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1, unorderedUpdate: {} } },
      },
      ordinal: 2,
      replicas: [
        [0, CURRENT],
        [1, UPDATE],
      ],
      want: false,
    },
    {
      name: 'unordered, partition 2, one other pod not updated ⇒ current',
      spec: {
        podManagementPolicy: 'Parallel',
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2, unorderedUpdate: {} } },
      },
      ordinal: 2,
      replicas: [
        [0, CURRENT],
        [1, UPDATE],
      ],
      want: true,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const set = newSet({ replicas: 4, ...c.spec });
      set.status = {
        replicas: 0,
        readyReplicas: 0,
        availableReplicas: 0,
        currentReplicas: c.currentReplicas ?? 0,
        updatedReplicas: 0,
      };
      const range = getStatefulSetReplicasRange(set, { startOrdinal: true });
      const replicas = new Map((c.replicas ?? []).map(([o, r]) => [o, pod(o, { revision: r })]));
      assert.equal(isCurrentRevisionNeeded(set, UPDATE, c.ordinal, range, replicas), c.want);
    });
  }
});

describe('OrderedReady (monotonic) scaling', () => {
  it('CreatesPods: from nothing, one pod per round, at the update revision', () => {
    const p = plan(newSet(), []);
    assert.deepEqual(summary(p.actions), [`create web-0@update`]);
    assert.equal(p.stop, 'created');
  });
  it('partition 3 during an update: new pods at the current revision', () => {
    const set = newSet({
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 3, maxUnavailable: 1 } },
    });
    const p = plan(set, ready([0]));
    assert.deepEqual(summary(p.actions), ['create web-1@current']);
    const created = p.actions[0];
    assert.ok(created?.type === 'create-pod');
    assert.equal(created.pod.spec.containers[0]?.image, 'nginx:1');
    assert.equal(created.pod.metadata.labels['controller-revision-hash'], CURRENT);
  });
  it('ScalesUp: waits while a predecessor is not ready', () => {
    const p = plan(newSet(), [pod(0, { ready: false })]);
    assert.deepEqual(p.actions, []);
    assert.equal(p.stop, 'unavailable');
    assert.equal(p.stopPod, 'web-0');
  });
  it('refreshes a lifecycle state before waiting on the pod (processReplica): markPodNotReady cannot deadlock it', () => {
    // web-1 finished its in-place update but markPodNotReady keeps it unready until it is Updated.
    const hook = { labelsHandler: { hold: 'true' }, markPodNotReady: true };
    const set = newSet({ lifecycle: { inPlaceUpdate: hook } });
    const updating = pod(1, { ready: false, labels: { 'lifecycle.apps.kruise.io/state': 'Updating' } });
    const p = plan(set, [pod(0), updating, pod(2)]);
    assert.deepEqual(summary(p.actions), ['state web-1=Updated']);
    assert.equal(p.stop, 'unavailable');
    assert.equal(p.stopPod, 'web-1');
  });
  it('waits for a pending predecessor', () => {
    const p = plan(newSet(), [pod(0, { phase: 'Pending', ready: false })]);
    assert.equal(p.stop, 'unavailable');
  });
  it('TestScaleUpStatefulSetWithMinReadySeconds: waits the remaining minReadySeconds', () => {
    const set = newSet({
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0, maxUnavailable: 1, minReadySeconds: 30 },
      },
    });
    const p = plan(set, [pod(0, { readySince: '2026-01-01T00:09:50Z' })]);
    assert.equal(p.stop, 'unavailable');
    assert.equal(p.requeueAfterMs, 20_000);
    const later = plan(set, [pod(0, { readySince: '2026-01-01T00:09:30Z' })]);
    assert.deepEqual(summary(later.actions), ['create web-1@update']);
  });
  it('a terminating replica blocks the round', () => {
    const p = plan(newSet(), [pod(0, { terminating: true })]);
    assert.equal(p.stop, 'terminating');
    assert.deepEqual(p.actions, []);
  });
  it('RecreatesFailedPod: the failed pod is deleted and the round ends', () => {
    const p = plan(newSet(), [pod(0), pod(1, { phase: 'Failed', ready: false }), pod(2)]);
    assert.deepEqual(summary(p.actions), ['delete web-1']);
    assert.equal(p.stop, 'finished-pod');
  });
  it('ScalesDown: condemned deleted highest first, one per round', () => {
    const p = plan(newSet({ replicas: 1 }), ready([0, 1, 2]));
    assert.deepEqual(summary(p.actions), ['delete web-2']);
    assert.equal(p.stop, 'condemned-deleted');
    assert.deepEqual(
      p.condemned.map((c) => c.metadata.name),
      ['web-2', 'web-1'],
    );
  });
  it('no deletion while a valid replica is unavailable', () => {
    const p = plan(newSet({ replicas: 1 }), [pod(0, { ready: false }), pod(1), pod(2)]);
    assert.deepEqual(p.actions, []);
    assert.equal(p.stop, 'unavailable');
  });
  it('a condemned terminating pod blocks further deletions', () => {
    const p = plan(newSet({ replicas: 1 }), [pod(0), pod(1), pod(2, { terminating: true })]);
    assert.deepEqual(p.actions, []);
    assert.equal(p.stop, 'condemned-waiting');
  });
  it('an unhealthy condemned pod waits unless it is the first unhealthy pod', () => {
    const both = plan(newSet({ replicas: 1 }), [pod(0), pod(1, { ready: false }), pod(2, { ready: false })]);
    assert.equal(both.stop, 'condemned-waiting');
    assert.equal(both.stopPod, 'web-2');
    const first = plan(newSet({ replicas: 1 }), [pod(0), pod(1), pod(2, { ready: false })]);
    assert.deepEqual(summary(first.actions), ['delete web-2']);
  });
  it('reserveOrdinals [1] on pods {0,1,2}: create pod-3 first, delete pod-1 once pod-3 is available', () => {
    const set = newSet({ reserveOrdinals: [1] });
    const first = plan(set, ready([0, 1, 2]));
    assert.deepEqual(summary(first.actions), ['create web-3@update']);
    const pending = plan(set, [...ready([0, 1, 2]), pod(3, { phase: 'Pending', ready: false })]);
    assert.deepEqual(pending.actions, []);
    const second = plan(set, ready([0, 1, 2, 3]));
    assert.deepEqual(summary(second.actions), ['delete web-1']);
  });
  it('replicas 2, reserve [1]: delete pod-1 only', () => {
    const p = plan(newSet({ replicas: 2, reserveOrdinals: [1] }), ready([0, 1, 2]));
    assert.deepEqual(summary(p.actions), ['delete web-1']);
  });
  it('TestStatefulSetControlWithStartOrdinal: start 2 ⇒ web-2 first; web-0/web-1 condemned later', () => {
    const set = newSet({ replicas: 3, ordinals: { start: 2 } });
    assert.deepEqual(summary(plan(set, ready([0, 1])).actions), ['create web-2@update']);
    assert.deepEqual(summary(plan(set, ready([0, 1, 2, 3, 4])).actions), ['delete web-1']);
  });
  it('preDelete hook: condemned pod goes to PreparingDelete instead of being deleted', () => {
    const set = newSet({ replicas: 1, lifecycle: { preDelete: { labelsHandler: { protect: 'true' } } } });
    const p = plan(set, [pod(0), pod(1, { labels: { protect: 'true' } })]);
    assert.deepEqual(summary(p.actions), ['prepare-delete web-1']);
    const again = plan(set, [
      pod(0),
      pod(1, { labels: { protect: 'true', 'lifecycle.apps.kruise.io/state': 'PreparingDelete' } }),
    ]);
    assert.deepEqual(again.actions, []);
  });
  it('a set being deleted only gets its status', () => {
    const p = plan(newSet({}, { deletionTimestamp: '2026-01-01T00:00:00Z' }), []);
    assert.equal(p.stop, 'set-deleting');
    assert.deepEqual(p.actions, []);
  });
  it('PreparingNormal without a preNormal hook is moved to Normal', () => {
    const p = plan(newSet({ replicas: 1 }), [
      pod(0, { labels: { 'lifecycle.apps.kruise.io/state': 'PreparingNormal' } }),
    ]);
    assert.deepEqual(summary(p.actions), ['state web-0=Normal']);
  });
  it('identity drift (missing pod-name label) ⇒ pod update', () => {
    const drifted = pod(0);
    delete drifted.metadata.labels?.['statefulset.kubernetes.io/pod-name'];
    const p = plan(newSet({ replicas: 1 }), [drifted]);
    assert.deepEqual(summary(p.actions), ['update web-0']);
  });
});

describe('Parallel (burst) scaling', () => {
  const parallel = (spec: Partial<StatefulSet['spec']> = {}) =>
    newSet({ podManagementPolicy: 'Parallel', ...spec });
  it('creates every missing pod at once', () => {
    const p = plan(parallel({ replicas: 3 }), []);
    assert.deepEqual(summary(p.actions), [
      'create web-0@update',
      'create web-1@update',
      'create web-2@update',
    ]);
    assert.equal(p.stop, undefined);
  });
  it('does not wait for unready pods and deletes all condemned together', () => {
    const p = plan(parallel({ replicas: 2 }), [pod(0, { ready: false }), pod(2), pod(3, { ready: false })]);
    assert.deepEqual(summary(p.actions), ['create web-1@update', 'delete web-3', 'delete web-2']);
  });
  it('failed pods are deleted without ending the round', () => {
    const p = plan(parallel({ replicas: 3 }), [pod(0, { phase: 'Failed' }), pod(1)]);
    assert.deepEqual(summary(p.actions), ['delete web-0', 'create web-2@update']);
  });
  it('TestScaleUpWithMaxUnavailable: 5 replicas, budget 2 ⇒ 2 pods, then 3 once pod-1 is ready', () => {
    const set = parallel({ replicas: 5, scaleStrategy: { maxUnavailable: 2 } });
    const first = plan(set, []);
    assert.deepEqual(summary(first.actions), ['create web-0@update', 'create web-1@update']);
    assert.equal(first.stop, undefined);
    assert.equal(first.scaleMaxUnavailable, 2);
    const second = plan(set, [pod(0, { phase: 'Pending', ready: false }), pod(1)]);
    assert.deepEqual(summary(second.actions), ['create web-2@update']);
  });
  it('e2e scale strategy: 3→10 with maxUnavailable 2 ⇒ 5 pods right after', () => {
    const set = parallel({ replicas: 10, scaleStrategy: { maxUnavailable: 2 } });
    const p = plan(set, ready([0, 1, 2]));
    assert.equal(p.actions.filter((a) => a.type === 'create-pod').length, 2);
  });
  it('percent budget rounds down with a minimum of 1', () => {
    assert.equal(
      plan(parallel({ replicas: 10, scaleStrategy: { maxUnavailable: '25%' } }), []).scaleMaxUnavailable,
      2,
    );
    assert.equal(
      plan(parallel({ replicas: 3, scaleStrategy: { maxUnavailable: '10%' } }), []).scaleMaxUnavailable,
      1,
    );
  });
  it('budget 1 never replaces a failed pod (the budget is spent before deleting)', () => {
    const p = plan(parallel({ replicas: 2, scaleStrategy: { maxUnavailable: 1 } }), [
      pod(0, { phase: 'Failed' }),
      pod(1),
    ]);
    assert.deepEqual(p.actions, []);
  });
});

describe('PVCs', () => {
  const withClaims = (spec: Partial<StatefulSet['spec']> = {}) =>
    newSet({ volumeClaimTemplates: [VCT], ...spec });
  it('missing claims are created before the pod', () => {
    const p = plan(withClaims({ replicas: 1 }), []);
    const a = p.actions[0];
    assert.ok(a?.type === 'create-pod');
    assert.deepEqual(
      a.claims.map((c) => c.metadata?.name),
      ['data-web-0'],
    );
    assert.deepEqual(a.claims[0]?.metadata?.labels, { app: 'web' });
  });
  it('existing claims are not created again', () => {
    const p = plan(withClaims({ replicas: 1 }), [], [pvc('data-web-0')]);
    const a = p.actions[0];
    assert.ok(a?.type === 'create-pod');
    assert.deepEqual(a.claims, []);
  });
  it('a terminating claim fails the creation (FailedCreatePod)', () => {
    const p = plan(
      withClaims({ replicas: 1 }),
      [],
      [pvc('data-web-0', { deletionTimestamp: '2026-01-01T00:00:00Z' })],
    );
    assert.equal(p.stop, 'claim-terminating');
    assert.match(p.failedCreateMessage ?? '', /pvc data-web-0 is to be deleted/);
    assert.deepEqual(p.actions, []);
  });
  it('a pending pod gets its missing claims recreated', () => {
    const p = plan(withClaims({ replicas: 1 }), [
      pod(0, { phase: 'Pending', ready: false, volumes: [{ name: 'data', claim: 'data-web-0' }] }),
    ]);
    assert.deepEqual(summary(p.actions), ['claims data-web-0']);
  });
  it('whenScaled Delete: a stale pod ref on the claim blocks the creation', () => {
    const set = withClaims({
      replicas: 1,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' },
    });
    const stale = pvc('data-web-0', {
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'web-0', uid: 'old' }],
    });
    const p = plan(set, [], [stale]);
    assert.equal(p.stop, 'stale-claim');
  });
  it('condemned pods get a pod ownerRef on their claims before deletion (whenScaled Delete)', () => {
    const set = withClaims({
      replicas: 1,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' },
    });
    const vol = (o: number) => ({ volumes: [{ name: 'data', claim: `data-web-${o}` }] });
    const p = plan(set, [pod(0, vol(0)), pod(1, vol(1))], [pvc('data-web-0'), pvc('data-web-1')]);
    assert.deepEqual(summary(p.actions), ['update-claim data-web-1', 'delete web-1']);
    const upd = p.actions[0];
    assert.ok(upd?.type === 'update-claim');
    assert.deepEqual(upd.claim.metadata?.ownerReferences, [
      { apiVersion: 'v1', kind: 'Pod', name: 'web-1', uid: 'uid-web-1' },
    ]);
  });
});

describe("scaleActionOrder (runForAll: slow-start batches for a Parallel set's condemned pods and lifecycle moves)", () => {
  const order = (set: StatefulSet, pods: StatefulSetPod[]) => {
    const split = scaleActionOrder(set, plan(set, pods));
    return {
      lifecycleBatch: summary(split.lifecycleBatch),
      inOrder: summary(split.inOrder),
      condemnedBatch: summary(split.condemnedBatch),
    };
  };
  const cases: {
    name: string;
    set: StatefulSet;
    pods: StatefulSetPod[];
    lifecycle?: string[];
    inOrder: string[];
    batch: string[];
  }[] = [
    {
      name: 'Parallel: failed replica in order, condemned in the batch, creations in neither',
      set: newSet({ podManagementPolicy: 'Parallel', replicas: 3 }),
      pods: [pod(0, { phase: 'Failed' }), pod(1), pod(3), pod(4)],
      inOrder: ['delete web-0'],
      batch: ['delete web-4', 'delete web-3'],
    },
    {
      name: 'Parallel: a preDelete hook on a condemned pod is batched too',
      set: newSet({
        podManagementPolicy: 'Parallel',
        replicas: 1,
        lifecycle: { preDelete: { labelsHandler: { protect: 'true' } } },
      }),
      pods: [pod(0), pod(1, { labels: { protect: 'true' } }), pod(2)],
      inOrder: [],
      batch: ['delete web-2', 'prepare-delete web-1'],
    },
    {
      name: 'Parallel: lifecycle moves in their own batch, a failed replica in order',
      set: newSet({ podManagementPolicy: 'Parallel', replicas: 3 }),
      pods: [
        pod(0, { phase: 'Failed' }),
        pod(1, { labels: { 'lifecycle.apps.kruise.io/state': 'Updated' } }),
        pod(2, { labels: { 'lifecycle.apps.kruise.io/state': 'Updated' } }),
      ],
      lifecycle: ['state web-1=Normal', 'state web-2=Normal'],
      inOrder: ['delete web-0'],
      batch: [],
    },
    {
      name: 'OrderedReady: lifecycle moves stay in order',
      set: newSet({ replicas: 2 }),
      pods: [pod(0, { labels: { 'lifecycle.apps.kruise.io/state': 'Updated' } }), pod(1)],
      inOrder: ['state web-0=Normal'],
      batch: [],
    },
    {
      name: 'OrderedReady: the one condemned deletion stays in order',
      set: newSet({ replicas: 1 }),
      pods: ready([0, 1, 2]),
      inOrder: ['delete web-2'],
      batch: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(order(c.set, c.pods), {
        lifecycleBatch: c.lifecycle ?? [],
        inOrder: c.inOrder,
        condemnedBatch: c.batch,
      });
    });
  }
  it('condemned claim ownerRefs go in order, before the batched deletions', () => {
    const set = newSet({
      podManagementPolicy: 'Parallel',
      replicas: 1,
      volumeClaimTemplates: [VCT],
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' },
    });
    const vol = (o: number) => ({ volumes: [{ name: 'data', claim: `data-web-${o}` }] });
    const split = scaleActionOrder(
      set,
      plan(set, [pod(0, vol(0)), pod(1, vol(1))], [pvc('data-web-0'), pvc('data-web-1')]),
    );
    assert.deepEqual(summary(split.inOrder), ['update-claim data-web-1']);
    assert.deepEqual(summary(split.condemnedBatch), ['delete web-1']);
  });
});
