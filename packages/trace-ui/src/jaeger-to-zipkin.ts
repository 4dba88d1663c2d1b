// Jaeger's query API JSON (GET /api/traces/<id>) as Zipkin v2 spans, the format Zipkin Lens reads
// (https://zipkin.io/zipkin-api/#/ — the Span model). Pure: the server feeds it what Jaeger answered.

export interface JaegerKeyValue {
  key: string;
  type?: string;
  value: unknown;
}

export interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references?: { refType: string; traceID: string; spanID: string }[] | null;
  /** µs since the epoch */
  startTime: number;
  /** µs */
  duration: number;
  tags?: JaegerKeyValue[] | null;
  logs?: { timestamp: number; fields: JaegerKeyValue[] }[] | null;
  processID: string;
}

export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string; tags?: JaegerKeyValue[] | null }>;
}

export type ZipkinKind = 'CLIENT' | 'SERVER' | 'PRODUCER' | 'CONSUMER';

export interface ZipkinEndpoint {
  serviceName: string;
}

export interface ZipkinAnnotation {
  timestamp: number;
  value: string;
}

export interface ZipkinSpan {
  traceId: string;
  id: string;
  parentId?: string;
  name: string;
  /** µs since the epoch */
  timestamp: number;
  /** µs; absent when Jaeger recorded 0 (Zipkin treats 0 as unknown) */
  duration?: number;
  kind?: ZipkinKind;
  localEndpoint: ZipkinEndpoint;
  remoteEndpoint?: ZipkinEndpoint;
  annotations?: ZipkinAnnotation[];
  tags: Record<string, string>;
}

const KINDS: Record<string, ZipkinKind> = {
  client: 'CLIENT',
  server: 'SERVER',
  producer: 'PRODUCER',
  consumer: 'CONSUMER',
};

/** Zipkin ids are lower-hex of 16 or 32 digits; Jaeger may drop leading zeros. */
export function zipkinId(hex: string, traceId = false): string {
  const lower = hex.toLowerCase();
  const width = traceId && lower.length > 16 ? 32 : 16;
  return lower.padStart(width, '0');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A span log as one annotation: its `event` (OTel's event name) followed by the other fields as key=value. */
export function annotationValue(fields: JaegerKeyValue[]): string {
  const event = fields.find((f) => f.key === 'event');
  const rest = fields.filter((f) => f !== event).map((f) => `${f.key}=${text(f.value)}`);
  return [...(event === undefined ? [] : [text(event.value)]), ...rest].join(' ');
}

/**
 * Jaeger's `error` tag is a boolean next to OTel's status description; Lens marks a span failed when the Zipkin
 * `error` tag exists and shows its value, so the description (or "true") becomes that value. `span.kind` becomes
 * the span's kind, and Jaeger's cross-trace FOLLOWS_FROM references (OTel links) a `links` tag Lens can show.
 */
export function zipkinTags(span: JaegerSpan): Record<string, string> {
  const tags: Record<string, string> = {};
  let failed = false;
  for (const t of span.tags ?? []) {
    if (t.key === 'span.kind') continue;
    if (t.key === 'error') {
      failed = t.value === true || t.value === 'true';
      continue;
    }
    tags[t.key] = text(t.value);
  }
  if (failed) tags.error = tags['otel.status_description'] ?? 'true';
  const links = (span.references ?? [])
    .filter((r) => r.traceID !== span.traceID)
    .map((r) => `${zipkinId(r.traceID, true)}/${zipkinId(r.spanID)}`);
  if (links.length > 0) tags.links = links.join(',');
  return tags;
}

/** The parent in the same trace: CHILD_OF first, else FOLLOWS_FROM (Lens draws one tree per trace). */
export function parentSpanId(span: JaegerSpan): string | undefined {
  const same = (span.references ?? []).filter((r) => r.traceID === span.traceID);
  const ref = same.find((r) => r.refType === 'CHILD_OF') ?? same.find((r) => r.refType === 'FOLLOWS_FROM');
  return ref === undefined ? undefined : zipkinId(ref.spanID);
}

export function toZipkinSpan(span: JaegerSpan, processes: JaegerTrace['processes']): ZipkinSpan {
  const kindTag = span.tags?.find((t) => t.key === 'span.kind')?.value;
  const kind = typeof kindTag === 'string' ? KINDS[kindTag] : undefined;
  const peer = span.tags?.find((t) => t.key === 'peer.service')?.value;
  const out: ZipkinSpan = {
    traceId: zipkinId(span.traceID, true),
    id: zipkinId(span.spanID),
    name: span.operationName,
    timestamp: span.startTime,
    localEndpoint: { serviceName: processes[span.processID]?.serviceName ?? 'unknown' },
    tags: zipkinTags(span),
  };
  const parentId = parentSpanId(span);
  if (parentId !== undefined) out.parentId = parentId;
  if (span.duration > 0) out.duration = span.duration;
  if (kind !== undefined) out.kind = kind;
  if (typeof peer === 'string' && peer !== '') out.remoteEndpoint = { serviceName: peer };
  const annotations = (span.logs ?? [])
    .map((l) => ({ timestamp: l.timestamp, value: annotationValue(l.fields) }))
    .sort((a, b) => a.timestamp - b.timestamp);
  if (annotations.length > 0) out.annotations = annotations;
  return out;
}

/** A whole Jaeger trace as Zipkin spans, in start order (ties by id, so the output is stable). */
export function toZipkinTrace(trace: JaegerTrace): ZipkinSpan[] {
  return trace.spans
    .map((s) => toZipkinSpan(s, trace.processes))
    .sort((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id));
}
