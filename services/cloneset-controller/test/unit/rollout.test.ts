// What a rollout waits for, its RolloutProgress phase, and the rollout trace bookkeeping (DESIGN "Tracing").
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RolloutPhase } from '@kruise-ts/bus';
import { INPLACE_UPDATE_GRACE_KEY, INPLACE_UPDATE_STATE_KEY } from '@kruise-ts/core';
import { setupTelemetry } from '@kruise-ts/telemetry';
import { context, ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { isRolloutComplete, rolloutPhase, rolloutProgressEvent } from '../../src/rollout/progress.ts';
import {
  type RecalledRollout,
  type RecallRollout,
  RolloutTracker,
  startSyncSpan,
} from '../../src/rollout/rollout-trace.ts';
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

describe('rollout traces', () => {
  const exporter = new InMemorySpanExporter();
  let shutdown: () => Promise<void> = async () => {};
  before(() => {
    const telemetry = setupTelemetry({
      serviceName: 'unit',
      serviceVersion: '0',
      env: {},
      exporter,
      processor: 'simple',
    });
    shutdown = () => telemetry.shutdown();
  });
  after(() => shutdown());
  const tracer = trace.getTracer('test');

  it('a new generation roots the rollout in its publish; later reconciles from other traces join it until complete', async () => {
    const tracker = new RolloutTracker({ now: () => NOW });
    const publish = tracer.startSpan('watcher publish CloneSet');
    tracker.noteGeneration('ns/cs', 2, trace.setSpan(ROOT_CONTEXT, publish));
    tracker.noteGeneration('ns/cs', 1, ROOT_CONTEXT);
    const podEvent = tracer.startSpan('reconcile cloneset');
    const rollout = await tracker.rolloutFor('ns/cs', 'uid-cs', 2, podEvent);
    assert.equal(
      rollout.root?.spanId,
      publish.spanContext().spanId,
      'an older generation does not replace it',
    );
    const sync = context.with(trace.setSpan(ROOT_CONTEXT, podEvent), () =>
      startSyncSpan(tracer, rollout, podEvent, { 'kruise.cloneset.name': 'cs' }),
    );
    sync.span.end();
    podEvent.end();
    const [syncSpan] = exporter.getFinishedSpans().filter((s) => s.name === 'sync cloneset');
    assert.equal(syncSpan?.spanContext().traceId, publish.spanContext().traceId, 'in the rollout trace');
    assert.equal(syncSpan?.parentSpanContext?.spanId, publish.spanContext().spanId);
    assert.equal(
      syncSpan?.links[0]?.context.spanId,
      podEvent.spanContext().spanId,
      'linked to its reconcile',
    );

    assert.ok(tracker.complete(rollout));
    assert.ok(!tracker.complete(rollout), 'completes once');
    exporter.reset();
    const later = tracer.startSpan('reconcile cloneset');
    const after = context.with(trace.setSpan(ROOT_CONTEXT, later), () =>
      startSyncSpan(tracer, rollout, later, {}),
    );
    after.span.end();
    assert.equal(
      exporter.getFinishedSpans()[0]?.spanContext().traceId,
      later.spanContext().traceId,
      'after completion, reconciles stay in their own traces',
    );
  });

  it('after a restart with nothing on the bus, the first reconcile that sees the generation roots its rollout', async () => {
    const tracker = new RolloutTracker({ now: () => NOW, recall: async () => undefined });
    const first = tracer.startSpan('reconcile cloneset');
    assert.equal(
      (await tracker.rolloutFor('ns/x', 'uid-x', 3, first)).root?.spanId,
      first.spanContext().spanId,
    );
    tracker.forget('ns/x');
    assert.equal(tracker.size(), 0);
  });

  // A span of another replica's process, as the bus hands it back.
  const previous = {
    traceId: 'abababababababababababababababab',
    spanId: 'cdcdcdcdcdcdcdcd',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  };
  const recalled = (over: Partial<RecalledRollout> = {}): RecallRollout => {
    return async () => ({ uid: 'uid-x', generation: 3, root: previous, complete: false, ...over });
  };

  it('a replica taking over continues the rollout in the trace the bus recorded for it', async () => {
    const asked: string[] = [];
    const tracker = new RolloutTracker({
      now: () => NOW,
      recall: async (namespace, name) => {
        asked.push(`${namespace}/${name}`);
        return recalled()(namespace, name);
      },
    });
    const reconcile = tracer.startSpan('reconcile cloneset');
    const rollout = await tracker.rolloutFor('ns/x', 'uid-x', 3, reconcile);
    assert.equal(rollout.root?.traceId, previous.traceId);
    assert.equal(rollout.completedAt, undefined);
    await tracker.rolloutFor('ns/x', 'uid-x', 3, tracer.startSpan('reconcile cloneset'));
    assert.deepEqual(asked, ['ns/x'], 'asked once per rollout');
  });

  it('a recalled rollout that already completed leaves later reconciles in their own traces', async () => {
    const tracker = new RolloutTracker({ now: () => NOW, recall: recalled({ complete: true }) });
    const rollout = await tracker.rolloutFor('ns/x', 'uid-x', 3, tracer.startSpan('reconcile cloneset'));
    assert.equal(rollout.completedAt, NOW);
    assert.equal(tracker.complete(rollout), false, 'not completed a second time');
  });

  for (const [why, over] of [
    ['of another generation', { generation: 2 }],
    ['of a CloneSet deleted and created again under the name', { uid: 'uid-old' }],
    ['without a span context', { root: undefined }],
  ] as const) {
    it(`a recorded rollout ${why} is not continued`, async () => {
      const tracker = new RolloutTracker({ now: () => NOW, recall: recalled(over) });
      const reconcile = tracer.startSpan('reconcile cloneset');
      const rollout = await tracker.rolloutFor('ns/x', 'uid-x', 3, reconcile);
      assert.equal(rollout.root?.spanId, reconcile.spanContext().spanId);
    });
  }

  it('a live spec change seen while the bus is asked wins over the recalled record', async () => {
    let answer: (r: RecalledRollout | undefined) => void = () => {};
    const tracker = new RolloutTracker({
      now: () => NOW,
      recall: () => new Promise((resolve) => (answer = resolve)),
    });
    const pending = tracker.rolloutFor('ns/x', 'uid-x', 3, tracer.startSpan('reconcile cloneset'));
    const publish = tracer.startSpan('watcher publish CloneSet');
    tracker.noteGeneration('ns/x', 3, trace.setSpan(ROOT_CONTEXT, publish));
    answer({ uid: 'uid-x', generation: 3, root: previous, complete: false });
    assert.equal((await pending).root?.spanId, publish.spanContext().spanId);
  });
});
