import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import {
  analyseRollout,
  criticalPath,
  formatAnalysis,
  type JaegerSpan,
  type JaegerTrace,
  type Wait,
} from '../../src/why/critical-path.ts';

const T0 = 1_700_000_000_000_000; // µs
const s = (seconds: number) => T0 + seconds * 1_000_000;

type WaitSpec = [reason: string, pods: string];

/** A `sync cloneset` span at `at` seconds carrying rollout.wait events (pods comma-separated, '' for none). */
function sync(
  at: number,
  waits: WaitSpec[],
  extra: { complete?: boolean; throttleMs?: number } = {},
): JaegerSpan {
  const logs = waits.map(([reason, pods]) => ({
    timestamp: s(at) + 1000,
    fields: [
      { key: 'event', value: 'rollout.wait' },
      { key: 'kruise.rollout.wait', value: reason },
      ...(pods === '' ? [] : [{ key: 'kruise.rollout.wait.sample', value: pods }]),
    ],
  }));
  if (extra.complete === true) {
    logs.push({
      timestamp: s(at) + 2000,
      fields: [
        { key: 'event', value: 'rollout complete' },
        { key: 'kruise.rollout.duration_ms', value: 0 } as never,
      ],
    });
  }
  return {
    spanID: `sync${at}`,
    operationName: 'sync cloneset',
    processID: 'p1',
    startTime: s(at),
    duration: 5000,
    tags: [
      { key: 'kruise.cloneset.namespace', value: 'default' },
      { key: 'kruise.cloneset.name', value: 'sample' },
      { key: 'kruise.cloneset.generation', value: 2 },
    ],
    logs,
  };
}

function throttledCall(at: number, waitMs: number): JaegerSpan {
  return {
    spanID: `kube${at}`,
    operationName: 'kube patch pods',
    processID: 'p1',
    startTime: s(at),
    duration: waitMs * 1000,
    logs: [
      {
        timestamp: s(at),
        fields: [
          { key: 'event', value: 'client-side throttling' },
          { key: 'kube.throttle.wait_ms', value: waitMs },
        ],
      },
    ],
  };
}

function trace(spans: JaegerSpan[]): JaegerTrace {
  const root: JaegerSpan = {
    spanID: 'root',
    operationName: 'watcher publish CloneSet',
    processID: 'p0',
    startTime: s(0),
    duration: 1000,
  };
  return {
    traceID: 'abc',
    spans: [root, ...spans],
    processes: { p0: { serviceName: 'watcher' }, p1: { serviceName: 'cloneset-controller' } },
  };
}

it('one pod at a time: readiness then minReadySeconds per pod, held back by maxUnavailable', () => {
  const a = analyseRollout(
    trace([
      sync(1, [
        ['WaitingForReadiness', 'p-a'],
        ['MaxUnavailableReached', 'p-b,p-c'],
      ]),
      sync(2, [
        ['WaitingForMinReadySeconds', 'p-a'],
        ['MaxUnavailableReached', 'p-b,p-c'],
      ]),
      sync(4, [
        ['WaitingForReadiness', 'p-b'],
        ['MaxUnavailableReached', 'p-c'],
      ]),
      sync(5, [['WaitingForMinReadySeconds', 'p-b']], { throttleMs: 0 }),
      throttledCall(5.5, 120),
      throttledCall(6, 300),
      sync(7, [], { complete: true }),
    ]),
  );
  assert.equal(a.complete, true);
  assert.equal(a.namespace, 'default');
  assert.equal(a.name, 'sample');
  assert.equal(a.generation, 2);
  assert.equal(a.reconciles, 5);
  assert.equal(Math.round(a.durationMs), 7002);
  const brief = (w: Wait) => `${w.pod} ${w.reason} ${Math.round(w.startMs)}-${Math.round(w.endMs)}`;
  assert.deepEqual(a.waits.map(brief), [
    'p-a WaitingForReadiness 1000-2000',
    'p-b MaxUnavailableReached 1000-4000',
    'p-c MaxUnavailableReached 1000-5000',
    'p-a WaitingForMinReadySeconds 2000-4000',
    'p-b WaitingForReadiness 4000-5000',
    'p-b WaitingForMinReadySeconds 5000-7000',
  ]);
  // Backwards from completion at 7.002 s: p-b's minReadySeconds, its readiness, then p-a's minReadySeconds and
  // readiness — the chain that held the rollout.
  assert.deepEqual(a.criticalPath.map(brief), [
    '- (no wait recorded) 0-1000',
    'p-a WaitingForReadiness 1000-2000',
    'p-a WaitingForMinReadySeconds 2000-4000',
    'p-b WaitingForReadiness 4000-5000',
    'p-b WaitingForMinReadySeconds 5000-7000',
  ]);
  assert.deepEqual(a.throttling, { requests: 2, totalMs: 420, maxMs: 300 });

  const text = formatAnalysis(a, 'http://127.0.0.1:16686/trace/abc');
  assert.equal(
    text,
    [
      'CloneSet default/sample generation 2: rollout complete in 7.00s over 5 reconciles',
      'Trace: http://127.0.0.1:16686/trace/abc',
      '',
      'Critical path (what the rollout waited on, in order):',
      '  AT       WAITED   POD   WAITING FOR',
      '  +0.00s   1.00s    -     (no wait recorded)',
      '  +1.00s   1.00s    p-a   WaitingForReadiness',
      '  +2.00s   2.00s    p-a   WaitingForMinReadySeconds',
      '  +4.00s   1.00s    p-b   WaitingForReadiness',
      '  +5.00s   2.00s    p-b   WaitingForMinReadySeconds',
      '',
      'Waits per pod:',
      '  POD   WAITING FOR                 TIMES   TOTAL',
      '  p-c   MaxUnavailableReached       1       4.00s',
      '  p-b   MaxUnavailableReached       1       3.00s',
      '  p-a   WaitingForMinReadySeconds   1       2.00s',
      '  p-b   WaitingForMinReadySeconds   1       2.00s',
      '  p-a   WaitingForReadiness         1       1.00s',
      '  p-b   WaitingForReadiness         1       1.00s',
      '',
      'Client-side throttling: 2 requests waited 0.42s in total (longest 0.30s)',
    ].join('\n'),
  );
});

