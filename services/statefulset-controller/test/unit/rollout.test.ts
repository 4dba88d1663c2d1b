// What an Advanced StatefulSet rollout waits for, when it is complete, and its RolloutProgress event: the pure
// side of the rollout trace (the tracking is @kruise-ts/runtime's, tested there).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RolloutPhase } from '@kruise-ts/bus';
import { LIFECYCLE_STATE_LABEL, LifecycleState } from '@kruise-ts/core';
import {
  expectedUpdated,
  isRolloutComplete,
  rolloutPhase,
  rolloutProgressEvent,
} from '../../src/rollout/progress.ts';
import { nextWakeMs, rolloutWaits, WaitReason } from '../../src/rollout/waits.ts';
import type { StatefulSetStatus } from '../../src/types.ts';
import { CURRENT, NOW, newSet, pod, UPDATE } from './fixtures.ts';

const status = (s: Partial<StatefulSetStatus>): StatefulSetStatus => ({
  replicas: 3,
  readyReplicas: 3,
  availableReplicas: 3,
  currentReplicas: 0,
  updatedReplicas: 3,
  updatedReadyReplicas: 3,
  updatedAvailableReplicas: 3,
  observedGeneration: 1,
  currentRevision: UPDATE,
  updateRevision: UPDATE,
  ...s,
});

const reasons = (w: ReturnType<typeof rolloutWaits>) => w.map((x) => [x.reason, x.sample.join(',')]);

describe('Advanced StatefulSet rollout waits', () => {
  const base = { updateRevisionName: UPDATE, now: NOW };

  it('names unready pods, and pods inside minReadySeconds with when the first becomes available', () => {
    const set = newSet({
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { minReadySeconds: 10, partition: 0 } },
    });
    const pods = [
      pod(0, { revision: UPDATE, readySince: new Date(NOW - 4_000).toISOString() }),
      pod(1, { revision: UPDATE, readySince: new Date(NOW - 8_000).toISOString() }),
      pod(2, { revision: UPDATE, ready: false }),
    ];
    const waits = rolloutWaits({ ...base, set, pods });
    assert.deepEqual(reasons(waits), [
      [WaitReason.Readiness, 'web-2'],
      [WaitReason.MinReadySeconds, 'web-0,web-1'],
    ]);
    assert.equal(nextWakeMs(waits), 2_000);
  });

  it('an OrderedReady round stopped on a pod waits on that predecessor', () => {
    const pods = [pod(0, { revision: UPDATE }), pod(1, { revision: UPDATE, ready: false })];
    const waits = rolloutWaits({
      ...base,
      set: newSet(),
      pods,
      scaleStop: 'unavailable',
      scaleStopPod: 'web-1',
    });
    assert.deepEqual(reasons(waits), [
      [WaitReason.Readiness, 'web-1'],
      [WaitReason.OrderedPredecessor, 'web-1'],
    ]);
  });

  it('a pod created this round (not yet seen) is the one the ordered round waits on', () => {
    const waits = rolloutWaits({
      ...base,
      set: newSet(),
      pods: [pod(0, { revision: UPDATE }), pod(1, { revision: UPDATE })],
      scaleStop: 'created',
      scaleStopPod: 'web-2',
    });
    assert.deepEqual(reasons(waits), [[WaitReason.OrderedPredecessor, 'web-2']]);
  });

  it('stops that are not about a pod getting ready are not ordered waits', () => {
    const waits = rolloutWaits({
      ...base,
      set: newSet(),
      pods: [pod(0, { revision: UPDATE })],
      scaleStop: 'set-deleting',
    });
    assert.deepEqual(waits, []);
  });

  it('maxUnavailable names the target it blocked on; pause names the pods left behind', () => {
    const pods = [pod(0), pod(1), pod(2, { revision: UPDATE, ready: false })];
    assert.deepEqual(
      reasons(
        rolloutWaits({ ...base, set: newSet(), pods, updateStop: 'max-unavailable', blockedPod: 'web-1' }),
      ),
      [
        [WaitReason.Readiness, 'web-2'],
        [WaitReason.MaxUnavailable, 'web-1'],
      ],
    );
    assert.deepEqual(reasons(rolloutWaits({ ...base, set: newSet(), pods, updateStop: 'paused' })), [
      [WaitReason.Readiness, 'web-2'],
      [WaitReason.Paused, 'web-0,web-1'],
    ]);
  });

  it('the partition holds the pods below it at the current revision', () => {
    const set = newSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } });
    const pods = [pod(0), pod(1, { revision: UPDATE }), pod(2, { revision: UPDATE })];
    assert.deepEqual(reasons(rolloutWaits({ ...base, set, pods })), [[WaitReason.Partition, 'web-0']]);
    assert.deepEqual(
      rolloutWaits({ ...base, set, pods: [pod(0), pod(1), pod(2, { revision: UPDATE })] }).map(
        (w) => w.reason,
      ),
      [],
      'more pods behind than the partition holds: not a partition wait',
    );
  });

  it('lifecycle hooks and in-place updates are their own waits, not readiness', () => {
    const hooked = pod(0, {
      ready: false,
      labels: { [LIFECYCLE_STATE_LABEL]: LifecycleState.PreparingUpdate },
    });
    const updating = pod(1, { ready: false, labels: { [LIFECYCLE_STATE_LABEL]: LifecycleState.Updating } });
    const gone = pod(2, { ready: false, terminating: true });
    assert.deepEqual(reasons(rolloutWaits({ ...base, set: newSet(), pods: [hooked, updating, gone] })), [
      [WaitReason.LifecycleHook, 'web-0'],
      [WaitReason.InPlaceUpdate, 'web-1'],
    ]);
  });
});

