// `rollout why`: what a CloneSet or Advanced StatefulSet rollout waited on, read from its trace
// (docs/adr/0009-rollout-trace-continuity.md). The controller runs each reconcile's work in a `sync cloneset` /
// `sync statefulset` span of the rollout's trace (why/trace-kind.ts) and adds a `rollout.wait` event per thing the
// rollout waits for (packages/runtime/src/rollout-trace/wait-events.ts: reason in `kruise.rollout.wait`, pods in
// `kruise.rollout.wait.sample` or `k8s.pod.name`), `rollout complete` when it is done, and the kube client adds
// `client-side throttling` events to the calls that waited for the rate limiter.
// From those: each (pod, reason) wait as intervals, then the chain of waits that ends at completion. Pure.
import { table } from '../cli/table.ts';
import { CLONESET_TRACE, type RolloutTraceKind, traceKindOf } from './trace-kind.ts';

/** A trace as Jaeger's query API returns it (GET /api/traces/<id>, `data[0]`). */
export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

export interface JaegerKeyValue {
  key: string;
  type?: string;
  value: unknown;
}

export interface JaegerSpan {
  traceID?: string;
  spanID: string;
  operationName: string;
  processID: string;
  references?: { refType: string; traceID?: string; spanID: string }[];
  /** Microseconds since the epoch. */
  startTime: number;
  /** Microseconds. */
  duration: number;
  tags?: JaegerKeyValue[];
  logs?: { timestamp: number; fields: JaegerKeyValue[] }[];
}

/** The CloneSet's sync span (kept for callers that only know CloneSets). */
export const SYNC_SPAN = CLONESET_TRACE.syncSpan;
const WAIT_EVENT = 'rollout.wait';
const COMPLETE_EVENT = 'rollout complete';
const THROTTLE_EVENT = 'client-side throttling';
const EXPECTATIONS = 'WaitingForExpectations';
/** Shown for waits that concern the workload rather than a pod (expectations of its own writes). */
export const NO_POD = '-';

export interface Wait {
  pod: string;
  reason: string;
  /** Milliseconds since the rollout started. */
  startMs: number;
  endMs: number;
  /** Reconciles that reported it. */
  seen: number;
}

export interface Throttling {
  requests: number;
  totalMs: number;
  maxMs: number;
}

export interface RolloutAnalysis {
  traceId: string;
  /** `CloneSet` or `Advanced StatefulSet`. */
  kind: string;
  namespace: string;
  name: string;
  generation: number | undefined;
  complete: boolean;
  /** Milliseconds from the rollout's first span to completion (or to its last span when not complete). */
  durationMs: number;
  reconciles: number;
  waits: Wait[];
  criticalPath: Wait[];
  throttling: Throttling;
}

function field(fields: readonly JaegerKeyValue[] | undefined, key: string): unknown {
  return fields?.find((f) => f.key === key)?.value;
}

function eventsOf(span: JaegerSpan, name: string): { timestamp: number; fields: JaegerKeyValue[] }[] {
  return (span.logs ?? []).filter((l) => field(l.fields, 'event') === name);
}

interface Observation {
  pod: string;
  reason: string;
  at: number;
  sync: number;
}

