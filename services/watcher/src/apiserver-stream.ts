// Raw list and watch against the apiserver, authenticated from a kubeconfig. We stream watch events
// ourselves (rather than through an informer) because the watcher needs what an informer hides: bookmarks,
// the 410 Gone signal, its own stall detection, and the exact resourceVersion to resume from. Not through the
// KubeClient either: no client-side rate limit or per-call span on the one long-lived stream per kind.
import type { ClusterConnection, ResponseData } from '@kruise-ts/runtime';
import { collectionPath, type WatchedResource } from './kinds.ts';
import { type KubeObject, type WatchEvent, watchEventsFromChunks } from './watch-events.ts';

export interface ListPage {
  items: KubeObject[];
  /** The list's snapshot revision; every page of one paginated list carries the same. */
  resourceVersion: string;
  continueToken?: string;
}

/** Where a reflector lists and watches; the apiserver in production, a gated or fake one in tests. */
export interface ResourceSource {
  listPage(
    resource: WatchedResource,
    options: { limit: number; continueToken?: string; signal?: AbortSignal },
  ): Promise<ListPage>;
  /**
   * Events after `resourceVersion` until the server ends the watch (the iterable completes), the signal
   * aborts, or an error: an ERROR event becomes a thrown ApiStatusError with its code (410 for Gone).
   */
  watch(
    resource: WatchedResource,
    options: { resourceVersion: string; timeoutSeconds: number; signal: AbortSignal },
  ): AsyncIterable<WatchEvent>;
}

/** A non-2xx answer or an ERROR watch event, with the HTTP status code the apiserver gave. */
export class ApiStatusError extends Error {
  readonly status: number;
  readonly reason: string;
  constructor(status: number, reason: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiStatusError';
    this.status = status;
    this.reason = reason;
  }
}

/** 410: the resourceVersion (or continue token) is older than the server keeps; only a relist helps. */
export function isGone(err: unknown): boolean {
  return err instanceof ApiStatusError && err.status === 410;
}

/** 404 on a collection: the resource is not served (its CRD is not installed, or not established yet). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiStatusError && err.status === 404;
}

/** An apiserver Status object (JSON body of an error, or the object of an ERROR event) as an error. */
export function statusError(status: number, body: unknown, what: string): ApiStatusError {
  const s = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: number;
    reason?: string;
    message?: string;
  };
  const code = typeof s.code === 'number' && s.code > 0 ? s.code : status;
  const text = typeof body === 'string' ? body.trim().slice(0, 300) : (s.message ?? '');
  return new ApiStatusError(code, s.reason ?? '', `${what}: ${code} ${s.reason ?? ''} ${text}`.trim());
}

export interface ApiserverSourceOptions {
  /** Bound on one list page request. Default 60 s. */
  listTimeoutMs?: number;
}

export interface ApiserverSource extends ResourceSource {
  /** Closes the connection pool. Idempotent. */
  close(): Promise<void>;
}

export function apiserverSource(
  connection: ClusterConnection,
  options: ApiserverSourceOptions = {},
): ApiserverSource {
  const server = connection.server;
  const listTimeoutMs = options.listTimeoutMs ?? 60_000;
  let closed: Promise<void> | undefined;

  async function get(
    path: string,
    query: Record<string, string>,
    signal: AbortSignal | undefined,
    watch: boolean,
  ): Promise<ResponseData> {
    const url = new URL(server + path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    try {
      // The token is added per request: a rotating service-account token keeps working.
      return await connection.request(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        // No body timeout: a watch is idle between events by design; stall detection bounds it instead.
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      throw new Error(`GET ${url.pathname}${watch ? ' (watch)' : ''} failed`, { cause: err });
    }
  }

  async function failure(res: ResponseData, what: string): Promise<ApiStatusError> {
    const text = await res.body.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not a Status object (e.g. "404 page not found" for a group that is not served): keep the text.
    }
    return statusError(res.statusCode, body, what);
  }

  return {
    async listPage(resource, opts) {
      const path = collectionPath(resource);
      const query: Record<string, string> = { limit: String(opts.limit) };
      if (opts.continueToken) query.continue = opts.continueToken;
      if (resource.fieldSelector) query.fieldSelector = resource.fieldSelector;
      const timeout = AbortSignal.timeout(listTimeoutMs);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      const res = await get(path, query, signal, false);
      if (res.statusCode !== 200) throw await failure(res, `list ${path}`);
      let body: { items?: KubeObject[] | null; metadata?: { resourceVersion?: string; continue?: string } };
      try {
        body = (await res.body.json()) as typeof body;
      } catch (err) {
        throw new Error(`list ${path}: unreadable response body`, { cause: err });
      }
      const resourceVersion = body.metadata?.resourceVersion ?? '';
      if (resourceVersion === '') throw new Error(`list ${path}: the response has no resourceVersion`);
      return {
        items: body.items ?? [],
        resourceVersion,
        ...(body.metadata?.continue ? { continueToken: body.metadata.continue } : {}),
      };
    },

    async *watch(resource, opts) {
      const path = collectionPath(resource);
      const query: Record<string, string> = {
        watch: 'true',
        allowWatchBookmarks: 'true',
        resourceVersion: opts.resourceVersion,
        timeoutSeconds: String(opts.timeoutSeconds),
      };
      if (resource.fieldSelector) query.fieldSelector = resource.fieldSelector;
      const res = await get(path, query, opts.signal, true);
      if (res.statusCode !== 200) throw await failure(res, `watch ${path}`);
      try {
        for await (const event of watchEventsFromChunks(res.body)) {
          if (event.type === 'ERROR') throw statusError(500, event.object, `watch ${path}`);
          yield event;
        }
      } finally {
        // Ending early (stall, stop, an ERROR event) must release the connection.
        if (!res.body.destroyed) res.body.destroy();
      }
    },

    close() {
      closed ??= connection.close();
      return closed;
    },
  };
}