it('a reconcile stopped at expectations neither reports nor ends a pod wait; a full one without it ends it', () => {
  const a = analyseRollout(
    trace([
      sync(1, [['WaitingForReadiness', 'p-a']]),
      sync(2, [['WaitingForExpectations', '']]),
      sync(3, [['WaitingForReadiness', 'p-a']]),
      sync(4, []),
      sync(6, [['WaitingForReadiness', 'p-a']]),
    ]),
  );
  assert.equal(a.complete, false);
  const brief = (w: Wait) =>
    `${w.pod} ${w.reason} ${Math.round(w.startMs)}-${Math.round(w.endMs)} x${w.seen}`;
  assert.deepEqual(a.waits.map(brief), [
    'p-a WaitingForReadiness 1000-4000 x2',
    '- WaitingForExpectations 2000-3000 x1',
    'p-a WaitingForReadiness 6000-6005 x1',
  ]);
  assert.match(
    formatAnalysis(a, 'u'),
    /^CloneSet default\/sample generation 2: rollout not complete; 6\.0\ds traced so far over 5 reconciles\n/,
  );
});

it('no waits: says so', () => {
  const a = analyseRollout(trace([sync(1, [], { complete: true })]));
  assert.deepEqual(a.waits, []);
  assert.match(formatAnalysis(a, 'u'), /Critical path: no waits recorded/);
  assert.match(formatAnalysis(a, 'u'), /Client-side throttling: none$/);
});

it('the critical path picks, backwards, the wait ending last before the point reached', () => {
  const w = (pod: string, startS: number, endS: number, reason = 'r'): Wait => ({
    pod,
    reason,
    startMs: startS * 1000,
    endMs: endS * 1000,
    seen: 1,
  });
  const cases: { name: string; waits: Wait[]; end: number; path: string[] }[] = [
    { name: 'none', waits: [], end: 10, path: [] },
    { name: 'sequential', waits: [w('a', 0, 4), w('b', 4, 9)], end: 10, path: ['a 0-4', 'b 4-9', '- 9-10'] },
    {
      name: 'overlap: the one ending last wins, cut at the next start',
      waits: [w('a', 0, 6), w('b', 1, 3), w('c', 5, 10)],
      end: 10,
      path: ['a 0-5', 'c 5-10'],
    },
    {
      name: 'ending together: the one explaining more wins',
      waits: [w('a', 2, 6), w('b', 4, 6)],
      end: 6,
      path: ['- 0-2', 'a 2-6'],
    },
    {
      name: 'a pod held behind maxUnavailable is not a cause while there is one',
      waits: [w('x', 0, 9, 'MaxUnavailableReached'), w('y', 3, 8)],
      end: 10,
      path: ['- 0-3', 'y 3-8', '- 8-10'],
    },
    {
      name: 'only pods held behind a pause: they are the explanation',
      waits: [w('x', 1, 10, 'Paused')],
      end: 10,
      path: ['- 0-1', 'x 1-10'],
    },
    { name: 'a wait past the end is cut to it', waits: [w('a', 2, 20)], end: 10, path: ['- 0-2', 'a 2-10'] },
    { name: 'a wait starting at the end is not on the path', waits: [w('a', 10, 12)], end: 10, path: [] },
  ];
  for (const c of cases) {
    assert.deepEqual(
      criticalPath(c.waits, c.end * 1000).map((x) => `${x.pod} ${x.startMs / 1000}-${x.endMs / 1000}`),
      c.path,
      c.name,
    );
  }
});

