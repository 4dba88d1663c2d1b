// A controller replica that owns a share of the partitions: leases decide which, the bus-fed cache holds
// only those partitions' objects, and reconciles run only for keys of partitions it owns, fenced so that a
// replica whose lease may have lapsed stops writing. Replicas of one controller split the work this way.
import { awaitListsPublished, type Bus, ensureTopology, type GroupKind, partitionOf } from '@kruise-ts/bus';
import type { Logger } from '@kruise-ts/telemetry';
import { Kvm } from '@nats-io/kv';
import { type Tracer, trace } from '@opentelemetry/api';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type CacheChange, ObjectCache } from './cache/object-cache.ts';
import { contractRefusals } from './contract-refusals.ts';
import { type Controller, type ReconcileRequest, type ReconcileResult, runController } from './controller.ts';
import { type DeleteRecheckEvent, runWithWriteGuard } from './kube/write-guard.ts';
import { PartitionLeaseManager } from './partitions/lease-manager.ts';
import { freshEnough, kindsBehind } from './partitions/liveness.ts';
import { WorkQueue } from './queue/work-queue.ts';
import { deleteRecheckMinMs, RecheckWindows } from './recheck-window.ts';

export class FencedError extends Error {
  readonly partition: number;
  constructor(partition: number, why = 'no longer owned by this replica') {
    super(`partition ${partition}: ${why}; write refused`);
    this.name = 'FencedError';
    this.partition = partition;
  }
}

/** How soon a key whose partition lease is late in renewal is tried again. */
const LEASE_LAPSE_RECHECK_MS = 1000;

export interface PartitionedReconcileRequest extends ReconcileRequest {
  namespace: string;
  name: string;
  partition: number;
  cache: ObjectCache;
  /** Throws FencedError unless this replica still owns the key's partition. Call before every write. */
  fence(): void;
  /**
   * The partition was acquired recently: its delete re-check window is open (recheck-window.ts). A reconcile
   * about to create from the cache may list from the apiserver first (docs/adr/0025-fast-failover.md).
   */
  freshPartition(): boolean;
  /**
   * This reconcile found the cache behind the apiserver: it does not count as the key's first clean reconcile,
   * so the partition's re-check window stays open for it.
   */
  cacheBehind(): void;
  /**
   * Makes what `PartitionedControllerOptions.owed` lists now durable in this replica's liveness record: call it
   * after noting a delete as owed and before the write it follows (e.g. a pod's, whose claims go next).
   */
  recordOwed(): Promise<void>;
}

/**
 * Deletes a controller owes, by `namespace/name` key, as opaque tokens: carried in its liveness record so that a
 * successor taking over a partition mid-way finishes them (a frozen replica's memory dies with it).
 */
export interface OwedDeletes {
  /** The tokens owed for keys whose namespace `inPartition` accepts. */
  list(inPartition: (namespace: string) => boolean): string[];
  /** Tokens a previous owner recorded for a partition just acquired: owed here now. */
  inherit(tokens: readonly string[]): void;
  /** The partition is gone: its successor inherits what is owed there. */
  forget(inPartition: (namespace: string) => boolean): void;
}

export interface PartitionedControllerOptions {
  /** Controller name: metric label, span name, and lease key namespace. */
  name: string;
  bus: Bus;
  memberId: string;
  /** Kinds the cache holds. */
  kinds: readonly GroupKind[];
  /**
   * Of these kinds (e.g. Pod), the cache holds only objects without a controller or controlled by `primary`:
   * another workload kind's pods are never received decoded. Ignored with a shared `cache`.
   */
  controlled?: readonly GroupKind[];
  /**
   * Of these kinds (e.g. Pod), those held in a partition only once it holds an object of `primary`: a partition
   * without one costs this controller no message of them. A reconcile of an existing primary object waits until
   * they are held. Ignored with a shared `cache` (it holds them anyway).
   */
  deferred?: readonly GroupKind[];
  /**
   * A cache shared with the process's other controllers (holding at least `kinds`), so each object is held once.
   * Without it the controller opens its own.
   */
  cache?: ObjectCache;
  /**
   * Act only once the watcher has published a full list of every kind (its list marker): a cache fed before
   * that may hold a CloneSet without its pods. Default true; false only for tests that publish by hand.
   */
  awaitListMarkers?: boolean;
  /** The reconciled kind: every object of it in a newly owned partition is queued once the cache synced. */
  primary: GroupKind;
  /** `namespace/name` keys of primary objects affected by a change (the object itself, its owner…). */
  keysFor(change: CacheChange, cache: ObjectCache): string[];
  // biome-ignore lint/suspicious/noConfusingVoidType: a reconciler that never requeues is a plain async function
  reconcile(request: PartitionedReconcileRequest): Promise<ReconcileResult | undefined | void>;
  workers: number;
  registry?: Registry;
  logger?: Logger;
  tracer?: Tracer;
  /**
   * The partition is gone (handed off or lost): forget everything kept for keys whose namespace `inPartition`
   * accepts (expectations), so a later owner's writes are not awaited here and a regained partition starts clean.
   */
  forgetPartition?(inPartition: (namespace: string) => boolean): void;
  /** Deletes owed, carried in the liveness record for a successor; none without it. */
  owed?: OwedDeletes;
  /** Called when a partition is gained (after its cache synced) or lost, for logs and tests. */
  onOwnershipChange?(event: {
    partition: number;
    owned: boolean;
    reason: 'acquired' | 'released' | 'lost';
  }): void;
}