/** `kind` defaults to the one whose sync spans the trace holds. */
export function analyseRollout(trace: JaegerTrace, kind?: RolloutTraceKind): RolloutAnalysis {
  const spans = trace.spans;
  const k = kind ?? traceKindOf(spans.map((s) => s.operationName));
  const syncs = spans.filter((s) => s.operationName === k.syncSpan).sort((a, b) => a.startTime - b.startTime);
  const first = syncs[0];
  const generationTag =
    first === undefined ? undefined : field(first.tags, `${k.attributePrefix}.generation`);
  const origin = Math.min(...spans.map((s) => s.startTime));
  const completion = syncs.flatMap((s) => eventsOf(s, COMPLETE_EVENT)).map((l) => l.timestamp)[0];
  const end = completion ?? Math.max(...spans.map((s) => s.startTime + s.duration));
  const ms = (us: number) => (us - origin) / 1000;

  const observations: Observation[] = [];
  // A reconcile that stopped at expectations did not look at the pods: it neither reports nor ends a pod's wait.
  const full: boolean[] = syncs.map(
    (s) => !eventsOf(s, WAIT_EVENT).some((l) => field(l.fields, 'kruise.rollout.wait') === EXPECTATIONS),
  );
  syncs.forEach((s, sync) => {
    for (const l of eventsOf(s, WAIT_EVENT)) {
      const reason = String(field(l.fields, 'kruise.rollout.wait') ?? 'unknown');
      const sample = field(l.fields, 'kruise.rollout.wait.sample');
      const pod = field(l.fields, 'k8s.pod.name');
      const pods =
        typeof sample === 'string' && sample !== ''
          ? sample.split(',')
          : typeof pod === 'string' && pod !== ''
            ? [pod]
            : [NO_POD];
      for (const p of new Set(pods)) observations.push({ pod: p, reason, at: l.timestamp, sync });
    }
  });

  const groups = new Map<string, Observation[]>();
  for (const o of observations) {
    const key = `${o.pod}\u0000${o.reason}`;
    const list = groups.get(key) ?? [];
    list.push(o);
    groups.set(key, list);
  }
  const waits: Wait[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => a.at - b.at);
    let run: Observation[] = [];
    const close = (nextSync: number | undefined) => {
      const firstObs = run[0];
      const lastObs = run[run.length - 1];
      if (firstObs === undefined || lastObs === undefined) return;
      // The wait ended somewhere before the next full reconcile that no longer saw it (else with the rollout).
      const endUs = Math.min(nextSync === undefined ? end : (syncs[nextSync]?.startTime ?? end), end);
      waits.push({
        pod: firstObs.pod,
        reason: firstObs.reason,
        // From the reconcile that first saw it, so waits and their ends line up on reconcile starts.
        startMs: ms(syncs[firstObs.sync]?.startTime ?? firstObs.at),
        endMs: ms(Math.max(endUs, lastObs.at)),
        seen: new Set(run.map((o) => o.sync)).size,
      });
      run = [];
    };
    for (const o of list) {
      const prev = run[run.length - 1];
      const gap = prev === undefined ? undefined : firstFullWithout(prev.sync, o.sync, full, list);
      if (gap !== undefined) close(gap);
      run.push(o);
    }
    const last = run[run.length - 1];
    close(last === undefined ? undefined : firstFullWithout(last.sync, syncs.length, full, list));
  }
  waits.sort(
    (a, b) => a.startMs - b.startMs || a.pod.localeCompare(b.pod) || a.reason.localeCompare(b.reason),
  );

  // What the controller did meanwhile (scale, update, pod marked for recreate, …): names the unexplained stretches.
  const actions = syncs.flatMap((s) =>
    (s.logs ?? [])
      .map((l) => ({ atMs: ms(l.timestamp), name: String(field(l.fields, 'event') ?? '') }))
      .filter((a) => a.name !== '' && !NOT_ACTIONS.has(a.name)),
  );
  const throttles = spans.flatMap((s) => eventsOf(s, THROTTLE_EVENT));
  const throttleMs = throttles.map((l) => Number(field(l.fields, 'kube.throttle.wait_ms') ?? 0));
  const namespace = field(first?.tags, `${k.attributePrefix}.namespace`);
  const name = field(first?.tags, `${k.attributePrefix}.name`);
  const durationMs = ms(end);
  return {
    traceId: trace.traceID,
    kind: k.title,
    namespace: typeof namespace === 'string' ? namespace : '',
    name: typeof name === 'string' ? name : '',
    generation: generationTag === undefined ? undefined : Number(generationTag),
    complete: completion !== undefined,
    durationMs,
    reconciles: syncs.length,
    waits,
    criticalPath: criticalPath(waits, durationMs).map((w) =>
      w.reason === NO_WAIT ? withActions(w, actions) : w,
    ),
    throttling: {
      requests: throttles.length,
      totalMs: throttleMs.reduce((a, b) => a + b, 0),
      maxMs: throttleMs.length === 0 ? 0 : Math.max(...throttleMs),
    },
  };
}

/** The first full reconcile strictly between two syncs that did not report this (pod, reason). */
function firstFullWithout(
  from: number,
  to: number,
  full: readonly boolean[],
  reported: readonly Observation[],
): number | undefined {
  for (let i = from + 1; i < to; i++) {
    if (full[i] === true && !reported.some((o) => o.sync === i)) return i;
  }
  return undefined;
}

/** Waits that only say a pod is held behind others (maxUnavailable, partition, pause): never the cause of a delay. */
const CONSEQUENCES = new Set(['MaxUnavailableReached', 'PartitionReached', 'Paused']);
/** The reason of a stretch of the critical path no wait explains: reconciles, pod deletions and creations. */
export const NO_WAIT = '(no wait recorded)';
/** Shorter unexplained stretches are reconcile overhead, not worth a line. */
const MIN_GAP_MS = 20;

