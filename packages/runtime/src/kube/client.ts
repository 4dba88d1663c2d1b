// A Kubernetes client of its own over undici, with what controllers need around every apiserver call: a
// client-side rate limit (QPS/burst token bucket, as client-go's), a CLIENT span per call named
// `kube <verb> <resource>`, the W3C traceparent header on the request so the apiserver's own spans join the
// trace, the partition's write fence (after the throttle wait and again right before sending), and failures
// mapped to typed errors (NotFoundError, ConflictError, InvalidError, …). Objects go in and out as plain JSON:
// no model classes, timestamps stay strings (docs/adr/0029-thin-apiserver-client.md).
//
// `client.resource<T>(ref)` is the typed API (kube/resource.ts); `api()`/`objects()` still hand out
// @kubernetes/client-node's classes through the same pipeline for callers not yet moved to it.
import {
  type Configuration,
  createConfiguration,
  KubeConfig,
  KubernetesObjectApi,
  type Middleware,
  type RequestContext,
  type ResponseContext,
  ServerConfiguration,
} from '@kubernetes/client-node';
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  defaultTextMapSetter,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { request as undiciRequest } from 'undici';
import { type Clock, realClock, sleep } from '../clock.ts';
import { TokenBucket } from '../token-bucket.ts';
import { ClusterConnection } from './connection.ts';
import {
  DeleteSkippedError,
  decideDeleteRecheck,
  type RecheckedKind,
  recheckedKindOf,
} from './delete-recheck.ts';
import { KubeApiError, kubeErrorFromStatus, NotFoundError, parseStatus, toKubeError } from './errors.ts';
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
import { type ObjectList, ResourceClient, type ResourceRef } from './resource.ts';
import { currentWriteGuard, isWrite, runWithWriteGuard, type WriteGuard } from './write-guard.ts';

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

export type ApiClass<T> = new (configuration: Configuration) => T;

/** The HTTP answer behind a typed error (its `cause`): status code, headers and body as received. */
export class KubeHttpError extends Error {
  readonly code: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  constructor(request: string, response: IncomingResponse) {
    super(`${request}: HTTP ${response.status}`);
    this.name = 'KubeHttpError';
    this.code = response.status;
    this.headers = response.headers;
    this.body = response.body;
  }
}

/** The call in progress, shared by the wrapper (which owns the span) and the middleware (which sees HTTP). */
interface CallState {
  span: Span;
  info?: KubeRequestInfo;
  guard?: WriteGuard;
}

const CALL_KEY = createContextKey('@kruise-ts/runtime kube call');
// W3C's own propagator, not the global one: the header is right whether or not the service set up an SDK.
const propagator = new W3CTraceContextPropagator();
// Methods that perform a request: generated API methods and KubernetesObjectApi's verbs. Anything else
// (helpers such as setDefaultNamespace) passes through untouched.
const REQUEST_METHOD = /^(create|read|get|list|replace|patch|delete|connect|resource$)/;

export class KubeClient implements KubeRequester {
  readonly cluster: ClusterConfig;
  /** The client-side rate limit; its stats() tell how many calls waited and for how long. */
  readonly rateLimiter: TokenBucket;
  readonly #tracer: Tracer;
  readonly #clock: Clock;
  readonly #requestTimeoutMs: number;
  readonly #userAgent: string;
  readonly #connection: ClusterConnection;
  readonly #resources = new Map<string, ResourceClient<object>>();
  #legacy: { kubeConfig: KubeConfig; configuration: Configuration } | undefined;
  readonly #apis = new Map<ApiClass<unknown>, unknown>();
  #objects: KubernetesObjectApi | undefined;
  #dispatcher: ReturnType<RequestContext['getDispatcher']>;
  readonly #kubeconfigPath: string | undefined;

  constructor(options: KubeClientOptions = {}) {
    this.cluster = options.cluster ?? loadClusterConfig(options.kubeconfigPath);
    this.#kubeconfigPath = options.kubeconfigPath;
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
    const key = `${ref.group}/${ref.version}/${ref.plural}`;
    let client = this.#resources.get(key);
    if (client === undefined) {
      client = new ResourceClient<object>(this, ref);
      this.#resources.set(key, client);
    }
    return client as ResourceClient<T>;
  }

