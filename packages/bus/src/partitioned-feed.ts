// One long-lived consumer for every partition (and the cluster scope) a service holds, instead of one ordered
// consumer per partition: each consumer costs nats-server idle heartbeats and pull requests, and a controller
// holding all 16 partitions kept 17 of them open (docs/performance.md, issue #16).
//
// The guarantees are those of openObjectFeed, per scope:
// - snapshot-then-live: adding a scope replays the current value of each of its objects through a short-lived
//   DeliverLastPerSubject consumer up to the stream head as it was then; `add` resolves (synced) once that replay
//   is handed to onEvent and the scope has joined the live consumer;
// - the live consumer is an ordered consumer over every joined scope's filter subjects, re-created (from a start
//   sequence, never from the head) whenever the set of scopes changes. Each scope has a watermark: the sequence
//   up to which all its messages were handled. A re-created consumer starts after the lowest watermark, and a
//   message at or below its scope's watermark is skipped, so no message is lost or handled twice;
// - after every reconnect the subjects still present are listed (headers only) and every object delivered alive
//   whose subject is gone gets a TOMBSTONE, as openObjectFeed does;
// - onEvent calls never overlap, whichever consumer or resync delivers them.
// A partition's `deferredKinds` are a part of their own: `addDeferred` replays and joins them later, with the
// same guarantees (a workload controller subscribes to a partition's pods only once it holds a workload there).
import type { ConsumerMessages, OrderedConsumerOptions } from '@nats-io/jetstream';
import { DeliverPolicy } from '@nats-io/jetstream';
import type { Bus } from './connection.ts';
import type { ContractRefusal } from './contract.ts';
import type { ObjectEvent } from './contracts.ts';
import { openSnapshot, subjectsPresent } from './last-per-subject.ts';
import { type EventContext, ObjectDelivery, resyncOnReconnect } from './object-delivery.ts';
import { type ControlledSelection, FeedEvent, type ObjectFeedEvent } from './object-feed.ts';
import { objectFilterSubjects } from './subjects.ts';
import { EMPTY_TOKEN, type GroupKind, kindTokens } from './tokens.ts';

/** A partition, or the cluster-scoped (unpartitioned) objects. */
export type FeedScope = number | 'cluster';

export interface PartitionedFeedEvent extends ObjectFeedEvent {
  scope: FeedScope;
}

/** A delivered event of one scope; its trace context is read from the headers on first access (FeedEvent). */
class ScopedFeedEvent extends FeedEvent implements PartitionedFeedEvent {
  readonly scope: FeedScope;

  constructor(
    event: ObjectEvent,
    subject: string,
    seq: number,
    snapshot: boolean,
    ctx: EventContext,
    scope: FeedScope,
  ) {
    super(event, subject, seq, snapshot, ctx);
    this.scope = scope;
  }
}

export interface PartitionedFeedOptions {
  /** Kinds wanted; all kinds when omitted. */
  kinds?: readonly GroupKind[];
  /**
   * Of `kinds`, those a partition's scope leaves out until `addDeferred` adds them for that partition (the cluster
   * scope always holds every kind). Requires `kinds`.
   */
  deferredKinds?: readonly GroupKind[];
  /** As ObjectFeedOptions.controlled. */
  controlled?: ControlledSelection;
  /** Called once per message, in stream order per scope; calls never overlap. */
  onEvent(event: PartitionedFeedEvent): void | Promise<void>;
  /** As ObjectFeedOptions.onRefused. */
  onRefused?(refusal: ContractRefusal): void | Promise<void>;
  /** An undecodable message or a failing onEvent; the feed goes on. */
  onError?(error: Error): void;
  /** Messages buffered ahead of onEvent, per consumer. Default 256. */
  bufferMessages?: number;
}

export interface PartitionedFeed {
  /**
   * Replays the scope's objects, then follows it live; resolves once the replay was handed to onEvent. Rejects
   * if the feed stops or the connection closes first. Adding a scope already added returns the same promise.
   */
  add(scope: FeedScope): Promise<void>;
  /**
   * Adds the deferred kinds of a partition already added, as `add` does a scope: replays them, then follows them
   * live; resolves once the replay was handed to onEvent. Resolves at once without deferred kinds.
   */
  addDeferred(partition: number): Promise<void>;
  /** No event of the scope (deferred kinds included) is handed on once this resolves (one in progress finishes first); its objects are forgotten. */
  remove(scope: FeedScope): Promise<void>;
  isSynced(scope: FeedScope): boolean;
  /**
   * Stream sequence up to which every message of the scope has been handed to onEvent (0 before its snapshot
   * completed); comparable with openObjectFeed's consumedThrough. With its deferred kinds synced too, the lower
   * of the two parts.
   */
  consumedThrough(scope: FeedScope): number;
  /** Filter subjects of the live consumer (empty when no scope joined). */
  liveFilterSubjects(): readonly string[];
  /** Stops every consumer (an onEvent in progress finishes). Idempotent. */
  stop(): Promise<void>;
}

