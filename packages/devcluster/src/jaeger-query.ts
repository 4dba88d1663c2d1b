// A trace read back by id from the devcluster's Jaeger query API (`/api/traces/<id>`), for the tests that follow
// spans across processes. The shapes are Jaeger's JSON, only the fields the tests read.

export interface JaegerApiSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  processID: string;
  /** Microseconds since the epoch. */
  startTime: number;
  references: { refType: string; traceID: string; spanID: string }[];
  tags: { key: string; value: unknown }[];
  logs: { timestamp: number; fields: { key: string; value: unknown }[] }[];
}

export interface JaegerApiTrace {
  traceID: string;
  spans: JaegerApiSpan[];
  processes: Record<string, { serviceName: string; tags: { key: string; value: unknown }[] }>;
}

/** The trace with this id; undefined while Jaeger does not have it (404); any other failure throws. */
export async function fetchJaegerTrace(
  jaegerQueryUrl: string,
  traceId: string,
): Promise<JaegerApiTrace | undefined> {
  const url = new URL(`/api/traces/${traceId}`, jaegerQueryUrl).toString();
  const res = await fetch(url);
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return ((await res.json()) as { data?: JaegerApiTrace[] }).data?.[0];
}

/** The service name of the process that recorded `span`. */
export function spanService(trace: JaegerApiTrace, span: JaegerApiSpan): string | undefined {
  return trace.processes[span.processID]?.serviceName;
}