/**
 * Walking back from the end of the rollout: the wait that ended last before that point, then the wait that ended
 * last before that one started, and so on — the chain of waits the rollout could not have finished sooner than.
 * Each step is cut to the time it alone explains, and the stretches between them become NO_WAIT steps, so the
 * path covers the rollout from its start. Pods merely held behind others (maxUnavailable, partition, pause) only
 * make the path when nothing else explains the rollout (a paused one); among waits ending together, the one that
 * started first (explaining more) wins.
 */
export function criticalPath(waits: readonly Wait[], endMs: number): Wait[] {
  const causes = waits.filter((w) => !CONSEQUENCES.has(w.reason));
  const candidates = causes.length > 0 ? causes : waits;
  const steps: Wait[] = [];
  let t = endMs;
  const used = new Set<Wait>();
  const better = (w: Wait, best: Wait): boolean => {
    const e = Math.min(w.endMs, t);
    const b = Math.min(best.endMs, t);
    if (e !== b) return e > b;
    if (w.startMs !== best.startMs) return w.startMs < best.startMs;
    return `${w.pod} ${w.reason}` < `${best.pod} ${best.reason}`;
  };
  for (let step = 0; step < candidates.length; step++) {
    let best: Wait | undefined;
    for (const w of candidates) {
      if (used.has(w) || w.startMs >= t) continue;
      if (best === undefined || better(w, best)) best = w;
    }
    if (best === undefined) break;
    used.add(best);
    const end = Math.min(best.endMs, t);
    if (t - end >= MIN_GAP_MS) steps.push(gap(end, t));
    steps.push({ ...best, endMs: end });
    t = best.startMs;
  }
  if (steps.length > 0 && t >= MIN_GAP_MS) steps.push(gap(0, t));
  return steps.reverse();
}

const NOT_ACTIONS = new Set([WAIT_EVENT, COMPLETE_EVENT, 'status written']);

/** A NO_WAIT step named by what the controller did in it: `(no wait: pod marked for recreate, scale)`. */
function withActions(step: Wait, actions: readonly { atMs: number; name: string }[]): Wait {
  const names = [
    ...new Set(actions.filter((a) => a.atMs >= step.startMs && a.atMs < step.endMs).map((a) => a.name)),
  ];
  return names.length === 0 ? step : { ...step, reason: `(no wait: ${names.join(', ')})` };
}

function gap(startMs: number, endMs: number): Wait {
  return { pod: NO_POD, reason: NO_WAIT, startMs, endMs, seen: 0 };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)}s`;

/** The terminal report. */
export function formatAnalysis(a: RolloutAnalysis, traceUrl: string): string {
  const what = `${a.kind} ${a.namespace}/${a.name}${a.generation === undefined ? '' : ` generation ${a.generation}`}`;
  const lines = [
    a.complete
      ? `${what}: rollout complete in ${seconds(a.durationMs)} over ${a.reconciles} reconciles`
      : `${what}: rollout not complete; ${seconds(a.durationMs)} traced so far over ${a.reconciles} reconciles`,
    `Trace: ${traceUrl}`,
    '',
  ];
  if (a.criticalPath.length === 0) {
    lines.push('Critical path: no waits recorded (the rollout never waited on a pod).');
  } else {
    lines.push('Critical path (what the rollout waited on, in order):');
    const rows = a.criticalPath.map((w) => [
      `+${seconds(w.startMs)}`,
      seconds(w.endMs - w.startMs),
      w.pod,
      w.reason,
    ]);
    lines.push(table([['AT', 'WAITED', 'POD', 'WAITING FOR'], ...rows], '  '));
  }
  const perPod = new Map<string, { reason: string; totalMs: number; times: number }>();
  for (const w of a.waits) {
    const key = `${w.pod}\u0000${w.reason}`;
    const got = perPod.get(key) ?? { reason: w.reason, totalMs: 0, times: 0 };
    got.totalMs += w.endMs - w.startMs;
    got.times += 1;
    perPod.set(key, got);
  }
  if (perPod.size > 0) {
    lines.push('', 'Waits per pod:');
    const rows = [...perPod.entries()]
      .sort(([ka, a], [kb, b]) => b.totalMs - a.totalMs || ka.localeCompare(kb))
      .map(([key, v]) => [key.split('\u0000')[0] as string, v.reason, String(v.times), seconds(v.totalMs)]);
    lines.push(table([['POD', 'WAITING FOR', 'TIMES', 'TOTAL'], ...rows], '  '));
  }
  lines.push(
    '',
    a.throttling.requests === 0
      ? 'Client-side throttling: none'
      : `Client-side throttling: ${a.throttling.requests} requests waited ${seconds(a.throttling.totalMs)} in total (longest ${seconds(a.throttling.maxMs)})`,
  );
  return lines.join('\n');
}