export interface PartitionedController {
  readonly cache: ObjectCache;
  readonly leases: PartitionLeaseManager;
  ownedPartitions(): number[];
  /** Graceful: hands every partition off (draining its in-flight reconciles), then stops the workers. */
  stop(): Promise<void>;
}

/** Whether `err`, or an error it was caused by (a write aborted with the partition), fenced this partition. */
export function fencedFor(err: unknown, partition: number): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e instanceof Error; depth++, e = e.cause) {
    if (e instanceof FencedError) return e.partition === partition;
  }
  return false;
}

function kindNames(kinds: readonly GroupKind[] | undefined): string {
  return (kinds ?? []).map((k) => k.kind).join(', ');
}

export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0
    ? { namespace: '', name: key }
    : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

export async function startPartitionedController(
  o: PartitionedControllerOptions,
): Promise<PartitionedController> {
  const partitions = o.bus.topology.partitions;
  const partitionOfKey = (key: string) => partitionOf(splitKey(key).namespace, partitions);
  const queue = new WorkQueue<string>({ name: o.name, ...(o.registry ? { registry: o.registry } : {}) });
  const inFlight = new Map<number, number>();
  const drained = new Map<number, () => void>();
  const accepting = new Set<number>();
  // Aborted when the partition is lost (or its hand-off ran out of time): its in-flight writes stop.
  const aborts = new Map<number, AbortController>();
  const abort = (p: number, why: string) => {
    aborts.get(p)?.abort(new FencedError(p, why));
    aborts.delete(p);
  };
  const inPartition = (p: number) => (ns: string) => partitionOf(ns, partitions) === p;
  const forget = (p: number) => {
    o.forgetPartition?.(inPartition(p));
    o.owed?.forget(inPartition(p));
  };
  // Several controllers may share one registry (one process, several kinds): reuse a metric already there.
  const owned = o.registry
    ? ((o.registry.getSingleMetric('kruise_controller_partitions_owned') as Gauge | undefined) ??
      new Gauge({
        name: 'kruise_controller_partitions_owned',
        help: 'Partitions this replica owns',
        labelNames: ['controller'],
        registers: [o.registry],
      }))
    : undefined;

  const lag = o.registry
    ? ((o.registry.getSingleMetric('kruise_bus_event_lag_seconds') as Histogram | undefined) ??
      new Histogram({
        name: 'kruise_bus_event_lag_seconds',
        help: 'Time from the watcher observing a change to this replica applying it to its cache (live events)',
        labelNames: ['controller'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [o.registry],
      }))
    : undefined;

  const rechecks = o.registry
    ? ((o.registry.getSingleMetric('kruise_ts_delete_rechecks_total') as Counter | undefined) ??
      new Counter({
        name: 'kruise_ts_delete_rechecks_total',
        help: 'Pod and PVC deletes re-checked against the apiserver on a freshly acquired partition, by outcome',
        labelNames: ['controller', 'kind', 'outcome'],
        registers: [o.registry],
      }))
    : undefined;
  // When each partition was last acquired (performance.now()) and which keys have not reconciled since: its
  // deletes are re-checked until both the fixed time passed and every one of those keys had a clean reconcile.
  const recheckWindows = new RecheckWindows(deleteRecheckMinMs(o.bus.topology.leases.ttlMs));
  const onDeleteRecheck = (event: DeleteRecheckEvent) => {
    rechecks?.inc({ controller: o.name, kind: event.kind, outcome: event.outcome });
    if (event.outcome !== 'proceed') {
      o.logger?.warn(
        { key: event.key, kind: event.kind, reason: event.outcome, detail: event.detail },
        'delete skipped: the apiserver disagrees with the cache on a freshly acquired partition',
      );
    }
  };

  const refused = contractRefusals({
    controller: o.name,
    ...(o.registry ? { registry: o.registry } : {}),
    ...(o.logger ? { logger: o.logger } : {}),
  });
  const cache =
    o.cache ??
    new ObjectCache(o.bus, {
      kinds: o.kinds,
      ...(o.controlled ? { controlled: { kinds: o.controlled, controllers: [o.primary] } } : {}),
      ...(o.deferred ? { deferred: o.deferred } : {}),
      onRefused: refused.onRefused,
      ...(o.logger ? { onError: (err: Error) => o.logger?.warn({ err }, 'cache feed error') } : {}),
    });
  // A shared cache holds other controllers' kinds too: their changes are none of this controller's business.
  const ownKinds = new Set(o.kinds.map((k) => `${k.kind}.${k.group}`));
  const isPrimary = (obj: { group: string; kind: string }) =>
    obj.group === o.primary.group && obj.kind === o.primary.kind;
  // Per partition, its deferred kinds asked for (until the partition leaves): one demand each, shared by callers.
  // Without `deferred` nothing is asked for: a cache deferring kinds of its own (revision-gc's) asks itself.
  const defers = (o.deferred?.length ?? 0) > 0;
  const demands = new Map<number, Promise<void>>();
  const demand = (p: number): Promise<void> => {
    if (!defers) return Promise.resolve();
    let pending = demands.get(p);
    if (pending === undefined) {
      pending = cache.demand(p).catch((err: unknown) => {
        if (demands.get(p) === pending) demands.delete(p);
        throw new Error(`partition ${p}: cannot hold its ${kindNames(o.deferred)}`, { cause: err });
      });
      demands.set(p, pending);
    }
    return pending;
  };
  const unsubscribe = cache.subscribe((change) => {
    const obj = change.current ?? change.old;
    if (obj !== undefined && !ownKinds.has(`${obj.kind}.${obj.group}`)) return;
    // A primary object appeared in an owned partition: hold what it needs before its reconcile reads it.
    const cur = change.current;
    if (cur !== undefined && cur.namespace !== '' && isPrimary(cur)) {
      const p = partitionOf(cur.namespace, partitions);
      if (defers && accepting.has(p) && !demands.has(p)) {
        demand(p).catch((err: unknown) =>
          o.logger?.warn({ err, partition: p }, 'deferred kinds not held yet'),
        );
      }
    }
    if (!change.snapshot && change.observedAt !== undefined) {
      lag?.observe({ controller: o.name }, Math.max(0, Date.now() - change.observedAt) / 1000);
    }
    for (const key of o.keysFor(change, cache)) {
      if (!accepting.has(partitionOfKey(key))) continue;
      // Read here, not before the loop: a change that enqueues nothing never has its trace context extracted.
      const spanContext = trace.getSpanContext(change.context);
      queue.add(key, spanContext ? { links: [spanContext] } : {});
    }
  });
  // HasSynced: no feed is opened before the watcher's first full list of every kind is on the bus, so the
  // replay of any feed opened afterwards holds at least those lists (bus list-markers.ts).
  const listsPublished = async () => {
    if (o.awaitListMarkers === false) return;
    await awaitListsPublished(o.bus, o.kinds, {
      onWaiting: (missing) =>
        o.logger?.warn(
          { kinds: missing.map((k) => `${k.kind}.${k.group}`) },
          'waiting for the watcher to publish a full list of these kinds before acting',
        ),
    });
  };
  await listsPublished();
  await cache.addClusterScoped();

  const kv = await new Kvm(o.bus.js).open(o.bus.topology.leases.bucket);
  // The object stream's identity: progress recorded for a successor means nothing on a recreated stream.
  const stream = (await o.bus.jsm.streams.info(o.bus.topology.objects.stream)).created;
  const leases: PartitionLeaseManager = new PartitionLeaseManager({
    kv,
    controller: o.name,
    memberId: o.memberId,
    partitions,
    ttlMs: o.bus.topology.leases.ttlMs,
    stream,
    progress: (p) => cache.consumedThrough(p),
    seen: (p, kind) => cache.newestResourceVersion(p, kind),
    // Half the life of a deletion's tombstone in the object stream: a successor's cache can still reach it.
    rememberWritesMs: o.bus.topology.deletedObjectTtlMs / 2,
    // A key waiting for a delayed retry is not work yet: its reconcile wakes the lease when due.
    active: () => queue.hasWork(),
    ...(o.owed === undefined ? {} : { owed: (p: number) => o.owed?.list(inPartition(p)) ?? [] }),
    onAcquired: async (p, { minSeq, minResourceVersions, owed }) => {
      aborts.get(p)?.abort(new FencedError(p, 're-acquired'));
      aborts.set(p, new AbortController());
      await listsPublished(); // cheap once the markers exist: one KV read per kind
      await cache.addPartition(p);
      // The previous owner wrote objects of a deferred kind here: they must be held to be waited for.
      if (deferredKeys.some((k) => k in minResourceVersions)) await demand(p);
      // Take-over freshness: at least as fresh as the previous owner's cache was (a shared cache may have had
      // the partition open already, behind the stream head).
      await awaitFresh(p, minSeq, minResourceVersions);
      // The cache caught up to the stream head: reconcile everything the partition holds once.
      let keys = primaryKeys(p);
      // Their deferred kinds are replayed from the stream head as it is now: as fresh as the rest.
      if (keys.length > 0) {
        await demand(p);
        keys = primaryKeys(p);
      }
      // Before the first reconcile: it finishes what the previous owner left owed.
      if (owed.length > 0 && o.owed !== undefined) {
        o.owed.inherit(owed);
        o.logger?.info({ partition: p, owed }, "inherited the previous owner's owed deletes");
      }
      recheckWindows.open(p, performance.now(), keys);
      accepting.add(p);
      owned?.inc({ controller: o.name });
      o.onOwnershipChange?.({ partition: p, owned: true, reason: 'acquired' });
      for (const key of keys) queue.add(key);
    },
    onReleasing: async (p, budgetMs) => {
      accepting.delete(p);
      if ((inFlight.get(p) ?? 0) > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => drained.set(p, resolve)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, budgetMs);
          }),
        ]);
        clearTimeout(timer);
        drained.delete(p);
      }
      abort(p, 'handed off');
      forget(p);
      recheckWindows.close(p);
      demands.delete(p);
      await cache.removePartition(p);
      owned?.dec({ controller: o.name });
      o.onOwnershipChange?.({ partition: p, owned: false, reason: 'released' });
    },
    onLost: (p) => {
      accepting.delete(p);
      abort(p, 'lease lost');
      forget(p);
      recheckWindows.close(p);
      demands.delete(p);
      owned?.dec({ controller: o.name });
      o.onOwnershipChange?.({ partition: p, owned: false, reason: 'lost' });
      void cache.removePartition(p);
    },
    ...(o.logger ? { onError: (err: Error) => o.logger?.warn({ err }, 'partition lease error') } : {}),
    // A server that kept the bucket in memory and restarted lost it: declared again like at start.
    redeclare: async () => {
      await ensureTopology(o.bus);
    },
  });

  // Take-over freshness (docs/adr/0025-fast-failover.md): the cache must have consumed the stream as far as the
  // previous owners did, and seen their own last writes (a frozen watcher may not have published them yet: then
  // acting would redo them). Waits as long as the lease is held: no other replica could do better.
  const awaitFresh = async (p: number, minSeq: number, minResourceVersions: Record<string, string>) => {
    let nextLog = Date.now() + 10_000;
    for (;;) {
      const behind = kindsBehind(minResourceVersions, (kind) => cache.newestResourceVersion(p, kind));
      if (freshEnough(cache.consumedThrough(p), minSeq) && behind.length === 0) return;
      if (!leases.holds(p)) throw new FencedError(p, 'lost while catching up with the previous owner');
      if (Date.now() > nextLog) {
        nextLog = Date.now() + 10_000;
        o.logger?.warn(
          { partition: p, minSeq, consumed: cache.consumedThrough(p), behind, minResourceVersions },
          "waiting for the cache to catch up with the previous owner's last writes before acting",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  // What a write got back: its kind and resourceVersion go to successors with the next liveness beat.
  const noteWrite = (p: number, result: unknown) => {
    if (typeof result !== 'object' || result === null) return;
    const { apiVersion, kind, metadata } = result as {
      apiVersion?: unknown;
      kind?: unknown;
      metadata?: { resourceVersion?: unknown };
    };
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') return;
    const rv = metadata?.resourceVersion;
    if (typeof rv !== 'string' || rv === '') return;
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    // Only kinds the cache holds can be waited for (an Event written by the recorder never arrives here).
    if (!o.kinds.some((k) => k.kind === kind && k.group === group)) return;
    leases.noteWrite(p, `${kind}.${group}`, rv);
  };

  // Namespaces seen in the cache for a partition (the cache indexes by namespace).
  const namespacesOf = (p: number) => cache.namespaces().filter((ns) => partitionOf(ns, partitions) === p);
  const primaryKeys = (p: number) =>
    namespacesOf(p).flatMap((ns) => cache.list(o.primary, ns).map((obj) => `${obj.namespace}/${obj.name}`));
  const deferredKeys = (o.deferred ?? []).map((k) => `${k.kind}.${k.group}`);

  const controller: Controller = runController({
    name: o.name,
    queue,
    workers: o.workers,
    ...(o.registry ? { registry: o.registry } : {}),
    ...(o.logger ? { logger: o.logger } : {}),
    ...(o.tracer ? { tracer: o.tracer } : {}),
    reconcile: async (request) => {
      const partition = partitionOfKey(request.key);
      // Not ours (any more): the owner reconciles it; nothing to retry here. `accepting` says the partition's
      // cache is synced (it is set inside onAcquired, before the lease manager marks the partition ready).
      if (!accepting.has(partition)) return undefined;
      // A lone replica rests while idle (no beats between ticks, ADR 40): it beats before deciding anything.
      await leases.awake();
      // Still ours but the lease's validity lapsed (a renewal is late, e.g. a starved process): the key must not be
      // dropped — nothing may enqueue it again once its objects are quiet. Lost partitions leave `accepting`.
      if (!leases.holds(partition)) return { requeueAfter: LEASE_LAPSE_RECHECK_MS };
      // A message this build cannot read is the newest state of an object here: no decision on stale data.
      if (refused.blocks(cache, partition, request.key)) return { requeueAfter: refused.recheckMs };
      inFlight.set(partition, (inFlight.get(partition) ?? 0) + 1);
      const { namespace, name } = splitKey(request.key);
      const fence = () => {
        if (!accepting.has(partition) || !leases.holds(partition)) throw new FencedError(partition);
        // A refused message (a contract this build cannot read) leaves the partition alone.
        if (cache.refusals(partition).length > 0) throw new FencedError(partition);
      };
      const signal = aborts.get(partition)?.signal;
      try {
        // The kube client fences every write again after its rate-limit wait, right before sending it, bounds
        // it by the lease's remaining validity, and aborts it with the partition (kube/write-guard.ts).
        const guard = {
          fence,
          remainingMs: () => leases.remainingMs(partition),
          onWritten: (result: unknown) => noteWrite(partition, result),
          recheckDeletes: () => recheckWindows.isOpen(partition, performance.now()),
          onDeleteRecheck,
          ...(signal === undefined ? {} : { signal }),
        };
        // An existing primary object's pods (say) are held before it is reconciled; deleted, it needs none.
        if (cache.get(o.primary, namespace, name) !== undefined) await demand(partition);
        let behind = false;
        const result = await runWithWriteGuard(guard, () =>
          o.reconcile({
            ...request,
            namespace,
            name,
            partition,
            cache,
            fence,
            freshPartition: guard.recheckDeletes,
            cacheBehind: () => {
              behind = true;
            },
            recordOwed: () => leases.persist(),
          }),
        );
        if (!behind) recheckWindows.reconciled(partition, request.key);
        return result;
      } catch (err) {
        // Fenced: not a failure of the object, and no reason to back off exponentially (a late renewal on a
        // starved machine would otherwise push the key minutes out). Still ours: look again soon; lost: the
        // new owner reconciles it.
        if (!fencedFor(err, partition)) throw err;
        o.logger?.info(
          { key: request.key, partition },
          'write fenced; the reconcile is retried by the owner',
        );
        return accepting.has(partition) ? { requeueAfter: LEASE_LAPSE_RECHECK_MS } : undefined;
      } finally {
        const left = (inFlight.get(partition) ?? 1) - 1;
        inFlight.set(partition, left);
        if (left === 0) {
          drained.get(partition)?.();
          drained.delete(partition);
        }
      }
    },
  });
  leases.start();

  return {
    cache,
    leases,
    ownedPartitions: () => leases.ownedPartitions(),
    stop: async () => {
      await leases.stop();
      await queue.shutDownWithDrain();
      await controller.stop();
      unsubscribe();
      await cache.release();
    },
  };
}
