// Zipkin's trace search (GET /api/v2/traces) as Jaeger searches, and Zipkin's filters Jaeger cannot express applied
// to the translated traces. Pure: parameters in, parameters or verdicts out.
import type { ZipkinSpan } from './jaeger-to-zipkin.ts';

export interface ZipkinTraceQuery {
  serviceName?: string;
  spanName?: string;
  remoteServiceName?: string;
  /** `key=value` terms match a tag; a bare term matches a tag key or an annotation's event name */
  annotationQuery: { key: string; value?: string }[];
  /** µs */
  minDuration?: number;
  /** µs */
  maxDuration?: number;
  /** ms since the epoch */
  endTs: number;
  /** ms */
  lookback: number;
  limit: number;
}

export const DEFAULT_LOOKBACK_MS = 86_400_000;
export const DEFAULT_LIMIT = 10;
/** Jaeger's in-memory store answers a search by scanning; keep one page bounded. */
export const MAX_LIMIT = 1000;

function optional(params: URLSearchParams, name: string): string | undefined {
  const v = params.get(name)?.trim();
  // Older Lens builds send "all" for "any span name".
  return v === undefined || v === '' || v === 'all' ? undefined : v;
}

function positiveInt(params: URLSearchParams, name: string): number | undefined {
  const raw = optional(params, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new RangeError(`${name} must be a positive integer, got ${raw}`);
  return n;
}

/** Zipkin's `annotationQuery`: terms joined by " and ". */
export function parseAnnotationQuery(query: string | undefined): ZipkinTraceQuery['annotationQuery'] {
  if (query === undefined) return [];
  return query
    .split(/\s+and\s+/)
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => {
      const eq = t.indexOf('=');
      return eq < 0 ? { key: t } : { key: t.slice(0, eq).trim(), value: t.slice(eq + 1).trim() };
    });
}

export function parseTraceQuery(params: URLSearchParams, nowMs: number): ZipkinTraceQuery {
  const q: ZipkinTraceQuery = {
    annotationQuery: parseAnnotationQuery(optional(params, 'annotationQuery')),
    endTs: positiveInt(params, 'endTs') ?? nowMs,
    lookback: positiveInt(params, 'lookback') ?? DEFAULT_LOOKBACK_MS,
    limit: Math.min(positiveInt(params, 'limit') ?? DEFAULT_LIMIT, MAX_LIMIT),
  };
  const set = <K extends 'serviceName' | 'spanName' | 'remoteServiceName'>(k: K) => {
    const v = optional(params, k);
    if (v !== undefined) q[k] = v;
  };
  set('serviceName');
  set('spanName');
  set('remoteServiceName');
  const min = positiveInt(params, 'minDuration');
  const max = positiveInt(params, 'maxDuration');
  if (min !== undefined) q.minDuration = min;
  if (max !== undefined) q.maxDuration = max;
  return q;
}

/**
 * Jaeger's GET /api/traces parameters for one service. Tag terms go to Jaeger to narrow the scan (all but
 * `error`, whose Zipkin value is the status description rather than Jaeger's boolean); every term is checked
 * again on the translated spans by `matchesTraceQuery`.
 */
export function jaegerSearchParams(q: ZipkinTraceQuery, service: string): URLSearchParams {
  const p = new URLSearchParams();
  p.set('service', service);
  if (q.spanName !== undefined) p.set('operation', q.spanName);
  const tags = Object.fromEntries(
    q.annotationQuery
      .filter((t): t is { key: string; value: string } => t.value !== undefined && t.key !== 'error')
      .map((t) => [t.key, t.value]),
  );
  if (Object.keys(tags).length > 0) p.set('tags', JSON.stringify(tags));
  if (q.minDuration !== undefined) p.set('minDuration', `${q.minDuration}us`);
  if (q.maxDuration !== undefined) p.set('maxDuration', `${q.maxDuration}us`);
  p.set('start', String((q.endTs - q.lookback) * 1000));
  p.set('end', String(q.endTs * 1000));
  p.set('limit', String(q.limit));
  return p;
}

/** An annotation is its event name followed by the log's other fields as key=value (jaeger-to-zipkin.ts). */
function eventIs(annotation: string, name: string): boolean {
  if (annotation === name) return true;
  if (!annotation.startsWith(`${name} `)) return false;
  return (
    annotation
      .slice(name.length + 1)
      .split(' ', 1)[0]
      ?.includes('=') ?? false
  );
}

function termMatches(span: ZipkinSpan, term: { key: string; value?: string }): boolean {
  if (term.value !== undefined) return span.tags[term.key] === term.value;
  return term.key in span.tags || (span.annotations ?? []).some((a) => eventIs(a.value, term.key));
}

/**
 * Zipkin's rules on a whole trace: each annotationQuery term holds on some span, and a span of `serviceName` is
 * named `spanName` and calls `remoteServiceName`. Durations are Jaeger's to check (minDuration/maxDuration).
 */
export function matchesTraceQuery(spans: ZipkinSpan[], q: ZipkinTraceQuery): boolean {
  if (!q.annotationQuery.every((t) => spans.some((s) => termMatches(s, t)))) return false;
  const own = spans.filter(
    (s) => q.serviceName === undefined || s.localEndpoint.serviceName === q.serviceName,
  );
  if (q.spanName !== undefined && !own.some((s) => s.name === q.spanName)) return false;
  if (
    q.remoteServiceName !== undefined &&
    !own.some((s) => s.remoteEndpoint?.serviceName === q.remoteServiceName)
  ) {
    return false;
  }
  return true;
}

/** Newest first, at most `limit`, each trace once (searches per service overlap). */
export function newestTraces(traces: ZipkinSpan[][], limit: number): ZipkinSpan[][] {
  const seen = new Set<string>();
  const unique: ZipkinSpan[][] = [];
  for (const t of traces) {
    const id = t[0]?.traceId;
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    unique.push(t);
  }
  const start = (t: ZipkinSpan[]) => Math.min(...t.map((s) => s.timestamp));
  return unique.sort((a, b) => start(b) - start(a)).slice(0, limit);
}
