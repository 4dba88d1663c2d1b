// What a CloneSet rollout waits for and its RolloutProgress phase (the trace bookkeeping is @kruise-ts/runtime's,
// tested in packages/runtime/test/unit/rollout-trace.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RolloutPhase } from '@kruise-ts/bus';
import { INPLACE_UPDATE_GRACE_KEY, INPLACE_UPDATE_STATE_KEY } from '@kruise-ts/core';
import { isRolloutComplete, rolloutPhase, rolloutProgressEvent } from '../../src/rollout/progress.ts';
import { nextWakeMs, rolloutWaits, untilAvailableMs, WaitReason } from '../../src/rollout/waits.ts';
import { EMPTY_DIFFS } from '../../src/sync/expectation-diffs.ts';
import type { CloneSetStatus } from '../../src/types.ts';
import { makeCloneSet, makePod, NEW, NOW, OLD } from './helpers.ts';

const status = (s: Partial<CloneSetStatus>): CloneSetStatus => ({
  replicas: 0,
  readyReplicas: 0,
  availableReplicas: 0,
  updatedReplicas: 0,
  updatedReadyReplicas: 0,
  ...s,
});

describe('rolloutWaits', () => {
  it('names unready pods, pods inside minReadySeconds (with when they become available) and lifecycle holds', () => {
    const cs = makeCloneSet({ replicas: 3, minReadySeconds: 10 });
    const pods = [
      makePod({
        name: 'a',
        revision: NEW,
        state: 'Normal',
        ready: true,
        readySince: NOW - 4_000,
        nodeName: 'n',
      }),
      makePod({ name: 'b', revision: NEW, state: 'Normal', ready: false, nodeName: 'n' }),
      makePod({ name: 'c', revision: OLD, state: 'PreparingDelete', ready: true, readySince: NOW - 60_000 }),
    ];
    const waits = rolloutWaits({ cloneSet: cs, pods, updateRevision: NEW, now: NOW });
    const by = Object.fromEntries(waits.map((w) => [w.reason, w]));
    assert.deepEqual(by[WaitReason.Readiness]?.sample, ['b']);
    assert.deepEqual(by[WaitReason.MinReadySeconds]?.sample, ['a']);
    assert.equal(by[WaitReason.MinReadySeconds]?.remainingMs, 6_001, 'Kruise: strictly after ready + 10 s');
    assert.deepEqual(by[WaitReason.LifecycleHook]?.sample, ['c']);
    assert.equal(nextWakeMs(waits), 6_001);
  });

  it('reports the in-place grace period with its remaining time', () => {
    const cs = makeCloneSet({ replicas: 1 });
    const pod = makePod({
      name: 'g',
      revision: NEW,
      state: 'Updating',
      ready: true,
      annotations: {
        [INPLACE_UPDATE_GRACE_KEY]: JSON.stringify({
          revision: NEW,
          containerImages: { c: 'x' },
          graceSeconds: 30,
        }),
        [INPLACE_UPDATE_STATE_KEY]: JSON.stringify({
          revision: NEW,
          updateTimestamp: new Date(NOW - 10_000).toISOString(),
        }),
      },
    });
    const [grace] = rolloutWaits({ cloneSet: cs, pods: [pod], updateRevision: NEW, now: NOW });
    assert.equal(grace?.reason, WaitReason.GracePeriod);
    assert.equal(grace?.remainingMs, 20_000);
  });

  it('maxUnavailable when the update moved fewer pods than it wanted; partition when the rest is held back', () => {
    const cs = makeCloneSet({ replicas: 4, partition: 2 });
    const ready = (name: string, revision: string) =>
      makePod({ name, revision, state: 'Normal', ready: true, nodeName: 'n' });
    const pods = [ready('a', OLD), ready('b', OLD), ready('c', OLD), ready('d', NEW)];
    const limited = rolloutWaits({
      cloneSet: cs,
      pods,
      updateRevision: NEW,
      now: NOW,
      updateDiffs: { ...EMPTY_DIFFS, updateNum: 1 },
      updated: 0,
      updateCandidates: 3,
    });
    assert.ok(limited.some((w) => w.reason === WaitReason.MaxUnavailable));
    const held = rolloutWaits({
      cloneSet: cs,
      pods: [ready('a', OLD), ready('b', OLD), ready('c', NEW), ready('d', NEW)],
      updateRevision: NEW,
      now: NOW,
    });
    assert.deepEqual(
      held.map((w) => w.reason),
      [WaitReason.Partition],
    );
  });

  it('untilAvailableMs is undefined for pods that are not ready or without minReadySeconds', () => {
    assert.equal(untilAvailableMs(makePod({ ready: false }), 10, NOW), undefined);
    assert.equal(untilAvailableMs(makePod({ ready: true, readySince: NOW }), 0, NOW), undefined);
  });
});

describe('rolloutPhase and RolloutProgress', () => {
  const cs = {
    ...makeCloneSet({ replicas: 5, partition: 3 }),
    metadata: { name: 'cs', namespace: 'ns', uid: 'u', generation: 2 },
  };
  const done = status({
    observedGeneration: 2,
    replicas: 5,
    readyReplicas: 5,
    availableReplicas: 5,
    updatedReplicas: 2,
    updatedReadyReplicas: 2,
    updatedAvailableReplicas: 2,
    expectedUpdatedReplicas: 2,
    currentRevision: OLD,
    updateRevision: NEW,
  });

  it('COMPLETE at the partition once the updated pods are available', () => {
    assert.ok(isRolloutComplete(cs, done));
    assert.deepEqual(rolloutPhase(cs, done, []).phase, RolloutPhase.ROLLOUT_PHASE_COMPLETE);
    assert.equal(rolloutPhase(cs, done, []).reason, WaitReason.Partition);
    assert.ok(!isRolloutComplete(cs, { ...done, observedGeneration: 1 }), 'not for an older generation');
  });

  it('PAUSED when paused, WAITING with the most telling wait first, else PROGRESSING', () => {
    const midway = { ...done, updatedAvailableReplicas: 1, availableReplicas: 4 };
    const paused = { ...cs, spec: { ...cs.spec, updateStrategy: { rollingUpdate: { paused: true } } } };
    assert.equal(rolloutPhase(paused, midway, []).phase, RolloutPhase.ROLLOUT_PHASE_PAUSED);
    const waits = [
      { reason: WaitReason.MinReadySeconds, pods: 1, sample: ['a'] },
      { reason: WaitReason.Readiness, pods: 1, sample: ['b'] },
    ];
    const waiting = rolloutPhase(cs, midway, waits);
    assert.equal(waiting.phase, RolloutPhase.ROLLOUT_PHASE_WAITING);
    assert.equal(waiting.reason, WaitReason.Readiness);
    assert.equal(rolloutPhase(cs, midway, []).phase, RolloutPhase.ROLLOUT_PHASE_PROGRESSING);
  });

  it('the event carries the workload, counters, partition and a per-write id', () => {
    const e = rolloutProgressEvent({
      cloneSet: cs,
      status: done,
      resourceVersion: '77',
      phase: rolloutPhase(cs, done, []),
    });
    assert.equal(e.meta?.eventId, 'u:77');
    assert.deepEqual(e.workload, {
      kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'CloneSet' },
      namespace: 'ns',
      name: 'cs',
      uid: 'u',
    });
    assert.deepEqual(
      [
        e.generation,
        e.observedGeneration,
        e.updatePartition,
        e.updatedReplicas,
        e.updateRevision,
        e.currentRevision,
      ],
      [2, 2, 3, 2, NEW, OLD],
    );
  });
});
