// The controllers' view of the cluster, fed from the bus instead of apiserver watches: one feed over every owned
// partition and the cluster-scoped kinds (each added with a snapshot, then live; one live consumer for all of
// them: bus partitioned-feed.ts), indexed by owner uid and namespace.
// A partition's objects are dropped when the partition is handed off, so memory splits across replicas.
// One cache may serve several controllers of a process (partitions are reference-counted, changes fan out to
// every subscriber), and every object it hands out is deeply frozen: a controller that wants to change one
// builds its write from deepCopy() of it.
import {
  type Bus,
  type ContractRefusal,
  type ControlledSelection,
  fromTimestamp,
  type GroupKind,
  type ObjectEvent,
  ObjectEventType,
  openPartitionedFeed,
  type PartitionedFeed,
  partitionOf,
} from '@kruise-ts/bus';
import type { ObjectMeta } from '@kruise-ts/core';
import {
  isResourceVersionOlder,
  type KindInfo,
  type LabelSelector,
  labelSelectorAsSelector,
} from '@kruise-ts/kube';
import type { Context } from '@opentelemetry/api';

/** The default type of an object read from the cache: any Kubernetes object, as the apiserver's JSON. */
export interface KubernetesObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/**
 * A kind with the type of its objects. The cache holds JSON the watcher read from the apiserver; the type is
 * asserted here, once per kind, instead of at every read.
 */
export interface TypedKind<T> extends GroupKind {
  /** Phantom: never set, only carries T. */
  readonly __object?: T;
}

export function typedKind<T>(kind: KindInfo): KindInfo & TypedKind<T> {
  return { ...kind };
}

/** An object as the apiserver stored it: its name, namespace and uid are set. */
export type Stored<T extends { metadata?: object }> = T & {
  metadata: { name: string; namespace: string; uid: string };
};

/** Frozen, as everything the cache hands out; `object` is parsed from the bus message on first read. */
export interface CachedObject<T = KubernetesObject> {
  group: string;
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  resourceVersion: string;
  generation: number;
  controllerUid: string;
  labels: Readonly<Record<string, string>>;
  partition: number | undefined;
  /** Deep-frozen at runtime; the type marks the top level read-only (deeper levels stay assignable to T). */
  object: Readonly<T>;
  /** Trace context of the publish that delivered this version (read from the message on first access). */
  readonly context: Context;
}

export interface CacheChange {
  old: CachedObject | undefined;
  /** Undefined for a deletion. */
  current: CachedObject | undefined;
  /** True while a feed replays its snapshot. */
  snapshot: boolean;
  context: Context;
  /** When the publisher observed the change (ms since epoch), for bus lag; undefined if not stamped. */
  observedAt: number | undefined;
}

export type CacheListener = (change: CacheChange) => void | Promise<void>;

export interface ObjectCacheOptions {
  /** Kinds this cache holds. */
  kinds: readonly GroupKind[];
  /**
   * Of these kinds, only objects without a controller or with one of these controllers are held; the others are
   * skipped undecoded (bus ObjectFeedOptions.controlled). A controller never reads another kind's pods.
   */
  controlled?: ControlledSelection;
  /**
   * Of these kinds, those held in a partition only once `demand(partition)` asked for them (bus
   * PartitionedFeedOptions.deferredKinds): a workload controller holds a partition's pods only where it has a
   * workload. Cluster-scoped objects of every kind are held as usual.
   */
  deferred?: readonly GroupKind[];
  /** Called for every change, in stream order per feed; the next event waits for it. More via subscribe(). */
  onChange?: CacheListener;
  onError?(error: Error): void;
  /** A message of a contract version this build does not read; its object stays as it was (see refusals()). */
  onRefused?(refusal: ContractRefusal): void;
}