  /**
   * Sends one request through the limiter, the span, the write fence and the error mapping; the JSON answer
   * comes back as is.
   */
  async request<R>(req: KubeRequest): Promise<R> {
    // The token is taken synchronously at call time, so a burst of calls queues in call order.
    const waitMs = this.rateLimiter.reserve();
    const url = applyQuery(new URL(this.cluster.server + req.path), req.query);
    const info = kubeRequestInfo(req.method, url.toString());
    const guard = isWrite(req.method) ? currentWriteGuard() : undefined;
    const parent = context.active();
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
      const outgoing: OutgoingRequest = {
        method: req.method,
        url,
        headers,
        signal: this.#requestSignal(guard),
      };
      if (req.body !== undefined) outgoing.body = req.body;
      const response = await this.send(outgoing);
      span.setAttribute('http.response.status_code', response.status);
      if (response.status < 200 || response.status >= 300) {
        const status = parseStatus(response.body);
        throw kubeErrorFromStatus({
          code: response.status,
          ...(status === undefined ? {} : { status }),
          operation: operation(info),
          headers: response.headers,
          cause: new KubeHttpError(`${req.method} ${url.pathname}`, response),
        });
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
    const info = kubeRequestInfo(req.method, url.toString());
    let res: Awaited<ReturnType<typeof undiciRequest>>;
    try {
      res = await undiciRequest(url, {
        method: 'GET',
        headers: this.#headers({ accept: 'application/json', 'user-agent': this.#userAgent }),
        dispatcher: this.#dispatcherFor(),
        ...(signal === undefined ? {} : { signal }),
        // A watch is idle between events by design.
        bodyTimeout: 0,
      });
    } catch (err) {
      throw new Error(`${operation(info)} failed`, { cause: err });
    }
    if (res.statusCode !== 200) {
      const response = {
        status: res.statusCode,
        headers: flatHeaders(res.headers),
        body: await readBody(res.body),
      };
      const status = parseStatus(response.body);
      throw kubeErrorFromStatus({
        code: res.statusCode,
        ...(status === undefined ? {} : { status }),
        operation: operation(info),
        headers: response.headers,
        cause: new KubeHttpError(`GET ${url.pathname}`, response),
      });
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

  /** Closes the connection pool (idle keep-alive connections do not hold the process open anyway). */
  async close(): Promise<void> {
    await this.#connection.close();
  }

  /**
   * The HTTP exchange itself; tests override it to record requests instead of sending them. Everything around
   * it (limit, span, fence, errors) stays in request().
   */
  protected async send(req: OutgoingRequest): Promise<IncomingResponse> {
    const res = await undiciRequest(req.url, {
      method: req.method,
      headers: this.#headers(req.headers),
      dispatcher: this.#dispatcherFor(),
      signal: req.signal,
      ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
    });
    return { status: res.statusCode, headers: flatHeaders(res.headers), body: await readBody(res.body) };
  }

  #headers(headers: Record<string, string>): Record<string, string> {
    return this.#connection.withAuth(headers);
  }

  // One connection pool for the client's life: connections (and TLS sessions) are reused across calls.
  #dispatcherFor() {
    return this.#connection.dispatcher;
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

  /** The request's timeout, shortened to the lease's remaining validity and tied to the partition's loss. */
  #requestSignal(guard: WriteGuard | undefined): AbortSignal {
    // AbortSignal.timeout takes whole milliseconds; lease validity comes from performance.now().
    const timeoutMs = Math.max(
      0,
      Math.ceil(Math.min(this.#requestTimeoutMs, guard?.remainingMs?.() ?? Infinity)),
    );
    const timeout = AbortSignal.timeout(timeoutMs);
    return guard?.signal === undefined ? timeout : AbortSignal.any([timeout, guard.signal]);
  }

  // ---- client-node compatibility, removed once no caller uses it -------------------------------------------

  /** The same cluster as a client-node KubeConfig (loaded on first use). */
  get kubeConfig(): KubeConfig {
    return this.#legacyParts().kubeConfig;
  }

  #legacyParts(): { kubeConfig: KubeConfig; configuration: Configuration } {
    if (this.#legacy !== undefined) return this.#legacy;
    const kubeConfig = legacyKubeConfig(this.#kubeconfigPath, this.cluster);
    const middleware: Middleware = {
      pre: async (request) => this.#beforeRequest(request, this.#userAgent),
      post: async (response) => this.#afterResponse(response),
    };
    const configuration = createConfiguration({
      baseServer: new ServerConfiguration(this.cluster.server, {}),
      authMethods: { default: kubeConfig },
      promiseMiddleware: [middleware],
    });
    this.#legacy = { kubeConfig, configuration };
    return this.#legacy;
  }

  /**
   * An instance of a client-node API class whose calls are rate limited, traced and error-mapped. For the
   * generic object API use objects(), which also takes the kubeconfig's namespace as the default.
   */
  api<T extends object>(apiClass: ApiClass<T>): T {
    const cached = this.#apis.get(apiClass as ApiClass<unknown>);
    if (cached !== undefined) return cached as T;
    const wrapped = this.#wrap(new apiClass(this.#legacyParts().configuration));
    this.#apis.set(apiClass as ApiClass<unknown>, wrapped);
    return wrapped;
  }

  /** The generic object API (any kind, including Kruise's custom resources), wrapped like `api()`. */
  objects(): KubernetesObjectApi {
    const { configuration, kubeConfig } = this.#legacyParts();
    this.#objects ??= this.#wrap(new DefaultNamespaceObjectApi(configuration, kubeConfig));
    return this.#objects;
  }

  #wrap<T extends object>(target: T): T {
    const wrappers = new Map<string, unknown>();
    return new Proxy(target, {
      get: (obj, prop) => {
        const value: unknown = Reflect.get(obj, prop, obj);
        if (typeof prop !== 'string' || typeof value !== 'function' || !REQUEST_METHOD.test(prop))
          return value;
        let wrapper = wrappers.get(prop);
        if (wrapper === undefined) {
          const method = value as (...args: unknown[]) => Promise<unknown>;
          wrapper = (...args: unknown[]) => this.#call(prop, () => method.apply(obj, args), args[0]);
          wrappers.set(prop, wrapper);
        }
        return wrapper;
      },
    });
  }

  async #call<R>(method: string, run: () => Promise<R>, params?: unknown): Promise<R> {
    // The token is taken synchronously at call time, so a burst of calls queues in call order.
    const waitMs = this.rateLimiter.reserve();
    const parent = context.active();
    const span = this.#tracer.startSpan(`kube ${method}`, { kind: SpanKind.CLIENT }, parent);
    const guard = isWrite(method) ? currentWriteGuard() : undefined;
    const state: CallState = guard === undefined ? { span } : { span, guard };
    const callContext: Context = trace.setSpan(parent, span).setValue(CALL_KEY, state);
    try {
      if (waitMs > 0) {
        // Throttling is part of the call's latency and the usual reason a busy controller is slow: show it.
        span.addEvent('client-side throttling', { 'kube.throttle.wait_ms': Math.round(waitMs) });
        await sleep(this.#clock, waitMs, guard?.signal);
      }
      // The fence is checked after the throttle wait (the lease may have lapsed meanwhile), and once more in
      // the request middleware, immediately before the HTTP request leaves.
      guard?.fence();
      const recheck = guard?.recheckDeletes?.() === true ? recheckedKindOf(method) : undefined;
      if (recheck !== undefined && guard !== undefined) {
        const p = (params ?? {}) as {
          namespace?: string;
          name?: string;
          body?: { preconditions?: { uid?: string } };
        };
        await this.#recheckDelete(
          recheck,
          p.namespace ?? '',
          p.name ?? '',
          p.body?.preconditions?.uid,
          guard,
        );
      }
      const result = await guardStorage(guard, () => context.with(callContext, run));
      guard?.onWritten?.(result);
      return result;
    } catch (err) {
      const mapped = toKubeError(err, state.info === undefined ? undefined : operation(state.info));
      const error = mapped instanceof Error ? mapped : new Error(String(mapped), { cause: mapped });
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      span.setAttribute(
        'error.type',
        error instanceof KubeApiError ? error.reason || String(error.code) : error.name,
      );
      throw mapped;
    } finally {
      span.end();
    }
  }

  #beforeRequest(request: RequestContext, userAgent: string): RequestContext {
    request.setHeaderParam('User-Agent', userAgent);
    // client-node's authentication builds a new undici Agent for every request, so every call opened a new TLS
    // connection (a handshake on both sides; an idle service did that every lease renewal). The first agent is
    // kept for the client's life and connections are reused; the per-request one is dropped unused. A client
    // certificate rotated on disk is therefore read again only by a new KubeClient (a restart).
    const fresh = request.getDispatcher();
    if (fresh !== undefined) {
      this.#dispatcher ??= fresh;
      request.setDispatcher(this.#dispatcher);
    }
    const guard = isWrite(request.getHttpMethod()) ? currentWriteGuard() : undefined;
    // Last moment before the request is sent: a write for a partition no longer safely held never leaves.
    guard?.fence();
    request.setSignal(this.#requestSignal(guard));
    const active = context.active();
    const state = active.getValue(CALL_KEY) as CallState | undefined;
    if (state !== undefined) {
      const info = kubeRequestInfo(request.getHttpMethod(), request.getUrl());
      state.info = info;
      state.span.updateName(`kube ${info.verb} ${resourceLabel(info)}`);
      state.span.setAttributes(requestAttributes(request.getHttpMethod(), new URL(request.getUrl()), info));
    }
    propagator.inject(active, request, { set: (carrier, key, value) => carrier.setHeaderParam(key, value) });
    return request;
  }

  #afterResponse(response: ResponseContext): ResponseContext {
    const state = context.active().getValue(CALL_KEY) as CallState | undefined;
    state?.span.setAttribute('http.response.status_code', response.httpStatusCode);
    return response;
  }
}

// The guard stays the current one inside the call (the middleware reads it again right before sending).
function guardStorage<T>(guard: WriteGuard | undefined, fn: () => Promise<T>): Promise<T> {
  return guard === undefined ? fn() : runWithWriteGuard(guard, fn);
}

// KubernetesObjectApi learns the context's default namespace only through a protected method.
class DefaultNamespaceObjectApi extends KubernetesObjectApi {
  constructor(configuration: Configuration, kubeConfig: KubeConfig) {
    super(configuration);
    this.setDefaultNamespace(kubeConfig);
  }
}

function legacyKubeConfig(path: string | undefined, cluster: ClusterConfig): KubeConfig {
  const kubeConfig = new KubeConfig();
  if (path !== undefined) {
    kubeConfig.loadFromFile(path);
    return kubeConfig;
  }
  kubeConfig.loadFromOptions({
    clusters: [
      {
        name: 'c',
        server: cluster.server,
        skipTLSVerify: cluster.insecureSkipTlsVerify,
        ...(cluster.ca === undefined ? {} : { caData: Buffer.from(cluster.ca).toString('base64') }),
      },
    ],
    users: [
      {
        name: 'u',
        ...(cluster.cert === undefined ? {} : { certData: Buffer.from(cluster.cert).toString('base64') }),
        ...(cluster.key === undefined ? {} : { keyData: Buffer.from(cluster.key).toString('base64') }),
        ...(cluster.token === undefined ? {} : { token: cluster.token }),
      },
    ],
    contexts: [{ name: 'x', cluster: 'c', user: 'u', namespace: cluster.namespace }],
    currentContext: 'x',
  });
  return kubeConfig;
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

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

async function readBody(body: { text(): Promise<string> }): Promise<unknown> {
  const text = await body.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
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
