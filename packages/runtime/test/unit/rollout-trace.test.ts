// The rollout trace bookkeeping every workload controller shares (docs/adr/0009-rollout-trace-continuity.md): one
// trace per generation, continued from the bus after a restart or take-over, and the wait/complete span events.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupTelemetry } from '@kruise-ts/telemetry';
import { context, ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import {
  type RecalledRollout,
  type RecallRollout,
  RolloutTracker,
  rolloutAttributeNames,
  rolloutPublishContext,
  startSyncSpan,
} from '../../src/rollout-trace/tracker.ts';
import {
  addExpectationsWaitEvent,
  addWaitEvent,
  completeRollout,
  leadingWait,
  nextWakeMs,
  waitOn,
} from '../../src/rollout-trace/wait-events.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');

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

describe('rollout traces', () => {
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
      startSyncSpan(tracer, 'sync cloneset', rollout, podEvent, { 'kruise.cloneset.name': 'cs' }),
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
      startSyncSpan(tracer, 'sync cloneset', rollout, later, {}),
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

  it('progress is published under the rollout root, so a replica recalling it never hangs from a lost sync span', async () => {
    const tracker = new RolloutTracker({ now: () => NOW });
    const publish = tracer.startSpan('watcher publish CloneSet');
    tracker.noteGeneration('ns/x', 3, trace.setSpan(ROOT_CONTEXT, publish));
    const reconcile = tracer.startSpan('reconcile cloneset');
    const rollout = await tracker.rolloutFor('ns/x', 'uid-x', 3, reconcile);
    const sync = startSyncSpan(tracer, 'sync cloneset', rollout, reconcile, {});
    context.with(sync.context, () => {
      assert.equal(
        trace.getSpanContext(rolloutPublishContext(rollout))?.spanId,
        publish.spanContext().spanId,
      );
      // Once complete, progress goes out under whatever span is active.
      tracker.complete(rollout);
      assert.equal(
        trace.getSpanContext(rolloutPublishContext(rollout))?.spanId,
        sync.span.spanContext().spanId,
      );
    });
  });
});

describe('rollout wait events', () => {
  const tracer = trace.getTracer('test');
  const pods = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ metadata: { name } }));

  it('a wait names its pod count and at most five of them', () => {
    assert.deepEqual(waitOn('WaitingForReadiness', pods), {
      reason: 'WaitingForReadiness',
      pods: 6,
      sample: ['a', 'b', 'c', 'd', 'e'],
    });
    assert.equal(waitOn('WaitingForMinReadySeconds', pods.slice(0, 1), 500).remainingMs, 500);
  });

  it('puts rollout.wait events with the kruise.rollout.wait* attributes kubectl-kruise reads', () => {
    exporter.reset();
    const span = tracer.startSpan('sync statefulset');
    addWaitEvent(span, waitOn('WaitingForMinReadySeconds', pods.slice(0, 2), 1_500));
    addWaitEvent(span, waitOn('PartitionReached', pods.slice(0, 1)));
    span.end();
    const events = exporter.getFinishedSpans()[0]?.events ?? [];
    assert.deepEqual(
      events.map((e) => [e.name, e.attributes]),
      [
        [
          'rollout.wait',
          {
            'kruise.rollout.wait': 'WaitingForMinReadySeconds',
            'kruise.rollout.wait.pods': 2,
            'kruise.rollout.wait.sample': 'a,b',
            'kruise.rollout.wait.remaining_ms': 1_500,
          },
        ],
        [
          'rollout.wait',
          {
            'kruise.rollout.wait': 'PartitionReached',
            'kruise.rollout.wait.pods': 1,
            'kruise.rollout.wait.sample': 'a',
          },
        ],
      ],
    );
  });

  it('an expectations wait names the workload, or the pending scale action and whether it leaked', () => {
    exporter.reset();
    const span = tracer.startSpan('sync cloneset');
    addExpectationsWaitEvent(span, { expectation: 'workload' }, 'cloneset');
    addExpectationsWaitEvent(span, { expectation: 'create', pending: 2, leaked: false }, 'cloneset');
    span.end();
    const events = exporter.getFinishedSpans()[0]?.events ?? [];
    assert.deepEqual(
      events.map((e) => [e.name, e.attributes]),
      [
        [
          'rollout.wait',
          { 'kruise.rollout.wait': 'WaitingForExpectations', 'kruise.expectation': 'cloneset' },
        ],
        [
          'rollout.wait',
          {
            'kruise.rollout.wait': 'WaitingForExpectations',
            'kruise.expectation': 'create',
            'kruise.expectation.pending': 2,
            'kruise.expectation.leaked': false,
          },
        ],
      ],
    );
  });

  it('rollout complete is recorded once, with the rollout duration', async () => {
    exporter.reset();
    let now = NOW;
    const tracker = new RolloutTracker({ now: () => now });
    const reconcile = tracer.startSpan('reconcile');
    const rollout = await tracker.rolloutFor('ns/s', 'uid', 1, reconcile);
    now += 4_000;
    const span = tracer.startSpan('sync statefulset');
    assert.ok(completeRollout(span, rollout, (r) => tracker.complete(r), now));
    assert.ok(!completeRollout(span, rollout, (r) => tracker.complete(r), now));
    span.end();
    const events = exporter.getFinishedSpans().flatMap((s) => s.events);
    assert.deepEqual(
      events.map((e) => [e.name, e.attributes]),
      [['rollout complete', { 'kruise.rollout.duration_ms': 4_000 }]],
    );
  });

  it('the leading wait follows the priority; unlisted reasons never lead', () => {
    const priority = ['WaitingForLifecycleHook', 'WaitingForReadiness'];
    const waits = [
      waitOn('PartitionReached', pods),
      waitOn('WaitingForReadiness', pods),
      waitOn('WaitingForLifecycleHook', pods),
    ];
    assert.equal(leadingWait(waits, priority)?.reason, 'WaitingForLifecycleHook');
    assert.equal(leadingWait([waitOn('PartitionReached', pods)], priority), undefined);
  });

  it('wakes for the earliest wait that ends by itself', () => {
    const waits = [
      waitOn('WaitingForMinReadySeconds', pods, 3_000),
      waitOn('InPlaceUpdateGracePeriod', pods, 1_000),
      waitOn('WaitingForReadiness', pods, 10),
    ];
    assert.equal(nextWakeMs(waits, ['WaitingForMinReadySeconds', 'InPlaceUpdateGracePeriod']), 1_000);
    assert.equal(nextWakeMs(waits, ['PartitionReached']), undefined);
  });

  it('attribute names follow the workload kind; the trace id one is shared', () => {
    assert.deepEqual(rolloutAttributeNames('statefulset'), {
      namespace: 'kruise.statefulset.namespace',
      name: 'kruise.statefulset.name',
      generation: 'kruise.statefulset.generation',
      revision: 'kruise.statefulset.revision',
      currentRevision: 'kruise.statefulset.current_revision',
      rolloutTraceId: 'kruise.rollout.trace_id',
    });
  });
});