describe('Advanced StatefulSet rollout phase and RolloutProgress', () => {
  it('complete once every pod the partition allows is updated and all are available', () => {
    const set = newSet();
    assert.ok(isRolloutComplete(set, status({})));
    assert.ok(!isRolloutComplete(set, status({ observedGeneration: 0 })), 'an older generation');
    assert.ok(!isRolloutComplete(set, status({ updatedAvailableReplicas: 2 })));
    assert.ok(!isRolloutComplete(set, status({ availableReplicas: 2 })));
    const partitioned = newSet({
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
    });
    assert.equal(expectedUpdated(partitioned), 1);
    const held = status({ updatedReplicas: 1, updatedReadyReplicas: 1, updatedAvailableReplicas: 1 });
    assert.ok(isRolloutComplete(partitioned, held));
    assert.equal(rolloutPhase(partitioned, held, []).reason, WaitReason.Partition);
    assert.equal(rolloutPhase(set, status({}), []).reason, 'RolloutComplete');
  });

  it('waiting names the wait that explains the stall best; otherwise progressing', () => {
    const set = newSet();
    const running = status({ updatedReplicas: 1, updatedAvailableReplicas: 1, availableReplicas: 2 });
    const phase = rolloutPhase(set, running, [
      { reason: WaitReason.Readiness, pods: 1, sample: ['web-1'] },
      { reason: WaitReason.OrderedPredecessor, pods: 1, sample: ['web-1'] },
    ]);
    assert.deepEqual(phase, {
      phase: RolloutPhase.ROLLOUT_PHASE_WAITING,
      reason: WaitReason.OrderedPredecessor,
      message: '1 pod(s): web-1',
    });
    assert.equal(rolloutPhase(set, running, []).phase, RolloutPhase.ROLLOUT_PHASE_PROGRESSING);
    const paused = newSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { paused: true } } });
    assert.equal(rolloutPhase(paused, running, []).phase, RolloutPhase.ROLLOUT_PHASE_PAUSED);
  });

  it('the event names the v1beta1 StatefulSet and is de-duplicated by uid and resourceVersion', () => {
    const set = newSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } });
    const s = status({ currentRevision: CURRENT, updatedReplicas: 2 });
    const event = rolloutProgressEvent({
      set: set as typeof set & { metadata: { name: string; namespace: string; uid: string } },
      status: s,
      resourceVersion: '42',
      phase: rolloutPhase(set, s, []),
    });
    assert.equal(event.meta?.eventId, 'set-uid:42');
    assert.deepEqual(event.workload, {
      kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'StatefulSet' },
      namespace: 'ns',
      name: 'web',
      uid: 'set-uid',
    });
    assert.equal(event.updatePartition, 1);
    assert.equal(event.updatedReplicas, 2);
    assert.equal(event.currentRevision, CURRENT);
  });
});
