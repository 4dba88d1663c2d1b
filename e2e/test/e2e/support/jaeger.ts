// The trace that holds a CloneSet rollout's completion, read from Jaeger's query API: its roots and services.

interface RawTrace {
  traceID: string;
  spans: {
    spanID: string;
    operationName: string;
    processID: string;
    references: { refType: string; spanID: string }[];
    tags?: { key: string; value: unknown }[];
    logs: { fields: { key: string; value: unknown }[] }[];
  }[];
  processes: Record<string, { serviceName: string }>;
}

export interface RolloutTrace {
  traceId: string;
  spanCount: number;
  roots: { service: string; operation: string }[];
  services: Set<string>;
  /** Instrumentation scopes (tracer names) of its spans: what tells parts of one process apart. */
  scopes: Set<string>;
}

async function getJson<T>(url: URL): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Waits for the trace whose `sync cloneset` spans of this generation record `rollout complete`, then waits until
 * it stops growing (services export in batches), and summarises it.
 */
export async function rolloutTrace(
  jaegerQueryUrl: string,
  namespace: string,
  name: string,
  generation: number,
  options: { timeoutMs?: number; service?: string } = {},
): Promise<RolloutTrace> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let last: RolloutTrace | undefined;
  for (;;) {
    const search = new URL('/api/traces', jaegerQueryUrl);
    // The controller's service; `all-in-one` when every service runs in one process.
    search.searchParams.set('service', options.service ?? 'cloneset-controller');
    search.searchParams.set('operation', 'sync cloneset');
    search.searchParams.set(
      'tags',
      JSON.stringify({
        'kruise.cloneset.namespace': namespace,
        'kruise.cloneset.name': name,
        'kruise.cloneset.generation': String(generation),
      }),
    );
    search.searchParams.set('lookback', '1h');
    search.searchParams.set('limit', '1000');
    const found = await getJson<{ data?: RawTrace[] }>(search);
    const complete = (found.data ?? []).find((t) =>
      t.spans.some((s) =>
        s.logs.some((l) => l.fields.some((f) => f.key === 'event' && f.value === 'rollout complete')),
      ),
    );
    if (complete !== undefined) {
      const full = await getJson<{ data?: RawTrace[] }>(
        new URL(`/api/traces/${complete.traceID}`, jaegerQueryUrl),
      );
      const t = full.data?.[0] ?? complete;
      const ids = new Set(t.spans.map((s) => s.spanID));
      const service = (processID: string) => t.processes[processID]?.serviceName ?? '';
      const summary: RolloutTrace = {
        traceId: t.traceID,
        spanCount: t.spans.length,
        roots: t.spans
          .filter((s) => !s.references.some((r) => r.refType === 'CHILD_OF' && ids.has(r.spanID)))
          .map((s) => ({ service: service(s.processID), operation: s.operationName })),
        services: new Set(t.spans.map((s) => service(s.processID))),
        scopes: new Set(
          t.spans.flatMap((s) =>
            (s.tags ?? [])
              .filter((g) => g.key === 'otel.scope.name' || g.key === 'otel.library.name')
              .map((g) => String(g.value)),
          ),
        ),
      };
      // Settled: the same span count twice in a row, and every root accounted for.
      if (last?.spanCount === summary.spanCount && summary.roots.length === 1) return summary;
      last = summary;
    }
    if (Date.now() > deadline) {
      if (last !== undefined) return last;
      throw new Error(`no trace holds the completion of ${namespace}/${name} generation ${generation}`);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}