/** What one part holds: a scope's kinds (every kind for the cluster scope) or a partition's deferred kinds. */
interface ScopeState {
  scope: FeedScope;
  deferred: boolean;
  /** Every message of the scope at or below this sequence was handled (or superseded by the snapshot). */
  base: number;
  synced: boolean;
  /** Part of the live consumer's filter since its last re-creation. */
  joined: boolean;
  adding: Promise<void>;
}

/** A part's key: `cluster`, `<partition>`, or `<partition>+` for a partition's deferred kinds. */
type PartKey = string;
const partKey = (scope: FeedScope, deferred: boolean): PartKey => (deferred ? `${scope}+` : String(scope));

interface Generation {
  parts: ReadonlySet<PartKey>;
  filterSubjects: string[];
  /** Undefined when the parts' kinds are none: no consumer. */
  messages: ConsumerMessages | undefined;
  /** Highest sequence handled or skipped: every message of the filter up to it is dealt with. */
  handled: number;
  stopping: boolean;
  done: Promise<void>;
  remove(): Promise<void>;
}

export function openPartitionedFeed(bus: Bus, options: PartitionedFeedOptions): PartitionedFeed {
  const { stream, subjectRoot } = bus.topology.objects;
  const root = `${subjectRoot}.`;
  const buffer = options.bufferMessages ?? 256;
  const report = (error: Error) => options.onError?.(error);
  const deferredKinds = options.deferredKinds ?? [];
  if (deferredKinds.length > 0 && options.kinds === undefined)
    throw new Error('deferredKinds needs the kinds of the feed');
  const deferredTokens = new Set(deferredKinds.map(kindTokens));
  const eagerKinds = options.kinds?.filter((k) => !deferredTokens.has(kindTokens(k)));
  const parts = new Map<PartKey, ScopeState>();
  const snapshots = new Set<ConsumerMessages>();
  let generation: Generation | undefined;
  let stopped = false;

  const partitionsOf = (list: readonly ScopeState[]) =>
    list.filter((s): s is ScopeState & { scope: number } => s.scope !== 'cluster').map((s) => s.scope);
  const filterFor = (list: readonly ScopeState[]): string[] => {
    const eager = list.filter((s) => !s.deferred);
    const deferred = list.filter((s) => s.deferred);
    const subjects: string[] = [];
    const add = (partitions: number[], kinds: readonly GroupKind[] | undefined, clusterScoped: boolean) => {
      if (partitions.length === 0 && !clusterScoped) return;
      if (kinds !== undefined && kinds.length === 0) return; // no kinds is nothing, never everything
      subjects.push(
        ...objectFilterSubjects(bus.topology, {
          partitions,
          ...(kinds === undefined ? {} : { kinds }),
          clusterScoped,
        }),
      );
    };
    add(partitionsOf(eager), eagerKinds, false);
    add(
      [],
      options.kinds,
      eager.some((s) => s.scope === 'cluster'),
    );
    add(partitionsOf(deferred), deferredKinds, false);
    return subjects;
  };
  // <root><Kind>.<group>.<partition>.<namespace>.<name>: the kind tokens and the third token say the part.
  const partOf = (subject: string): { scope: FeedScope; key: PartKey } | undefined => {
    if (!subject.startsWith(root)) return undefined;
    const [kind, group, token] = subject.slice(root.length).split('.', 3);
    if (token === undefined) return undefined;
    if (token === EMPTY_TOKEN) return { scope: 'cluster', key: 'cluster' };
    const scope = Number(token);
    // Most feeds defer nothing: no kind key is built per message for them.
    const deferred = deferredTokens.size > 0 && deferredTokens.has(`${kind}.${group}`);
    return { scope, key: partKey(scope, deferred) };
  };

  // Held objects are kept by part, so a resync tombstones only what a listed part would have listed.
  const delivery = new ObjectDelivery<PartKey>(bus, {
    controlled: options.controlled,
    onEvent: (event, subject, seq, snapshot, ctx, key) =>
      options.onEvent(new ScopedFeedEvent(event, subject, seq, snapshot, ctx, scopeOfKey(key))),
    feed: options,
    report,
  });

  /** The part's current value of every object, up to the head at open; returns the sequence it covers. */
  const replay = async (key: PartKey, state: ScopeState): Promise<number> => {
    const filter = filterFor([state]);
    if (filter.length === 0) return (await bus.jsm.streams.info(stream)).state.last_seq;
    const { headSeq, consumer } = await openSnapshot(bus, stream, filter);
    try {
      if (headSeq === 0 || (await consumer.info(true)).num_pending === 0) return headSeq;
      if (stopped) throw new Error('object feed stopped before its snapshot was complete');
      const messages = await consumer.consume({ max_messages: buffer });
      snapshots.add(messages);
      let through = 0;
      try {
        for await (const m of messages) {
          if (stopped || parts.get(key) !== state) break;
          await delivery.exclusive(() => delivery.handleObjectMessage(m, key, true));
          if (m.seq >= headSeq || m.info.pending === 0) {
            through = Math.max(headSeq, m.seq);
            break;
          }
        }
      } finally {
        messages.stop();
        snapshots.delete(messages);
      }
      if (through === 0) throw new Error('object feed ended before its snapshot was complete');
      return through;
    } finally {
      if (!bus.nc.isClosed() && !bus.nc.isDraining()) await consumer.delete().catch(() => {});
    }
  };

  const stopGeneration = async (gen: Generation) => {
    gen.stopping = true;
    gen.messages?.stop();
    await gen.done.catch(() => {});
    if (!bus.nc.isClosed() && !bus.nc.isDraining()) await gen.remove().catch(() => {});
    // Whatever the consumer dealt with counts for each of its parts still held.
    for (const key of gen.parts) {
      const state = parts.get(key);
      if (state?.joined) state.base = Math.max(state.base, gen.handled);
    }
  };

  const startGeneration = async (wanted: PartKey[]): Promise<Generation> => {
    const states = wanted.map((k) => parts.get(k) as ScopeState);
    const start = Math.min(...states.map((s) => s.base)) + 1;
    const filterSubjects = filterFor(states);
    const partSet = new Set(wanted);
    const gen: Generation = {
      parts: partSet,
      filterSubjects,
      messages: undefined,
      handled: start - 1,
      stopping: false,
      done: Promise.resolve(),
      remove: () => Promise.resolve(),
    };
    // Parts whose kinds are none (a partition whose every kind is deferred) need no consumer.
    if (filterSubjects.length === 0) {
      for (const state of states) state.joined = true;
      return gen;
    }
    const opts: Partial<OrderedConsumerOptions> = {
      filter_subjects: filterSubjects,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    };
    const consumer = await bus.js.consumers.get(stream, opts).catch((err: unknown) => {
      throw new Error(`cannot create an ordered consumer on ${stream}`, { cause: err });
    });
    let messages: ConsumerMessages;
    try {
      messages = await consumer.consume({ max_messages: buffer });
    } catch (err) {
      await consumer.delete().catch(() => {});
      throw new Error(`cannot consume ${stream}`, { cause: err });
    }
    for (const state of states) state.joined = true;
    gen.messages = messages;
    gen.remove = () => consumer.delete().then(() => {});
    gen.done = (async () => {
      for await (const m of messages) {
        // Messages buffered before a stop are dropped, not handled (the next consumer starts at `handled`).
        if (gen.stopping) break;
        const part = partOf(m.subject);
        const state = part === undefined ? undefined : parts.get(part.key);
        if (part !== undefined && state?.joined === true && partSet.has(part.key) && m.seq > state.base)
          await delivery.exclusive(() => delivery.handleObjectMessage(m, part.key, false));
        gen.handled = Math.max(gen.handled, m.seq);
      }
    })();
    gen.done.catch(() => {});
    return gen;
  };

  // Re-creations run one after another; one that finds the consumer already right does nothing.
  let configuring: Promise<void> = Promise.resolve();
  const reconfigure = (): Promise<void> => {
    const next = configuring.then(async () => {
      if (stopped) return;
      const wanted = [...parts].filter(([, s]) => s.synced).map(([key]) => key);
      const current = generation;
      const same =
        current !== undefined &&
        current.parts.size === wanted.length &&
        wanted.every((k) => current.parts.has(k) && parts.get(k)?.joined === true);
      if (same) return;
      if (current !== undefined) {
        generation = undefined;
        await stopGeneration(current);
      }
      if (wanted.length > 0) generation = await startGeneration(wanted);
    });
    configuring = next.catch((err: unknown) => {
      // The parts already joined have no live consumer now: retry until one is created (or the feed stops).
      report(new Error('re-creating the live consumer failed; retrying in 1 s', { cause: err }));
      if (!stopped) setTimeout(() => void reconfigure().catch(() => {}), 1000).unref();
    });
    return next;
  };

  const addPart = (scope: FeedScope, deferred: boolean): Promise<void> => {
    const key = partKey(scope, deferred);
    const existing = parts.get(key);
    if (existing !== undefined) return existing.adding;
    if (stopped) return Promise.reject(new Error('the feed is stopped'));
    const state: ScopeState = {
      scope,
      deferred,
      base: 0,
      synced: false,
      joined: false,
      adding: Promise.resolve(),
    };
    parts.set(key, state);
    state.adding = (async () => {
      const through = await replay(key, state);
      if (parts.get(key) !== state) throw new Error(`scope ${key} was removed before it synced`);
      state.base = through;
      state.synced = true;
      await reconfigure();
      if (stopped) throw new Error('object feed stopped before its snapshot was complete');
    })();
    state.adding.catch(() => {
      if (parts.get(key) === state) parts.delete(key);
    });
    return state.adding;
  };

  const addDeferred = (partition: number): Promise<void> => {
    if (deferredKinds.length === 0) return Promise.resolve();
    if (!parts.has(partKey(partition, false)))
      return Promise.reject(
        new Error(`partition ${partition} is not held: its deferred kinds cannot be added`),
      );
    return addPart(partition, true);
  };

  const remove = async (scope: FeedScope): Promise<void> => {
    const keys = [partKey(scope, false), partKey(scope, true)];
    const removed = keys.filter((k) => parts.delete(k));
    if (removed.length === 0) return;
    // Wait for an onEvent in progress; later messages of the scope find no state and are skipped.
    await delivery.exclusive(async () => {
      const { live } = delivery;
      for (const [subject, entry] of live) if (keys.includes(entry.scope)) live.delete(subject);
    });
    await reconfigure().catch((err: unknown) =>
      report(new Error('narrowing the live consumer failed; the next change retries', { cause: err })),
    );
  };

  resyncOnReconnect(
    bus,
    () => stopped,
    async () => {
      const held = [...parts].filter(([, s]) => s.synced);
      if (held.length === 0) return;
      const filter = filterFor(held.map(([, s]) => s));
      if (filter.length === 0) return;
      const present = await subjectsPresent(bus, stream, filter);
      if (present === undefined) return;
      // A part not listed, or no longer synced, is left alone.
      const listed = (key: PartKey) => held.some(([k]) => k === key) && parts.get(key)?.synced === true;
      await delivery.tombstoneVanished(present, listed, () => false);
    },
    report,
  );

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      stopped = true;
      for (const messages of snapshots) messages.stop();
      await configuring;
      const current = generation;
      generation = undefined;
      if (current !== undefined) await stopGeneration(current);
      await Promise.all([...parts.values()].map((s) => s.adding.catch(() => {})));
    })();
    return stopping;
  };

  const partThrough = (key: PartKey): number | undefined => {
    const state = parts.get(key);
    if (state?.synced !== true) return undefined;
    const gen = generation;
    return gen !== undefined && state.joined && gen.parts.has(key)
      ? Math.max(state.base, gen.handled)
      : state.base;
  };
  const consumedThrough = (scope: FeedScope): number => {
    const own = partThrough(partKey(scope, false));
    if (own === undefined) return 0;
    const deferred = scope === 'cluster' ? undefined : partThrough(partKey(scope, true));
    return deferred === undefined ? own : Math.min(own, deferred);
  };

  return {
    add: (scope) => addPart(scope, false),
    addDeferred,
    remove,
    isSynced: (scope) => parts.get(partKey(scope, false))?.synced === true,
    consumedThrough,
    liveFilterSubjects: () => generation?.filterSubjects ?? [],
    stop,
  };
}

// Per delivered event: parseInt reads the partition and stops at a deferred part's `+`.
function scopeOfKey(key: PartKey): FeedScope {
  return key === 'cluster' ? 'cluster' : Number.parseInt(key, 10);
}