// Recorded from a real run (test/e2e with KUBECTL_KRUISE_CAPTURE_TRACE=1): the docs CloneSet, 3 pods, ReCreate,
// minReadySeconds 2, maxUnavailable 20% (one pod at a time), resumed after a pause.
it('a recorded rollout: one pod after another, readiness then minReadySeconds, between them recreate and scale', () => {
  const recorded = JSON.parse(
    readFileSync(new URL('../fixtures/rollout-trace.json', import.meta.url), 'utf8'),
  ) as JaegerTrace;
  const a = analyseRollout(recorded);
  assert.equal(a.complete, true);
  assert.equal(`${a.namespace}/${a.name} ${a.generation}`, 'default/sample 4');
  assert.equal(a.reconciles, 27);
  assert.equal(a.durationMs.toFixed(0), '7184');
  const path = a.criticalPath.map(
    (w) =>
      `${w.pod} ${w.reason} ${(w.startMs / 1000).toFixed(2)}+${((w.endMs - w.startMs) / 1000).toFixed(2)}`,
  );
  assert.deepEqual(path, [
    '- (no wait: pod marked for recreate, scale) 0.00+1.61',
    'sample-xhxms WaitingForReadiness 1.61+0.21',
    'sample-xhxms WaitingForMinReadySeconds 1.81+1.30',
    '- (no wait: pod marked for recreate) 3.11+0.07',
    '- WaitingForExpectations 3.18+0.01',
    '- (no wait: scale) 3.19+0.20',
    'sample-s4dkr WaitingForReadiness 3.40+0.09',
    'sample-s4dkr WaitingForMinReadySeconds 3.49+1.62',
    '- (no wait: pod marked for recreate, scale) 5.11+0.64',
    'sample-5fszf WaitingForReadiness 5.75+0.20',
    'sample-5fszf WaitingForMinReadySeconds 5.94+1.16',
    '- (no wait: update) 7.11+0.08',
  ]);
  // The path accounts for the whole rollout, without overlaps.
  let at = 0;
  for (const w of a.criticalPath) {
    assert.ok(Math.abs(w.startMs - at) < 20, `${w.pod} ${w.reason} starts where the previous step ended`);
    at = w.endMs;
  }
  assert.ok(Math.abs(at - a.durationMs) < 1);
  // The old pods held behind maxUnavailable show per pod, not on the path.
  assert.ok(a.waits.some((w) => w.pod === 'sample-tbztc' && w.reason === 'MaxUnavailableReached'));
  assert.deepEqual(a.throttling, { requests: 0, totalMs: 0, maxMs: 0 });
  assert.match(
    formatAnalysis(a, `http://127.0.0.1:16686/trace/${recorded.traceID}`),
    /^CloneSet default\/sample generation 4: rollout complete in 7\.18s over 27 reconciles\nTrace: http:\/\/127\.0\.0\.1:16686\/trace\/d617abb2e7b30c5a7b215e95899e8e2a\n/,
  );
});

/** The same span as an Advanced StatefulSet's `sync statefulset`, with `kruise.statefulset.*` attributes. */
function stsSync(at: number, waits: WaitSpec[], extra: { complete?: boolean } = {}): JaegerSpan {
  const span = sync(at, waits, extra);
  return {
    ...span,
    operationName: 'sync statefulset',
    tags: (span.tags ?? []).map((t) => ({
      ...t,
      key: t.key.replace('kruise.cloneset.', 'kruise.statefulset.'),
    })),
  };
}

it('an Advanced StatefulSet rollout: ordered predecessor waits, read from sync statefulset spans', () => {
  const a = analyseRollout(
    trace([
      stsSync(1, [
        ['WaitingForReadiness', 'web-2'],
        ['WaitingForOrderedPredecessor', 'web-2'],
      ]),
      stsSync(3, [['WaitingForReadiness', 'web-1']]),
      stsSync(5, [], { complete: true }),
    ]),
  );
  assert.equal(a.kind, 'Advanced StatefulSet');
  assert.equal(a.name, 'sample');
  assert.equal(a.generation, 2);
  assert.equal(a.complete, true);
  assert.equal(a.reconciles, 3);
  assert.deepEqual(
    a.waits.map((w) => [w.pod, w.reason]),
    [
      ['web-2', 'WaitingForOrderedPredecessor'],
      ['web-2', 'WaitingForReadiness'],
      ['web-1', 'WaitingForReadiness'],
    ],
  );
  assert.ok(a.criticalPath.some((w) => w.pod === 'web-1' && w.reason === 'WaitingForReadiness'));
  assert.match(
    formatAnalysis(a, 'u'),
    /^Advanced StatefulSet default\/sample generation 2: rollout complete/,
  );
});