const gone = new Set<ObjectEventType>([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);
const decoder = new TextDecoder();

function kindKey(group: string, kind: string): string {
  return `${kind}.${group}`;
}

function objectKey(group: string, kind: string, namespace: string, name: string): string {
  return `${kindKey(group, kind)}/${namespace}/${name}`;
}

export class ObjectCache {
  readonly #bus: Bus;
  readonly #o: ObjectCacheOptions;
  readonly #objects = new Map<string, CachedObject>();
  readonly #byOwner = new Map<string, Set<string>>();
  /**
   * owner uid + kind key → object keys: a reconcile asks for a workload's few revisions or PVCs, which through
   * #byOwner alone meant walking every one of its pods.
   */
  readonly #byOwnerKind = new Map<string, Set<string>>();
  readonly #byNamespace = new Map<string, Set<string>>();
  /** kind key + uid → object key. */
  readonly #byUid = new Map<string, string>();
  /** kind key + namespace + label pair → object keys. */
  readonly #byLabel = new Map<string, Set<string>>();
  #feed: PartitionedFeed | undefined;
  readonly #partitionOps = new Map<number, Promise<void>>();
  readonly #partitionUsers = new Map<number, number>();
  readonly #listeners = new Set<CacheListener>();
  #clusterUsers = 0;
  /** Newest resourceVersion applied per `partition|Kind.group` (take-over freshness). */
  readonly #newestSeen = new Map<string, string>();
  /** partitionOf per namespace seen (a hash per event otherwise). */
  readonly #partitionByNamespace = new Map<string, number>();
  /** Subjects whose newest message was refused (contract version), until a readable one replaces it. */
  readonly #refused = new Map<string, ContractRefusal>();

  constructor(bus: Bus, options: ObjectCacheOptions) {
    this.#bus = bus;
    this.#o = options;
    if (options.onChange) this.#listeners.add(options.onChange);
  }

  /** Adds a change listener (another controller sharing this cache); returns its removal. */
  subscribe(listener: CacheListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Opens the partition's feed; resolves once its snapshot is in the cache. Reference-counted: a partition
   * added by two controllers stays until both removed it.
   */
  async addPartition(partition: number): Promise<void> {
    this.#partitionUsers.set(partition, (this.#partitionUsers.get(partition) ?? 0) + 1);
    // A second user of a shared cache waits for the same snapshot (the feed returns the same promise).
    await this.#inOrder(partition, () => this.#openFeed().add(partition));
  }

  /**
   * Holds the partition's deferred kinds too; resolves once their snapshot is in the cache (at once when they
   * are, or when the cache defers nothing). Rejects when the partition is not held; a failed one is retried by
   * the next call. They stay until the partition is removed.
   */
  demand(partition: number): Promise<void> {
    if ((this.#o.deferred?.length ?? 0) === 0) return Promise.resolve();
    if (!this.#partitionUsers.has(partition))
      return Promise.reject(new Error(`partition ${partition} is not held: nothing to demand`));
    // In turn with the partition's adds and removes: after an add still in progress, never after its removal.
    return this.#inOrder(partition, () => this.#openFeed().addDeferred(partition));
  }

  /** Cluster-scoped objects of the cache's kinds (every replica holds them). */
  async addClusterScoped(): Promise<void> {
    this.#clusterUsers++;
    await this.#openFeed().add('cluster');
  }

  // Opened on first use (and again after stop()): partitions and the cluster scope share its live consumer.
  #openFeed(): PartitionedFeed {
    this.#feed ??= openPartitionedFeed(this.#bus, {
      kinds: this.#o.kinds,
      ...(this.#o.controlled ? { controlled: this.#o.controlled } : {}),
      ...(this.#o.deferred ? { deferredKinds: this.#o.deferred } : {}),
      onEvent: (delivered) => {
        this.#refused.delete(delivered.subject);
        // The trace context is extracted when first read, by this version or its change. The held version keeps
        // the context alone, not the delivered event: that would keep the object's bytes after they were parsed.
        return this.apply(delivered.event, delivered.snapshot, delivered.trace);
      },
      onRefused: (refusal) => {
        this.#refused.set(refusal.subject, refusal);
        if (this.#o.onRefused) this.#o.onRefused(refusal);
        else this.#o.onError?.(new Error(`refused ${refusal.subject}@${refusal.seq}: ${refusal.reason}`));
      },
      ...(this.#o.onError ? { onError: this.#o.onError } : {}),
    });
    return this.#feed;
  }

  isSynced(partition: number): boolean {
    return this.#feed?.isSynced(partition) ?? false;
  }

  /**
   * Newest resourceVersion of `kind` (`Kind.group`) this cache applied in the partition, deletions included;
   * undefined when it saw none.
   */
  newestResourceVersion(partition: number, kind: string): string | undefined {
    return this.#newestSeen.get(`${partition}|${kind}`);
  }

  /** Object-stream sequence the partition's feed has handled everything up to (0 when not open or not synced). */
  consumedThrough(partition: number): number {
    return this.#feed?.consumedThrough(partition) ?? 0;
  }

  /** Stops the partition's feed and forgets its objects, once no user of the partition is left. */
  async removePartition(partition: number): Promise<void> {
    const users = (this.#partitionUsers.get(partition) ?? 1) - 1;
    if (users > 0) {
      this.#partitionUsers.set(partition, users);
      return;
    }
    this.#partitionUsers.delete(partition);
    await this.#inOrder(partition, async () => {
      // Re-added while this removal waited its turn: keep it.
      if ((this.#partitionUsers.get(partition) ?? 0) > 0) return;
      await this.#feed?.remove(partition);
      for (const [key, obj] of this.#objects) if (obj.partition === partition) this.#remove(key, obj);
      for (const [subject, r] of this.#refused) if (r.partition === partition) this.#refused.delete(subject);
    });
  }

  // A partition lost and won back at once (the lease manager does not wait for removals) must not have its
  // fresh snapshot wiped by the removal finishing late: adds and removes of one partition run one after another.
  #inOrder(partition: number, op: () => Promise<void>): Promise<void> {
    const previous = this.#partitionOps.get(partition) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(op);
    const settled = next.catch(() => {});
    this.#partitionOps.set(partition, settled);
    void settled.then(() => {
      if (this.#partitionOps.get(partition) === settled) this.#partitionOps.delete(partition);
    });
    return next;
  }

  /** Releases one user of the cluster-scoped feed and stops every feed when it was the last one. */
  async release(): Promise<void> {
    this.#clusterUsers = Math.max(0, this.#clusterUsers - 1);
    if (this.#clusterUsers === 0) await this.stop();
  }

  async stop(): Promise<void> {
    const feed = this.#feed;
    this.#feed = undefined;
    await feed?.stop();
  }

  get<T = KubernetesObject>(
    gk: TypedKind<T> | GroupKind,
    namespace: string,
    name: string,
  ): CachedObject<T> | undefined {
    return this.#objects.get(objectKey(gk.group, gk.kind, namespace, name)) as CachedObject<T> | undefined;
  }

  /** Objects of a kind in a namespace ('' for cluster-scoped), optionally filtered by their labels. */
  list<T = KubernetesObject>(
    gk: TypedKind<T> | GroupKind,
    namespace: string,
    labelFilter?: (labels: Readonly<Record<string, string>>) => boolean,
  ): CachedObject<T>[] {
    const prefix = `${kindKey(gk.group, gk.kind)}/`;
    const out: CachedObject<T>[] = [];
    for (const key of this.#byNamespace.get(namespace) ?? []) {
      if (!key.startsWith(prefix)) continue;
      const obj = this.#objects.get(key);
      if (obj && (!labelFilter || labelFilter(obj.labels))) out.push(obj as CachedObject<T>);
    }
    return out;
  }

  /** The object of a kind with this uid (an owner, say), by index. */
  getByUid<T = KubernetesObject>(gk: TypedKind<T> | GroupKind, uid: string): CachedObject<T> | undefined {
    const key = this.#byUid.get(`${kindKey(gk.group, gk.kind)}#${uid}`);
    return key === undefined ? undefined : (this.#objects.get(key) as CachedObject<T> | undefined);
  }

  /** Objects of a kind in a namespace whose label `name` is `value`, by index. */
  withLabel<T = KubernetesObject>(
    gk: TypedKind<T> | GroupKind,
    namespace: string,
    name: string,
    value: string,
  ): CachedObject<T>[] {
    const out: CachedObject<T>[] = [];
    for (const key of this.#byLabel.get(labelKey(gk, namespace, name, value)) ?? []) {
      const obj = this.#objects.get(key);
      if (obj) out.push(obj as CachedObject<T>);
    }
    return out;
  }

  /**
   * Objects of a kind in a namespace a label selector matches (apimachinery semantics: nil selects nothing).
   * A matchLabels pair narrows through the label index. Throws LabelSelectorError for an invalid selector.
   */
  select<T = KubernetesObject>(
    gk: TypedKind<T> | GroupKind,
    namespace: string,
    selector: LabelSelector | null | undefined,
  ): CachedObject<T>[] {
    const sel = labelSelectorAsSelector(selector);
    const first = Object.entries(selector?.matchLabels ?? {})[0];
    const candidates =
      first === undefined ? this.list(gk, namespace) : this.withLabel(gk, namespace, first[0], first[1]);
    return candidates.filter((o) => sel.matches(o.labels));
  }

  /** Objects whose controller owner reference points at `ownerUid`. */
  ownedBy<T = KubernetesObject>(ownerUid: string, gk?: TypedKind<T> | GroupKind): CachedObject<T>[] {
    const out: CachedObject<T>[] = [];
    const keys =
      gk === undefined ? this.#byOwner.get(ownerUid) : this.#byOwnerKind.get(ownerKindKey(ownerUid, gk));
    for (const key of keys ?? []) {
      const obj = this.#objects.get(key);
      if (obj && (!gk || (obj.group === gk.group && obj.kind === gk.kind))) out.push(obj as CachedObject<T>);
    }
    return out;
  }

  /**
   * Refused messages that are still the newest of their object, in a partition (undefined: cluster scope).
   * A controller leaves such a partition alone: what it holds for that object may be stale.
   */
  refusals(partition: number | undefined): ContractRefusal[] {
    return [...this.#refused.values()].filter((r) => r.partition === partition);
  }

  /** Namespaces holding at least one cached object ('' stands for cluster scope). */
  namespaces(): string[] {
    return [...this.#byNamespace.keys()];
  }

  size(): number {
    return this.#objects.size;
  }

  /**
   * Applies one object event, as the feeds do for each event they deliver (exposed so the index logic is tested
   * without servers). Older versions of a held object are ignored.
   */
  async apply(event: ObjectEvent, snapshot: boolean, contextOf: Context | ContextSource): Promise<void> {
    const context = contextSource(contextOf);
    const group = event.kind?.group ?? '';
    const kind = event.kind?.kind ?? '';
    const key = objectKey(group, kind, event.namespace, event.name);
    // A cache applied by hand (index tests) has no bus topology: no partition to track freshness for.
    const partitions = this.#bus.topology?.partitions;
    if (event.namespace !== '' && partitions !== undefined) {
      let partition = this.#partitionByNamespace.get(event.namespace);
      if (partition === undefined) {
        partition = partitionOf(event.namespace, partitions);
        this.#partitionByNamespace.set(event.namespace, partition);
      }
      const seenKey = `${partition}|${kindKey(group, kind)}`;
      const seen = this.#newestSeen.get(seenKey);
      if (seen === undefined || isResourceVersionOlder(seen, event.resourceVersion))
        this.#newestSeen.set(seenKey, event.resourceVersion);
    }
    const old = this.#objects.get(key);
    if (old && old.uid === event.uid && isResourceVersionOlder(event.resourceVersion, old.resourceVersion))
      return;
    const observedAt = fromTimestamp(event.observedAt)?.getTime();
    if (gone.has(event.type)) {
      if (!old) return;
      this.#remove(key, old);
      await this.#notify(new Change(old, undefined, snapshot, context, observedAt));
      return;
    }
    // The body is parsed on first read, not here: most objects a service receives are looked at only through
    // the envelope (owner uid, labels, name) — pods of another controller's workload never get parsed.
    const current = new HeldObject(
      event,
      group,
      kind,
      // A new version usually keeps its labels: share the held frozen copy instead of copying per event.
      old !== undefined && sameLabels(old.labels, event.labels)
        ? old.labels
        : Object.freeze({ ...event.labels }),
      context,
      key,
      this.#o.onError,
    );
    Object.freeze(current);
    // Most changes (status, a new resourceVersion) move nothing the indexes key on; re-indexing them anyway
    // was a fifth of the cache's time in services that hold every pod (docs/performance.md).
    const reindex = old === undefined || !sameIndexEntries(old, current);
    if (old && reindex) this.#unindex(key, old);
    this.#objects.set(key, current);
    if (reindex) this.#index(key, current);
    await this.#notify(new Change(old, current, snapshot, context, observedAt));
  }

  async #notify(change: CacheChange): Promise<void> {
    for (const listener of this.#listeners) await listener(change);
  }

  #remove(key: string, obj: CachedObject): void {
    this.#objects.delete(key);
    this.#unindex(key, obj);
  }

  #index(key: string, obj: CachedObject): void {
    add(this.#byNamespace, obj.namespace, key);
    if (obj.controllerUid) {
      add(this.#byOwner, obj.controllerUid, key);
      add(this.#byOwnerKind, ownerKindKey(obj.controllerUid, obj), key);
    }
    if (obj.uid) this.#byUid.set(`${kindKey(obj.group, obj.kind)}#${obj.uid}`, key);
    for (const [name, value] of Object.entries(obj.labels))
      add(this.#byLabel, labelKey(obj, obj.namespace, name, value), key);
  }

  #unindex(key: string, obj: CachedObject): void {
    del(this.#byNamespace, obj.namespace, key);
    if (obj.controllerUid) {
      del(this.#byOwner, obj.controllerUid, key);
      del(this.#byOwnerKind, ownerKindKey(obj.controllerUid, obj), key);
    }
    const uidKey = `${kindKey(obj.group, obj.kind)}#${obj.uid}`;
    if (obj.uid && this.#byUid.get(uidKey) === key) this.#byUid.delete(uidKey);
    for (const [name, value] of Object.entries(obj.labels))
      del(this.#byLabel, labelKey(obj, obj.namespace, name, value), key);
  }
}

/**
 * One held version. A class rather than an object literal with a getter: built once per event in every service
 * that caches, and a literal with an accessor (a closure and a slow-path object each) was the largest line of
 * apply() in the profiles (docs/performance.md). Frozen by apply(); the private fields stay writable, so the
 * body can still be parsed on first read and the bytes dropped.
 */
class HeldObject implements CachedObject {
  readonly group: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly resourceVersion: string;
  readonly generation: number;
  readonly controllerUid: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly partition: number | undefined;
  readonly #context: ContextSource;
  readonly #key: string;
  readonly #onError: ((error: Error) => void) | undefined;
  #bytes: Uint8Array | undefined;
  #parsed: KubernetesObject | undefined;

  constructor(
    event: ObjectEvent,
    group: string,
    kind: string,
    labels: Readonly<Record<string, string>>,
    context: ContextSource,
    key: string,
    onError: ((error: Error) => void) | undefined,
  ) {
    this.group = group;
    this.kind = kind;
    this.namespace = event.namespace;
    this.name = event.name;
    this.uid = event.uid;
    this.resourceVersion = event.resourceVersion;
    this.generation = Number(event.generation ?? 0);
    this.controllerUid = event.controllerUid;
    this.labels = labels;
    this.partition = event.partition ?? undefined;
    this.#context = context;
    this.#key = key;
    this.#onError = onError;
    this.#bytes = event.object;
  }

  get context(): Context {
    return this.#context.context;
  }

  get object(): KubernetesObject {
    if (this.#parsed === undefined) {
      try {
        this.#parsed = deepFreeze(JSON.parse(decoder.decode(this.#bytes)) as KubernetesObject);
        this.#bytes = undefined; // held once: as the parsed tree from now on
      } catch (err) {
        const error = new Error(`undecodable object ${this.#key}@${this.resourceVersion}`, { cause: err });
        this.#onError?.(error);
        throw error;
      }
    }
    return this.#parsed;
  }
}

/**
 * Where a trace context comes from when it is read: a feed event extracts it from the message headers then,
 * and keeps it. Most changes a service receives never start a span, so most are never extracted.
 */
export interface ContextSource {
  readonly context: Context;
}

/** A given context as a source; a source as it is (a feed event extracts its context once, when first read). */
function contextSource(from: Context | ContextSource): ContextSource {
  return 'context' in from ? from : { context: from };
}

class Change implements CacheChange {
  readonly old: CachedObject | undefined;
  readonly current: CachedObject | undefined;
  readonly snapshot: boolean;
  readonly observedAt: number | undefined;
  readonly #context: ContextSource;

  constructor(
    old: CachedObject | undefined,
    current: CachedObject | undefined,
    snapshot: boolean,
    context: ContextSource,
    observedAt: number | undefined,
  ) {
    this.old = old;
    this.current = current;
    this.snapshot = snapshot;
    this.#context = context;
    this.observedAt = observedAt;
  }

  get context(): Context {
    return this.#context.context;
  }
}

/** Whether two versions of one object (same key) sit under the same index entries. */
function sameIndexEntries(a: CachedObject, b: CachedObject): boolean {
  return a.uid === b.uid && a.controllerUid === b.controllerUid && a.labels === b.labels;
}

function sameLabels(held: Readonly<Record<string, string>>, next: Record<string, string>): boolean {
  let n = 0;
  for (const k in next) {
    if (held[k] !== next[k]) return false;
    n++;
  }
  return n === Object.keys(held).length;
}

function ownerKindKey(ownerUid: string, gk: GroupKind): string {
  return `${ownerUid}|${kindKey(gk.group, gk.kind)}`;
}

function labelKey(gk: GroupKind, namespace: string, name: string, value: string): string {
  return `${kindKey(gk.group, gk.kind)}/${namespace}/${name}=${value}`;
}

/** Freezes a parsed JSON value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The object when `cached` is of `kind`: the typed view of a change or a lookup. */
export function objectOf<T>(cached: CachedObject | undefined, kind: TypedKind<T>): Readonly<T> | undefined {
  if (cached === undefined || cached.group !== kind.group || cached.kind !== kind.kind) return undefined;
  return (cached as CachedObject<T>).object;
}

function add(index: Map<string, Set<string>>, k: string, v: string): void {
  let set = index.get(k);
  if (!set) {
    set = new Set();
    index.set(k, set);
  }
  set.add(v);
}

function del(index: Map<string, Set<string>>, k: string, v: string): void {
  const set = index.get(k);
  if (!set) return;
  set.delete(v);
  if (set.size === 0) index.delete(k);
}
