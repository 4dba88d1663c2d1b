// Jaeger's query HTTP API: the trace of a workload's rollout (the one whose `sync cloneset` / `sync statefulset`
// spans carry its namespace, name and generation), or a trace by id.
import type { JaegerTrace } from './critical-path.ts';
import { CLONESET_TRACE, type RolloutTraceKind } from './trace-kind.ts';

async function getJson<T>(url: URL): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new Error(`cannot reach Jaeger at ${url.origin}`, { cause: err });
  }
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function traceById(jaegerUrl: string, traceId: string): Promise<JaegerTrace> {
  const got = await getJson<{ data?: JaegerTrace[] }>(new URL(`/api/traces/${traceId}`, jaegerUrl));
  const trace = got.data?.[0];
  if (trace === undefined) throw new Error(`trace ${traceId} not found in Jaeger`);
  return trace;
}

function completes(t: JaegerTrace): boolean {
  return t.spans.some((s) =>
    s.logs?.some((l) => l.fields.some((f) => f.key === 'event' && f.value === 'rollout complete')),
  );
}

/**
 * The rollout's trace id: among traces with a sync span of this generation, the one that records the completion,
 * else the one with the most such spans (a rollout still running).
 */
export async function findRolloutTraceId(
  jaegerUrl: string,
  namespace: string,
  name: string,
  generation: number,
  kind: RolloutTraceKind = CLONESET_TRACE,
): Promise<string | undefined> {
  const search = new URL('/api/traces', jaegerUrl);
  search.searchParams.set('service', kind.service);
  search.searchParams.set('operation', kind.syncSpan);
  search.searchParams.set(
    'tags',
    JSON.stringify({
      [`${kind.attributePrefix}.namespace`]: namespace,
      [`${kind.attributePrefix}.name`]: name,
      [`${kind.attributePrefix}.generation`]: String(generation),
    }),
  );
  search.searchParams.set('lookback', '24h');
  search.searchParams.set('limit', '200');
  const found = (await getJson<{ data?: JaegerTrace[] }>(search)).data ?? [];
  const syncCount = (t: JaegerTrace) => t.spans.filter((s) => s.operationName === kind.syncSpan).length;
  const best = [...found].sort(
    (a, b) => Number(completes(b)) - Number(completes(a)) || syncCount(b) - syncCount(a),
  )[0];
  return best?.traceID;
}
