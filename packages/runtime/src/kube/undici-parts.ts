// The two parts of undici the apiserver client uses, its connection pool (Agent) and its request API, loaded
// by their own files rather than through undici's index. The index also loads fetch, WebSocket, EventSource,
// the mock agents, the cache stores and every interceptor, which no service uses: ~12 MiB of resident memory
// in each process (19.5 MiB for the index against 7.3 for these two, measured after node:http, node:tls and
// node:crypto were loaded; docs/performance.md, "Idle memory"). undici declares no package exports, so these
// paths are part of what the pinned version ships; the unit test fails if an upgrade moves them.
import { createRequire } from 'node:module';
import type { Agent as AgentType, Dispatcher } from 'undici';

const load = createRequire(import.meta.url);

/** undici's Agent: a pool of connections per origin. */
export const Agent = load('undici/lib/dispatcher/agent.js') as typeof AgentType;
export type Agent = AgentType;

type RequestApi = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
const requestApi = load('undici/lib/api/api-request.js') as RequestApi;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;
export type ResponseData = Dispatcher.ResponseData;

/** Sends one request for `url` through `dispatcher`: undici's `request(url, { dispatcher, ... })`. */
export function requestThrough(
  dispatcher: Dispatcher,
  url: URL,
  options: RequestOptions,
): Promise<ResponseData> {
  return requestApi.call(dispatcher, {
    ...options,
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
  });
}

/** A whole answer, body decoded as UTF-8 text. */
export interface BufferedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface BufferedRequestOptions {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * Sends one request through `dispatcher` and collects its whole answer, by undici's handler interface rather
 * than its request API: that API wraps every body in a Readable stream (with its listeners, events and
 * buffering) which a unary apiserver call reads to the end at once anyway; the stream machinery cost as much
 * CPU as the JSON parse in the CloneSet controller's profile (docs/performance.md). Aborting `signal` rejects
 * with its reason, as the request API does.
 */
export function sendBuffered(
  dispatcher: Dispatcher,
  url: URL,
  options: BufferedRequestOptions,
): Promise<BufferedResponse> {
  const { signal } = options;
  return new Promise<BufferedResponse>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    let statusCode = 0;
    let headers: BufferedResponse['headers'] = {};
    const chunks: Buffer[] = [];
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    function onAbort(): void {
      const reason: unknown = signal?.reason;
      // Settled first: the abort may report its own error to onResponseError at once.
      settle(() => reject(reason));
      controller?.abort(reason instanceof Error ? reason : new Error(String(reason)));
    }
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        // Aborted while queued for a connection: the promise already rejected; stop the request too.
        if (settled) c.abort(new Error('request aborted before it started'));
      },
      onResponseStart(_c, status, responseHeaders) {
        statusCode = status;
        headers = responseHeaders;
      },
      onResponseData(_c, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        const body =
          chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
        settle(() => resolve({ statusCode, headers, body }));
      },
      onResponseError(_c, error) {
        settle(() => reject(error));
      },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: options.method,
          headers: options.headers,
          ...(options.body === undefined ? {} : { body: options.body }),
        },
        handler,
      );
    } catch (err) {
      settle(() => reject(err));
    }
  });
}
