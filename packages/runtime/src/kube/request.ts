// The shapes of one apiserver request and response as the KubeClient sends them (plain JSON, no model
// classes), and the decoding of a watch stream's newline-delimited JSON events.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | undefined;

export interface KubeRequest {
  method: HttpMethod;
  /** Absolute API path, e.g. `/api/v1/namespaces/ns/pods/name`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Defaults to `application/json` (patches name their own). */
  contentType?: string;
  /**
   * `head`: the caller reads only the answer's kind, apiVersion and metadata, so the rest of the object is not
   * parsed (a Status or any other layout still is, whole). Default: the whole answer.
   */
  answer?: AnswerMode;
}

export type AnswerMode = 'whole' | 'head';

/** A request as it leaves: absolute URL, every header, the body still unserialised. */
export interface OutgoingRequest {
  method: HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body?: unknown;
  signal: AbortSignal;
  answer?: AnswerMode;
}

export interface IncomingResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON body parsed, or the text when it is not JSON; undefined when empty. */
  body: unknown;
}

/** metav1.DeleteOptions. */
export interface DeleteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: string;
  gracePeriodSeconds?: number;
  dryRun?: string[];
}

export interface WatchEvent<T = unknown> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T;
}

/** What a ResourceClient needs from the client that sends for it. */
export interface KubeRequester {
  request<R>(request: KubeRequest): Promise<R>;
  watch<T>(request: KubeRequest, signal?: AbortSignal): AsyncIterable<WatchEvent<T>>;
}

/** `?a=1&b=x` from the defined entries of a query. */
export function applyQuery(url: URL, query: Record<string, QueryValue> | undefined): URL {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** Events from a watch body: one JSON object per line, lines split anywhere across chunks. */
export async function* watchEventsFrom<T>(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<WatchEvent<T>> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line !== '') yield parseEvent<T>(line);
      newline = pending.indexOf('\n');
    }
  }
  const rest = (pending + decoder.decode()).trim();
  if (rest !== '') yield parseEvent<T>(rest);
}

function parseEvent<T>(line: string): WatchEvent<T> {
  try {
    return JSON.parse(line) as WatchEvent<T>;
  } catch (err) {
    throw new Error(`unreadable watch event: ${line.slice(0, 200)}`, { cause: err });
  }
}
