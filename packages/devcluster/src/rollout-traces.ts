// Reading rollout traces back from the devcluster's Jaeger (query API v1): the traces holding a workload's
// `sync <kind>` spans of one generation (a CloneSet's `sync cloneset`, an Advanced StatefulSet's `sync statefulset`),
// with their roots, services and span events. For the controllers' tracing e2e tests.
import { fetchJaegerTrace, type JaegerApiSpan, type JaegerApiTrace, spanService } from './jaeger-query.ts';

/** Where a workload kind's rollout spans are: the controller's service, its sync span, its attribute prefix. */
export interface RolloutSpanNames {
  service: string;
  syncSpan: string;
  attributePrefix: string;
}

export const CLONESET_ROLLOUT_SPANS: RolloutSpanNames = {
  service: 'cloneset-controller',
  syncSpan: 'sync cloneset',
  attributePrefix: 'kruise.cloneset',
};

export const STATEFULSET_ROLLOUT_SPANS: RolloutSpanNames = {
  service: 'statefulset-controller',
  syncSpan: 'sync statefulset',
  attributePrefix: 'kruise.statefulset',
};

export interface TraceSpan {
  spanId: string;
  operation: string;
  service: string;
  startUs: number;
  tags: Record<string, unknown>;
}

export interface TraceEvent {
  name: string;
  timestampUs: number;
  fields: Record<string, unknown>;
  spanId: string;
}

export interface JaegerTrace {
  traceId: string;
  spanCount: number;
  roots: TraceSpan[];
  services: Set<string>;
  syncSpans: TraceSpan[];
  events: TraceEvent[];
}

function toSpan(t: JaegerApiTrace, s: JaegerApiSpan): TraceSpan {
  return {
    spanId: s.spanID,
    operation: s.operationName,
    service: spanService(t, s) ?? '',
    startUs: s.startTime,
    tags: Object.fromEntries(s.tags.map((tag) => [tag.key, tag.value])),
  };
}

