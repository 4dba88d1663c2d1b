// A typed handle on one API resource (`pods`, `clonesets.apps.kruise.io`, …): the REST paths and options of
// get/list/create/replace/patch/delete, the status subresource and watch, as plain JSON. The KubeClient sends
// every call (rate limit, span, fence, typed errors); this file only says what to send.
import type { ObjectHead } from '@kruise-ts/kube';
import type { DeleteOptions, KubeRequest, KubeRequester, WatchEvent } from './request.ts';

export interface ResourceRef {
  /** API group; '' for the core group. */
  group: string;
  version: string;
  /** Plural resource name, e.g. `pods`. */
  plural: string;
  namespaced: boolean;
}

/** The metadata every object has, as the apiserver sends it (timestamps stay RFC 3339 strings). */
export interface ObjectMetaLike {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  [key: string]: unknown;
}

export interface KubeObjectLike {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMetaLike;
}

export interface ObjectList<T> {
  apiVersion?: string;
  kind?: string;
  metadata?: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

export type PatchType = 'merge' | 'strategic' | 'json' | 'apply';

const PATCH_CONTENT_TYPE: Record<PatchType, string> = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  json: 'application/json-patch+json',
  // JSON is YAML: an apply configuration goes as JSON under the YAML media type.
  apply: 'application/apply-patch+yaml',
};

interface Scope {
  /** Required for a namespaced resource (except list/watch across namespaces); ignored otherwise. */
  namespace?: string;
}

interface WriteOptions {
  fieldManager?: string;
  dryRun?: boolean;
}

export interface ListOptions extends Scope {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
}

export interface WatchOptions extends Scope {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  allowWatchBookmarks?: boolean;
  /** The server ends the watch after this long. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

export interface PatchOptions extends Scope, WriteOptions {
  name: string;
  type: PatchType;
  /** A merge/strategic/apply patch object, or a JSON patch's operations. */
  patch: unknown;
  /** Server-side apply only: take ownership of conflicting fields. */
  force?: boolean;
}

export interface DeleteCallOptions extends Scope, DeleteOptions {
  name: string;
  /** A complete DeleteOptions body; the fields above are merged into it. */
  body?: DeleteOptions;
  /** `head`: the answer is read for its identity only (request.ts AnswerMode). */
  answer?: 'head';
}

/**
 * A write whose caller reads only the answer's kind, apiVersion and metadata: the rest is not parsed (a pod's
 * spec and status are most of its bytes). The answer is the whole object when it is not in the apiserver's
 * usual layout.
 */
interface HeadAnswer {
  answer: 'head';
}

export class ResourceClient<T extends object = KubeObjectLike> {
  readonly ref: ResourceRef;
  readonly #client: KubeRequester;

  constructor(client: KubeRequester, ref: ResourceRef) {
    this.#client = client;
    this.ref = ref;
  }

  /** `/api/v1/namespaces/ns/pods[/name[/sub]]`, or the cluster-wide collection without a namespace. */
  path(namespace?: string, name?: string, subresource?: string): string {
    const { group, version, plural, namespaced } = this.ref;
    let path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
    if (namespaced && namespace !== undefined && namespace !== '') path += `/namespaces/${seg(namespace)}`;
    path += `/${plural}`;
    if (name !== undefined) path += `/${seg(name)}`;
    if (subresource !== undefined) path += `/${subresource}`;
    return path;
  }

  async get(o: Scope & { name: string }): Promise<T> {
    return this.#client.request({ method: 'GET', path: this.#objectPath(o.namespace, o.name) });
  }

  async list(o: ListOptions = {}): Promise<ObjectList<T>> {
    const { namespace, ...query } = o;
    return this.#client.request({ method: 'GET', path: this.path(namespace), query: { ...query } });
  }

