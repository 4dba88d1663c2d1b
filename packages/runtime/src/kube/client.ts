// A Kubernetes client of its own over one HTTP/2 session, with what controllers need around every apiserver
// call: a client-side rate limit (QPS/burst token bucket, as client-go's), a CLIENT span per call named
// `kube <verb> <resource>`, the W3C traceparent header on the request so the apiserver's own spans join the
// trace, the partition's write fence (after the throttle wait and again right before sending), and failures
// mapped to typed errors (NotFoundError, ConflictError, InvalidError, …). Objects go in and out as plain JSON:
// no model classes, timestamps stay strings (docs/adr/0029-thin-apiserver-client.md).
//
// `client.resource<T>(ref)` is the typed API (kube/resource.ts); `client.request()` sends any other path.
import { parseObjectHead, withoutManagedFields } from '@kruise-ts/kube';
import {
  type Attributes,
  context,
  defaultTextMapSetter,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { type Clock, realClock, sleep } from '../clock.ts';
import { TokenBucket } from '../token-bucket.ts';
import { ClusterConnection } from './connection.ts';
import { DeleteSkippedError, decideDeleteRecheck, type RecheckedKind } from './delete-recheck.ts';
import {
  KubeApiError,
  KubeHttpError,
  kubeErrorFromStatus,
  NotFoundError,
  parseStatus,
  toKubeError,
} from './errors.ts';
import type { ResponseData } from './http2-session.ts';
import { type ClusterConfig, loadClusterConfig } from './kubeconfig.ts';
import {
  applyQuery,
  type IncomingResponse,
  type KubeRequest,
  type KubeRequester,
  type OutgoingRequest,
  type WatchEvent,
  watchEventsFrom,
} from './request.ts';
import { type KubeRequestInfo, kubeRequestInfo, objectLabel, resourceLabel } from './request-info.ts';
import {
  type ObjectList,
  type ResourceClient,
  ResourceHandles,
  type ResourceRef,
  type ResourceSource,
} from './resource.ts';
import { currentWriteGuard, isWrite, type WriteGuard } from './write-guard.ts';

export interface KubeClientOptions {
  /** Kubeconfig file to load; without it (and without `cluster`) the default loading rules apply. */
  kubeconfigPath?: string;
  /** An already loaded config (wins over `kubeconfigPath`). */
  cluster?: ClusterConfig;
  /** Sustained requests per second; Infinity disables the limit. Default 20 (controller-runtime's). */
  qps?: number;
  /** Requests allowed at once above the sustained rate. Default 30 (controller-runtime's). */
  burst?: number;
  /** Sent as User-Agent. */
  userAgent?: string;
  /** Defaults to the global tracer provider's `@kruise-ts/runtime` tracer. */
  tracer?: Tracer;
  clock?: Clock;
  /**
   * Upper bound of one request, in milliseconds (client-go leaves it to the caller; a hung write under a
   * lease must not outlive the lease). Writes under a write guard are further bounded by the lease's
   * remaining validity. Default 30 000.
   */
  requestTimeoutMs?: number;
}

// W3C's own propagator, not the global one: the header is right whether or not the service set up an SDK.
const propagator = new W3CTraceContextPropagator();

export class KubeClient implements ResourceSource {
  readonly cluster: ClusterConfig;
  /** The client-side rate limit; its stats() tell how many calls waited and for how long. */
  readonly rateLimiter: TokenBucket;
  readonly #tracer: Tracer;
  readonly #clock: Clock;
  readonly #requestTimeoutMs: number;
  readonly #userAgent: string;
  readonly #connection: ClusterConnection;
  readonly #resources = new ResourceHandles(this);

  constructor(options: KubeClientOptions = {}) {
    this.cluster = options.cluster ?? loadClusterConfig(options.kubeconfigPath);
    this.#clock = options.clock ?? realClock;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#tracer = options.tracer ?? trace.getTracer('@kruise-ts/runtime');
    this.rateLimiter = new TokenBucket(options.qps ?? 20, options.burst ?? 30, this.#clock);
    this.#userAgent = options.userAgent ?? 'kruise-ts';
    this.#connection = new ClusterConnection(this.cluster);
  }

  /** The kubeconfig's (or service account's) namespace. */
  get namespace(): string {
    return this.cluster.namespace;
  }

  /**
   * A typed handle on one resource; cached per resource. A typed kind (`typedKind<Pod>(POD)`) gives its
   * object type; otherwise name it: `resource<Secret>(SECRET)`.
   */
  resource<T extends object>(ref: ResourceRef & { readonly __object?: T }): ResourceClient<T> {
    return this.#resources.get(ref);
  }

  /**
   * Sends one request through the limiter, the span, the write fence and the error mapping; the JSON answer
   * comes back as is.
   */
  request<R>(req: KubeRequest): Promise<R> {
    return this.#request(req, this.rateLimiter);
  }

  /**
   * The same client on the same connection behind a token bucket of its own (same qps and burst): a lane.
   * Kruise's manager gives each purpose a client of its own, and client-go a bucket to each client (Events
   * through the recorder's, a controller's status through its Kruise clientset, in-place updates through the
   * inplaceupdate package's), so one purpose neither waits behind another's writes nor holds them up
   * (docs/adr/0034-rate-limit-lanes.md). Make a lane once per process and purpose, never per call.
   */
  withOwnRateLimit(): ResourceSource {
    const limiter = new TokenBucket(this.rateLimiter.qps, this.rateLimiter.burst, this.#clock);
    const lane: KubeRequester = {
      request: <R>(req: KubeRequest) => this.#request<R>(req, limiter),
      watch: <T>(req: KubeRequest, signal?: AbortSignal) => this.watch<T>(req, signal),
    };
    const handles = new ResourceHandles(lane);
    return { ...lane, resource: (ref) => handles.get(ref) };
  }

  async #request<R>(req: KubeRequest, limiter: TokenBucket): Promise<R> {
    // The token is taken synchronously at call time, so a burst of calls queues in call order.
    const waitMs = limiter.reserve();
    const url = applyQuery(new URL(this.cluster.server + req.path), req.query);
    const info = kubeRequestInfo(req.method, url);
    const guard = isWrite(req.method) ? currentWriteGuard() : undefined;
    const parent = context.active();
    let abort: { done(): void } | undefined;
    const span = this.#tracer.startSpan(
      `kube ${info.verb} ${resourceLabel(info)}`,
      { kind: SpanKind.CLIENT, attributes: requestAttributes(req.method, url, info) },
      parent,
    );
    try {
      if (waitMs > 0) {
        // Throttling is part of the call's latency and the usual reason a busy controller is slow: show it.
        span.addEvent('client-side throttling', { 'kube.throttle.wait_ms': Math.round(waitMs) });
        await sleep(this.#clock, waitMs, guard?.signal);
      }
      // The fence is checked after the throttle wait (the lease may have lapsed meanwhile), and once more
      // immediately before the request leaves.
      guard?.fence();
      const recheck = guard?.recheckDeletes?.() === true ? recheckedKindOfRequest(info) : undefined;
      if (recheck !== undefined && guard !== undefined) {
        const uid = (req.body as { preconditions?: { uid?: string } } | undefined)?.preconditions?.uid;
        await this.#recheckDelete(recheck, info.namespace, info.name, uid, guard);
      }
      guard?.fence();
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': this.#userAgent,
      };
      if (req.body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
      propagator.inject(trace.setSpan(parent, span), headers, defaultTextMapSetter);
      const requestAbort = this.#requestAbort(guard);
      abort = requestAbort;
      const outgoing: OutgoingRequest = { method: req.method, url, headers, signal: requestAbort.signal };
      if (req.body !== undefined) outgoing.body = req.body;
      if (req.answer !== undefined) outgoing.answer = req.answer;
      const response = await this.send(outgoing);
      span.setAttribute('http.response.status_code', response.status);
      if (response.status < 200 || response.status >= 300) {
        throw toKubeError(new KubeHttpError(`${req.method} ${url.pathname}`, response), operation(info));
      }
      guard?.onWritten?.(response.body);
      return response.body as R;
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err), { cause: err });
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      span.setAttribute(
        'error.type',
        error instanceof KubeApiError ? error.reason || String(error.code) : error.name,
      );
      throw err;
    } finally {
      abort?.done();
      span.end();
    }
  }

  /**
   * A watch: rate limited like any call (no span — it lasts minutes), the events as they arrive. A non-2xx
   * answer throws its typed error; an ERROR event throws the typed error of its Status.
   */
  async *watch<T>(req: KubeRequest, signal?: AbortSignal): AsyncGenerator<WatchEvent<T>> {
    await sleep(this.#clock, this.rateLimiter.reserve(), signal);
    const url = applyQuery(new URL(this.cluster.server + req.path), req.query);
    const info = kubeRequestInfo(req.method, url);
    let res: ResponseData;
    try {
      res = await this.#connection.request(url, {
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': this.#userAgent },
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (err) {
      throw new Error(`${operation(info)} failed`, { cause: err });
    }
    if (res.statusCode !== 200) {
      const response = {
        status: res.statusCode,
        headers: res.headers,
        body: parseBody(await res.body.text()),
      };
      throw toKubeError(new KubeHttpError(`GET ${url.pathname}`, response), operation(info));
    }
    try {
      for await (const event of watchEventsFrom<T>(res.body)) {
        if (event.type === 'ERROR') {
          const status = parseStatus(event.object);
          throw kubeErrorFromStatus({
            code: status?.code ?? 500,
            ...(status === undefined ? {} : { status }),
            operation: operation(info),
          });
        }
        yield event;
      }
    } finally {
      // Ending early (a break, an abort, an ERROR event) must release the connection.
      if (!res.body.destroyed) res.body.destroy();
    }
  }

  /** Lists every page of a collection (`limit` per page). */
  async listAll<T extends object>(
    resource: ResourceClient<T>,
    o: Parameters<ResourceClient<T>['list']>[0] = {},
  ): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined;
    do {
      const page: ObjectList<T> = await resource.list({
        ...o,
        ...(next === undefined ? {} : { continue: next }),
      });
      items.push(...page.items);
      next = page.metadata?.continue || undefined;
    } while (next !== undefined);
    return items;
  }

  /** Closes the session (an idle one does not hold the process open anyway). */
  async close(): Promise<void> {
    await this.#connection.close();
  }

  /**
   * The HTTP exchange itself; tests override it to record requests instead of sending them. Everything around
   * it (limit, span, fence, errors) stays in request().
   */
  protected async send(req: OutgoingRequest): Promise<IncomingResponse> {
    const res = await this.#connection.requestBuffered(req.url, {
      method: req.method,
      headers: req.headers,
      signal: req.signal,
      ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
    });
    // A getter: only a failed call's headers are read, and reading them is what flattens them.
    return {
      status: res.statusCode,
      body: req.answer === 'head' ? (parseObjectHead(res.body) ?? parseBody(res.body)) : parseBody(res.body),
      get headers() {
        return res.headers;
      },
    };
  }

  /**
   * On a freshly acquired partition: GET the object uncached (and, for a PVC, list its namespace's pods) and
   * throw DeleteSkippedError unless the delete decided from the cache still holds. The reads are not writes:
   * the fence does not apply to them; the delete itself is fenced again before it leaves.
   */
  async #recheckDelete(
    kind: RecheckedKind,
    namespace: string,
    name: string,
    expectedUid: string | undefined,
    guard: WriteGuard,
  ): Promise<void> {
    const key = `${namespace}/${name}`;
    const plural = kind === 'Pod' ? 'pods' : 'persistentvolumeclaims';
    const read = async (): Promise<{ uid?: string } | undefined> => {
      try {
        const live = await this.request<{ metadata?: { uid?: string } }>({
          method: 'GET',
          path: `/api/v1/namespaces/${encodeURIComponent(namespace)}/${plural}/${encodeURIComponent(name)}`,
        });
        return live.metadata?.uid === undefined ? {} : { uid: live.metadata.uid };
      } catch (err) {
        if (err instanceof NotFoundError) return undefined;
        throw new Error(`re-check before deleting ${kind} ${key} failed`, { cause: err });
      }
    };
    const live = await read();
    const pods =
      kind === 'PersistentVolumeClaim' && live !== undefined
        ? (
            await this.request<ObjectList<RecheckPod>>({
              method: 'GET',
              path: `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`,
            })
          ).items.map((p) => ({
            ...(p.metadata?.name === undefined ? {} : { name: p.metadata.name }),
            ...(p.metadata?.deletionTimestamp === undefined
              ? {}
              : { deletionTimestamp: p.metadata.deletionTimestamp }),
            ...(p.status?.phase === undefined ? {} : { phase: p.status.phase }),
            claimNames: (p.spec?.volumes ?? []).flatMap((v) =>
              v.persistentVolumeClaim?.claimName === undefined ? [] : [v.persistentVolumeClaim.claimName],
            ),
          }))
        : undefined;
    const outcome = decideDeleteRecheck({
      kind,
      name,
      expectedUid,
      live,
      ...(pods === undefined ? {} : { pods }),
    });
    if (outcome.proceed) {
      guard.onDeleteRecheck?.({ kind, key, outcome: 'proceed' });
      return;
    }
    guard.onDeleteRecheck?.({ kind, key, outcome: outcome.reason, detail: outcome.detail });
    throw new DeleteSkippedError(kind, key, outcome);
  }

  /**
   * The request's abort signal: its timeout, shortened to the lease's remaining validity, or the partition's
   * loss, whichever comes first; `done()` releases the timer and the listener once the answer is in. One
   * controller and one timer per call: AbortSignal.timeout with AbortSignal.any cost a composite signal and its
   * weak references per call, about 1.5 % of the CloneSet controller's CPU in a rollout (docs/performance.md).
   */
  #requestAbort(guard: WriteGuard | undefined): { signal: AbortSignal; done(): void } {
    // Lease validity comes from performance.now(); the timer takes whole milliseconds.
    const timeoutMs = Math.max(
      0,
      Math.ceil(Math.min(this.#requestTimeoutMs, guard?.remainingMs?.() ?? Infinity)),
    );
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`request timed out after ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    timer.unref();
    const lost = guard?.signal;
    const onLost = () => controller.abort(lost?.reason);
    if (lost?.aborted) controller.abort(lost.reason);
    else lost?.addEventListener('abort', onLost, { once: true });
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(timer);
        lost?.removeEventListener('abort', onLost);
      },
    };
  }
}

interface RecheckPod {
  metadata?: { name?: string; deletionTimestamp?: string };
  status?: { phase?: string };
  spec?: { volumes?: { persistentVolumeClaim?: { claimName?: string } }[] };
}

function recheckedKindOfRequest(info: KubeRequestInfo): RecheckedKind | undefined {
  if (info.verb !== 'delete' || info.apiGroup !== '' || info.subresource !== '') return undefined;
  if (info.resource === 'pods') return 'Pod';
  if (info.resource === 'persistentvolumeclaims') return 'PersistentVolumeClaim';
  return undefined;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    // No caller reads managedFields; a written pod's come back with every write.
    return JSON.parse(withoutManagedFields(text));
  } catch {
    // Not JSON (a proxy's error page, "404 page not found"): the text is what there is.
    return text;
  }
}

function operation(info: KubeRequestInfo): string {
  const object = objectLabel(info);
  return `${info.verb} ${resourceLabel(info)}${object === '' ? '' : ` ${object}`}`;
}

function requestAttributes(method: string, url: URL, info: KubeRequestInfo): Attributes {
  const attributes: Attributes = {
    'http.request.method': method,
    'url.full': url.toString(),
    'server.address': url.hostname,
    'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    'kube.verb': info.verb,
    'kube.resource': info.resource,
    'kube.api_version': info.apiGroup === '' ? info.apiVersion : `${info.apiGroup}/${info.apiVersion}`,
  };
  if (info.subresource !== '') attributes['kube.subresource'] = info.subresource;
  if (info.namespace !== '') attributes['k8s.namespace.name'] = info.namespace;
  if (info.name !== '') attributes['kube.name'] = info.name;
  return attributes;
}