function summarise(
  t: JaegerApiTrace,
  namespace: string,
  name: string,
  generation: number,
  kind: RolloutSpanNames,
): JaegerTrace {
  const ids = new Set(t.spans.map((s) => s.spanID));
  const spans = t.spans.map((s) => ({ raw: s, span: toSpan(t, s) }));
  const sync = spans.filter(
    ({ span }) =>
      span.operation === kind.syncSpan &&
      span.tags[`${kind.attributePrefix}.namespace`] === namespace &&
      span.tags[`${kind.attributePrefix}.name`] === name &&
      Number(span.tags[`${kind.attributePrefix}.generation`]) === generation,
  );
  const events: TraceEvent[] = [];
  for (const { raw } of sync) {
    for (const log of raw.logs) {
      const fields = Object.fromEntries(log.fields.map((f) => [f.key, f.value]));
      events.push({
        name: String(fields.event ?? ''),
        timestampUs: log.timestamp,
        fields,
        spanId: raw.spanID,
      });
    }
  }
  return {
    traceId: t.traceID,
    spanCount: t.spans.length,
    roots: spans
      .filter(({ raw }) => !raw.references.some((r) => r.refType === 'CHILD_OF' && ids.has(r.spanID)))
      .map(({ span }) => span),
    services: new Set(spans.map(({ span }) => span.service)),
    syncSpans: sync.map(({ span }) => span).sort((a, b) => a.startUs - b.startUs),
    events: events.sort((a, b) => a.timestampUs - b.timestampUs),
  };
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

/** Every trace holding a sync span of this workload and generation, each read in full. */
export async function rolloutTraces(
  jaegerQueryUrl: string,
  namespace: string,
  name: string,
  generation: number,
  kind: RolloutSpanNames = CLONESET_ROLLOUT_SPANS,
): Promise<JaegerTrace[]> {
  const tags = JSON.stringify({
    [`${kind.attributePrefix}.namespace`]: namespace,
    [`${kind.attributePrefix}.name`]: name,
    [`${kind.attributePrefix}.generation`]: String(generation),
  });
  const search = new URL('/api/traces', jaegerQueryUrl);
  search.searchParams.set('service', kind.service);
  search.searchParams.set('operation', kind.syncSpan);
  search.searchParams.set('tags', tags);
  search.searchParams.set('lookback', '1h');
  search.searchParams.set('limit', '1000');
  const found = (await getJson(search.toString())) as { data?: JaegerApiTrace[] };
  const traceIds = [...new Set((found.data ?? []).map((t) => t.traceID))];
  const traces: JaegerTrace[] = [];
  for (const id of traceIds) {
    const t = await fetchJaegerTrace(jaegerQueryUrl, id);
    if (t !== undefined) traces.push(summarise(t, namespace, name, generation, kind));
  }
  return traces;
}

/** A readable account of stray sync spans for an assertion message. */
export function describeStrays(check: RolloutTraceCheck): string {
  const first = check.rollout.syncSpans[0]?.startUs ?? 0;
  return check.strays
    .map(
      (s) =>
        `${s.traceId} (roots ${s.roots.join(',')}) sync at ${(s.span.startUs - first) / 1000} ms ` +
        `(rollout trace's first sync at 0, completion at ${(check.completedAtUs - first) / 1000} ms) ` +
        `links ${JSON.stringify(s.span.tags)}`,
    )
    .join('; ');
}

export interface RolloutTraceCheck {
  /** The one trace that holds the rollout's completion. */
  rollout: JaegerTrace;
  /** When the rollout completed (µs), by its `rollout complete` span event. */
  completedAtUs: number;
  /** Sync spans of the generation that began before completion in some other trace: none when all is well. */
  strays: { traceId: string; roots: string[]; span: TraceSpan }[];
}

/** Waits until Jaeger holds the completion of a workload generation's rollout, then sorts its traces out. */
export async function waitForRolloutTrace(
  jaegerQueryUrl: string,
  namespace: string,
  name: string,
  generation: number,
  timeoutMs = 60_000,
  kind: RolloutSpanNames = CLONESET_ROLLOUT_SPANS,
  /**
   * Services whose spans the trace must hold before it counts as found (polled until the deadline, then returned
   * as it is): each process exports its spans in its own batches, the apiserver's seconds after the controller's.
   * With services required, the trace must also have one root: a child span that came in an earlier batch than
   * its parent makes a second root until the parent arrives.
   */
  requireServices: readonly string[] = [],
): Promise<RolloutTraceCheck> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const traces = await rolloutTraces(jaegerQueryUrl, namespace, name, generation, kind);
    const complete = traces.filter((t) => t.events.some((e) => e.name === 'rollout complete'));
    if (complete.length > 1) {
      throw new Error(
        `the rollout completed in ${complete.length} traces: ${complete.map((t) => t.traceId)}`,
      );
    }
    const rollout = complete[0];
    const exported =
      rollout !== undefined &&
      requireServices.every((svc) => rollout.services.has(svc)) &&
      (requireServices.length === 0 || rollout.roots.length === 1);
    if (rollout !== undefined && (exported || Date.now() > deadline)) {
      const completion = rollout.events.find((e) => e.name === 'rollout complete') as TraceEvent;
      const completedAtUs = completion.timestampUs;
      // Syncs of one workload never overlap, so "before completion" means "started before the completing sync
      // did". Comparing with the completion event's own time would not do: each span anchors its clock
      // separately, and the sync right after completion can appear a few µs before it.
      const completingSyncUs =
        rollout.syncSpans.find((span) => span.spanId === completion.spanId)?.startUs ?? completedAtUs;
      const strays = traces
        .filter((t) => t.traceId !== rollout.traceId)
        .flatMap((t) =>
          t.syncSpans
            .filter((span) => span.startUs < completingSyncUs)
            .map((span) => ({
              traceId: t.traceId,
              roots: t.roots.map((r) => `${r.service}/${r.operation}`),
              span,
            })),
        );
      return { rollout, completedAtUs, strays };
    }
    if (Date.now() > deadline) {
      throw new Error(`no trace holds the completion of ${namespace}/${name} generation ${generation}`);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}
