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
