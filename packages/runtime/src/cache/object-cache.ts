// The controllers' view of the cluster, fed from the bus instead of apiserver watches: one object feed per
// owned partition (snapshot, then live) plus one for cluster-scoped kinds, indexed by owner uid and namespace.
// A partition's objects are dropped when the partition is handed off, so memory splits across replicas.
import {
  type Bus,
  type ContractRefusal,
  fromTimestamp,
  type GroupKind,
  type ObjectEvent,
  ObjectEventType,
  type ObjectFeed,
  openObjectFeed,
} from '@kruise-ts/bus';
import type { KubernetesObject } from '@kubernetes/client-node';
import type { Context } from '@opentelemetry/api';

export interface CachedObject<T extends KubernetesObject = KubernetesObject> {
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
  object: T;
  /** Trace context of the publish that delivered this version. */
  context: Context;
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

export interface ObjectCacheOptions {
  /** Kinds this cache holds. */
  kinds: readonly GroupKind[];
  /** Called for every change, in stream order per feed; the next event waits for it. */
  onChange?(change: CacheChange): void | Promise<void>;
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

/** resourceVersions are etcd revisions: compare numerically; anything unparsable counts as newer. */
function isOlder(candidate: string, held: string): boolean {
  const a = Number(candidate);
  const b = Number(held);
  return Number.isFinite(a) && Number.isFinite(b) && a < b;
}

export class ObjectCache {
  readonly #bus: Bus;
  readonly #o: ObjectCacheOptions;
  readonly #objects = new Map<string, CachedObject>();
  readonly #byOwner = new Map<string, Set<string>>();
  readonly #byNamespace = new Map<string, Set<string>>();
  readonly #feeds = new Map<number | 'cluster', ObjectFeed>();
  readonly #partitionOps = new Map<number, Promise<void>>();
  /** Subjects whose newest message was refused (contract version), until a readable one replaces it. */
  readonly #refused = new Map<string, ContractRefusal>();

  constructor(bus: Bus, options: ObjectCacheOptions) {
    this.#bus = bus;
    this.#o = options;
  }

  /** Opens the partition's feed; resolves once its snapshot is in the cache. */
  async addPartition(partition: number): Promise<void> {
    await this.#inOrder(partition, () =>
      this.#open(partition, { partitions: [partition], clusterScoped: false }),
    );
  }

  /** Cluster-scoped objects of the cache's kinds (every replica holds them). */
  async addClusterScoped(): Promise<void> {
    await this.#open('cluster', { partitions: [], clusterScoped: true });
  }

  async #open(
    id: number | 'cluster',
    selection: { partitions: number[]; clusterScoped: boolean },
  ): Promise<void> {
    if (this.#feeds.has(id)) return;
    const feed = await openObjectFeed(this.#bus, {
      ...selection,
      kinds: this.#o.kinds,
      onEvent: ({ event, subject, snapshot, context }) => {
        this.#refused.delete(subject);
        return this.#apply(event, snapshot, context);
      },
      onRefused: (refusal) => {
        this.#refused.set(refusal.subject, refusal);
        if (this.#o.onRefused) this.#o.onRefused(refusal);
        else this.#o.onError?.(new Error(`refused ${refusal.subject}@${refusal.seq}: ${refusal.reason}`));
      },
      ...(this.#o.onError ? { onError: this.#o.onError } : {}),
    });
    this.#feeds.set(id, feed);
    await feed.synced;
  }

  isSynced(partition: number): boolean {
    return this.#feeds.get(partition)?.isSynced() ?? false;
  }

  /** Stops the partition's feed and forgets its objects. */
  async removePartition(partition: number): Promise<void> {
    await this.#inOrder(partition, async () => {
      const feed = this.#feeds.get(partition);
      this.#feeds.delete(partition);
      await feed?.stop();
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

  async stop(): Promise<void> {
    const feeds = [...this.#feeds.values()];
    this.#feeds.clear();
    await Promise.all(feeds.map((f) => f.stop()));
  }

  get<T extends KubernetesObject = KubernetesObject>(
    gk: GroupKind,
    namespace: string,
    name: string,
  ): CachedObject<T> | undefined {
    return this.#objects.get(objectKey(gk.group, gk.kind, namespace, name)) as CachedObject<T> | undefined;
  }

  /** Objects of a kind in a namespace ('' for cluster-scoped), optionally filtered by their labels. */
  list<T extends KubernetesObject = KubernetesObject>(
    gk: GroupKind,
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

  /** Objects whose controller owner reference points at `ownerUid`. */
  ownedBy<T extends KubernetesObject = KubernetesObject>(
    ownerUid: string,
    gk?: GroupKind,
  ): CachedObject<T>[] {
    const out: CachedObject<T>[] = [];
    for (const key of this.#byOwner.get(ownerUid) ?? []) {
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

  async #apply(event: ObjectEvent, snapshot: boolean, context: Context): Promise<void> {
    const group = event.kind?.group ?? '';
    const kind = event.kind?.kind ?? '';
    const key = objectKey(group, kind, event.namespace, event.name);
    const old = this.#objects.get(key);
    if (old && old.uid === event.uid && isOlder(event.resourceVersion, old.resourceVersion)) return;
    const observedAt = fromTimestamp(event.observedAt)?.getTime();
    if (gone.has(event.type)) {
      if (!old) return;
      this.#remove(key, old);
      await this.#o.onChange?.({ old, current: undefined, snapshot, context, observedAt });
      return;
    }
    let object: KubernetesObject;
    try {
      object = JSON.parse(decoder.decode(event.object)) as KubernetesObject;
    } catch (err) {
      this.#o.onError?.(new Error(`undecodable object ${key}@${event.resourceVersion}`, { cause: err }));
      return;
    }
    const current: CachedObject = {
      group,
      kind,
      namespace: event.namespace,
      name: event.name,
      uid: event.uid,
      resourceVersion: event.resourceVersion,
      generation: Number(event.generation ?? 0),
      controllerUid: event.controllerUid,
      labels: event.labels ?? {},
      partition: event.partition ?? undefined,
      object,
      context,
    };
    if (old) this.#unindex(key, old);
    this.#objects.set(key, current);
    this.#index(key, current);
    await this.#o.onChange?.({ old, current, snapshot, context, observedAt });
  }

  #remove(key: string, obj: CachedObject): void {
    this.#objects.delete(key);
    this.#unindex(key, obj);
  }

  #index(key: string, obj: CachedObject): void {
    add(this.#byNamespace, obj.namespace, key);
    if (obj.controllerUid) add(this.#byOwner, obj.controllerUid, key);
  }

  #unindex(key: string, obj: CachedObject): void {
    del(this.#byNamespace, obj.namespace, key);
    if (obj.controllerUid) del(this.#byOwner, obj.controllerUid, key);
  }
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
