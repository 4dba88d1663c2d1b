// A Kubernetes client over @kubernetes/client-node with what controllers need around every apiserver call:
// a client-side rate limit (QPS/burst token bucket, as client-go's), a CLIENT span per call named
// `kube <verb> <resource>`, the W3C traceparent header on the request so the apiserver's own spans join the
// trace, and failures mapped to typed errors (NotFoundError, ConflictError, InvalidError, …).
//
// API classes are used as client-node generates them (object-parameter style); `client.api(CoreV1Api)` returns
// the same class wrapped so that each call goes through the limiter, the span and the error mapping.
import {
  type Configuration,
  CoreV1Api,
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
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { type Clock, realClock, sleep } from '../clock.ts';
import { TokenBucket } from '../token-bucket.ts';
import {
  DeleteSkippedError,
  decideDeleteRecheck,
  type RecheckedKind,
  recheckedKindOf,
} from './delete-recheck.ts';
import { KubeApiError, NotFoundError, toKubeError } from './errors.ts';
import { type KubeRequestInfo, kubeRequestInfo, objectLabel, resourceLabel } from './request-info.ts';
import { currentWriteGuard, isWrite, runWithWriteGuard, type WriteGuard } from './write-guard.ts';

export interface KubeClientOptions {
  /** Kubeconfig file to load; without it (and without `kubeConfig`) the default loading rules apply. */
  kubeconfigPath?: string;
  /** An already loaded config (wins over `kubeconfigPath`). */
  kubeConfig?: KubeConfig;
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

export class KubeClient {
  readonly kubeConfig: KubeConfig;
  /** The client-side rate limit; its stats() tell how many calls waited and for how long. */
  readonly rateLimiter: TokenBucket;
  readonly #configuration: Configuration;
  readonly #tracer: Tracer;
  readonly #clock: Clock;
  readonly #requestTimeoutMs: number;
  readonly #apis = new Map<ApiClass<unknown>, unknown>();
  #objects: KubernetesObjectApi | undefined;
  #dispatcher: ReturnType<RequestContext['getDispatcher']>;

  constructor(options: KubeClientOptions = {}) {
    this.kubeConfig = options.kubeConfig ?? loadKubeConfig(options.kubeconfigPath);
    this.#clock = options.clock ?? realClock;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#tracer = options.tracer ?? trace.getTracer('@kruise-ts/runtime');
    this.rateLimiter = new TokenBucket(options.qps ?? 20, options.burst ?? 30, this.#clock);
    const cluster = this.kubeConfig.getCurrentCluster();
    if (cluster === null) throw new Error('kubeconfig has no current cluster');
    const userAgent = options.userAgent ?? 'kruise-ts';
    const middleware: Middleware = {
      pre: async (request) => this.#beforeRequest(request, userAgent),
      post: async (response) => this.#afterResponse(response),
    };
    this.#configuration = createConfiguration({
      baseServer: new ServerConfiguration(cluster.server, {}),
      authMethods: { default: this.kubeConfig },
      promiseMiddleware: [middleware],
    });
  }

  /**
   * An instance of a client-node API class whose calls are rate limited, traced and error-mapped. For the
   * generic object API use objects(), which also takes the kubeconfig's namespace as the default.
   */
  api<T extends object>(apiClass: ApiClass<T>): T {
    const cached = this.#apis.get(apiClass as ApiClass<unknown>);
    if (cached !== undefined) return cached as T;
    const wrapped = this.#wrap(new apiClass(this.#configuration));
    this.#apis.set(apiClass as ApiClass<unknown>, wrapped);
    return wrapped;
  }

  /** The generic object API (any kind, including Kruise's custom resources), wrapped like `api()`. */
  objects(): KubernetesObjectApi {
    this.#objects ??= this.#wrap(new DefaultNamespaceObjectApi(this.#configuration, this.kubeConfig));
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
      if (recheck !== undefined && guard !== undefined) await this.#recheckDelete(recheck, params, guard);
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

  /**
   * On a freshly acquired partition: GET the object uncached (and, for a PVC, list its namespace's pods) and
   * throw DeleteSkippedError unless the delete decided from the cache still holds. The reads are not writes:
   * the fence does not apply to them; the delete itself is fenced again before it leaves.
   */
  async #recheckDelete(kind: RecheckedKind, params: unknown, guard: WriteGuard): Promise<void> {
    const {
      namespace = '',
      name = '',
      body,
    } = (params ?? {}) as {
      namespace?: string;
      name?: string;
      body?: { preconditions?: { uid?: string } };
    };
    const key = `${namespace}/${name}`;
    const core = this.api(CoreV1Api);
    const read = async (): Promise<{ uid?: string } | undefined> => {
      try {
        const live =
          kind === 'Pod'
            ? await core.readNamespacedPod({ namespace, name })
            : await core.readNamespacedPersistentVolumeClaim({ namespace, name });
        return live.metadata?.uid === undefined ? {} : { uid: live.metadata.uid };
      } catch (err) {
        if (err instanceof NotFoundError) return undefined;
        throw new Error(`re-check before deleting ${kind} ${key} failed`, { cause: err });
      }
    };
    const live = await read();
    const pods =
      kind === 'PersistentVolumeClaim' && live !== undefined
        ? (await core.listNamespacedPod({ namespace })).items.map((p) => ({
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
      expectedUid: body?.preconditions?.uid,
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
      state.span.setAttributes(requestAttributes(request, info));
    }
    propagator.inject(active, request, { set: (carrier, key, value) => carrier.setHeaderParam(key, value) });
    return request;
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

function loadKubeConfig(path: string | undefined): KubeConfig {
  const kubeConfig = new KubeConfig();
  try {
    if (path === undefined) kubeConfig.loadFromDefault();
    else kubeConfig.loadFromFile(path);
  } catch (err) {
    throw new Error(`cannot load kubeconfig${path === undefined ? '' : ` ${path}`}`, { cause: err });
  }
  return kubeConfig;
}

function operation(info: KubeRequestInfo): string {
  const object = objectLabel(info);
  return `${info.verb} ${resourceLabel(info)}${object === '' ? '' : ` ${object}`}`;
}

function requestAttributes(request: RequestContext, info: KubeRequestInfo): Attributes {
  const url = new URL(request.getUrl());
  const attributes: Attributes = {
    'http.request.method': request.getHttpMethod(),
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