  create(o: Scope & WriteOptions & HeadAnswer & { body: T }): Promise<ObjectHead>;
  create(o: Scope & WriteOptions & { body: T }): Promise<T>;
  async create(o: Scope & WriteOptions & Partial<HeadAnswer> & { body: T }): Promise<T | ObjectHead> {
    return this.#client.request({
      method: 'POST',
      path: this.#collectionPath(o.namespace ?? namespaceOf(o.body)),
      query: writeQuery(o),
      body: o.body,
      ...answerOf(o),
    });
  }

  /** PUT of the whole object; the name defaults to the body's. */
  async replace(o: Scope & WriteOptions & { name?: string; body: T }): Promise<T> {
    return this.#put(o, undefined);
  }

  /** PUT of the status subresource (the body is the whole object; only its status is written). */
  async replaceStatus(o: Scope & WriteOptions & { name?: string; body: T }): Promise<T> {
    return this.#put(o, 'status');
  }

  patch(o: PatchOptions & HeadAnswer): Promise<ObjectHead>;
  patch(o: PatchOptions): Promise<T>;
  async patch(o: PatchOptions & Partial<HeadAnswer>): Promise<T | ObjectHead> {
    return this.#patch(o, undefined);
  }

  patchStatus(o: PatchOptions & HeadAnswer): Promise<ObjectHead>;
  patchStatus(o: PatchOptions): Promise<T>;
  async patchStatus(o: PatchOptions & Partial<HeadAnswer>): Promise<T | ObjectHead> {
    return this.#patch(o, 'status');
  }

  /** A patch of another subresource that answers with the object, e.g. a pod's `resize`. */
  async patchSubresource(subresource: string, o: PatchOptions): Promise<T> {
    return this.#patch(o, subresource);
  }

  /** DELETE with DeleteOptions (preconditions, propagationPolicy, gracePeriodSeconds) as the body. */
  async delete(o: DeleteCallOptions): Promise<unknown> {
    const { namespace, name, body, answer, ...fields } = o;
    const options: DeleteOptions = { ...body, ...fields };
    return this.#client.request({
      method: 'DELETE',
      path: this.#objectPath(namespace, name),
      ...(Object.keys(options).length === 0 ? {} : { body: options }),
      ...(answer === undefined ? {} : { answer }),
    });
  }

  /** The watch events after `resourceVersion` until the server ends the watch or the signal aborts. */
  watch(o: WatchOptions = {}): AsyncIterable<WatchEvent<T>> {
    const { namespace, signal, ...rest } = o;
    const query: KubeRequest['query'] = { ...rest, watch: true };
    return this.#client.watch<T>({ method: 'GET', path: this.path(namespace), query }, signal);
  }

  async #put(
    o: Scope & WriteOptions & { name?: string; body: T },
    subresource: string | undefined,
  ): Promise<T> {
    const name = o.name ?? (o.body as KubeObjectLike).metadata?.name ?? '';
    return this.#client.request({
      method: 'PUT',
      path: this.#objectPath(o.namespace ?? namespaceOf(o.body), name, subresource),
      query: writeQuery(o),
      body: o.body,
    });
  }

  async #patch(o: PatchOptions & Partial<HeadAnswer>, subresource: string | undefined): Promise<T> {
    const query = writeQuery(o);
    if (o.force !== undefined) query.force = o.force;
    return this.#client.request({
      method: 'PATCH',
      path: this.#objectPath(o.namespace, o.name, subresource),
      query,
      body: o.patch,
      contentType: PATCH_CONTENT_TYPE[o.type],
      ...answerOf(o),
    });
  }

  #collectionPath(namespace: string | undefined): string {
    if (this.ref.namespaced && (namespace === undefined || namespace === ''))
      throw new Error(`${this.ref.plural} are namespaced: a namespace is required`);
    return this.path(namespace);
  }

  #objectPath(namespace: string | undefined, name: string, subresource?: string): string {
    if (name === '') throw new Error(`${this.ref.plural}: a name is required`);
    this.#collectionPath(namespace);
    return this.path(namespace, name, subresource);
  }
}

/**
 * A requester that also hands out typed resource handles: the KubeClient itself, or one of its lanes with a
 * token bucket of its own (`KubeClient.withOwnRateLimit()`).
 */
export interface ResourceSource extends KubeRequester {
  resource<T extends object>(ref: ResourceRef & { readonly __object?: T }): ResourceClient<T>;
}

/** Typed handles over one requester, made on first use and kept per resource. */
export class ResourceHandles {
  readonly #requester: KubeRequester;
  readonly #handles = new Map<string, ResourceClient<object>>();

  constructor(requester: KubeRequester) {
    this.#requester = requester;
  }

  get<T extends object>(ref: ResourceRef & { readonly __object?: T }): ResourceClient<T> {
    const key = `${ref.group}/${ref.version}/${ref.plural}`;
    let handle = this.#handles.get(key);
    if (handle === undefined) {
      handle = new ResourceClient<object>(this.#requester, ref);
      this.#handles.set(key, handle);
    }
    return handle as ResourceClient<T>;
  }
}

function seg(value: string): string {
  return encodeURIComponent(value);
}

function namespaceOf(body: unknown): string | undefined {
  return (body as KubeObjectLike | undefined)?.metadata?.namespace;
}

function writeQuery(o: WriteOptions): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  if (o.fieldManager !== undefined) query.fieldManager = o.fieldManager;
  if (o.dryRun === true) query.dryRun = 'All';
  return query;
}

function answerOf(o: Partial<HeadAnswer>): Pick<KubeRequest, 'answer'> {
  return o.answer === undefined ? {} : { answer: o.answer };
}
