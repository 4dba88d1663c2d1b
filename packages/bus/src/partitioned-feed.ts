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
import type { ConsumerMessages, OrderedConsumerOptions } from '@nats-io/jetstream';
import { DeliverPolicy } from '@nats-io/jetstream';
import type { Bus } from './connection.ts';
import type { ContractRefusal } from './contract.ts';
import type { ObjectEvent } from './contracts.ts';
import { openSnapshot, subjectsPresent } from './last-per-subject.ts';
import { type EventContext, ObjectDelivery, resyncOnReconnect } from './object-delivery.ts';
import { type ControlledSelection, FeedEvent, type ObjectFeedEvent } from './object-feed.ts';
import { objectFilterSubjects } from './subjects.ts';
import { EMPTY_TOKEN, type GroupKind } from './tokens.ts';

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
  /** No event of the scope is handed on once this resolves (one in progress finishes first); its objects are forgotten. */
  remove(scope: FeedScope): Promise<void>;
  isSynced(scope: FeedScope): boolean;
  /**
   * Stream sequence up to which every message of the scope has been handed to onEvent (0 before its snapshot
   * completed); comparable with openObjectFeed's consumedThrough.
   */
  consumedThrough(scope: FeedScope): number;
  /** Filter subjects of the live consumer (empty when no scope joined). */
  liveFilterSubjects(): readonly string[];
  /** Stops every consumer (an onEvent in progress finishes). Idempotent. */
  stop(): Promise<void>;
}

interface ScopeState {
  /** Every message of the scope at or below this sequence was handled (or superseded by the snapshot). */
  base: number;
  synced: boolean;
  /** Part of the live consumer's filter since its last re-creation. */
  joined: boolean;
  adding: Promise<void>;
}

interface Generation {
  scopes: ReadonlySet<FeedScope>;
  filterSubjects: string[];
  messages: ConsumerMessages;
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
  const scopes = new Map<FeedScope, ScopeState>();
  const snapshots = new Set<ConsumerMessages>();
  let generation: Generation | undefined;
  let stopped = false;

  const filterFor = (list: Iterable<FeedScope>): string[] => {
    const all = [...list];
    return objectFilterSubjects(bus.topology, {
      partitions: all.filter((s): s is number => s !== 'cluster'),
      ...(options.kinds === undefined ? {} : { kinds: options.kinds }),
      clusterScoped: all.includes('cluster'),
    });
  };
  // <root><Kind>.<group>.<partition>.<namespace>.<name>: the third token says the scope.
  const scopeOf = (subject: string): FeedScope | undefined => {
    if (!subject.startsWith(root)) return undefined;
    const token = subject.slice(root.length).split('.', 3)[2];
    if (token === undefined) return undefined;
    return token === EMPTY_TOKEN ? 'cluster' : Number(token);
  };

  const delivery = new ObjectDelivery<FeedScope>(bus, {
    controlled: options.controlled,
    onEvent: (event, subject, seq, snapshot, ctx, scope) =>
      options.onEvent(new ScopedFeedEvent(event, subject, seq, snapshot, ctx, scope)),
    feed: options,
    report,
  });

  /** The scope's current value of every object, up to the head at open; returns the sequence it covers. */
  const replay = async (scope: FeedScope, state: ScopeState): Promise<number> => {
    const { headSeq, consumer } = await openSnapshot(bus, stream, filterFor([scope]));
    try {
      if (headSeq === 0 || (await consumer.info(true)).num_pending === 0) return headSeq;
      if (stopped) throw new Error('object feed stopped before its snapshot was complete');
      const messages = await consumer.consume({ max_messages: buffer });
      snapshots.add(messages);
      let through = 0;
      try {
        for await (const m of messages) {
          if (stopped || scopes.get(scope) !== state) break;
          await delivery.exclusive(() => delivery.handleObjectMessage(m, scope, true));
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
    gen.messages.stop();
    await gen.done.catch(() => {});
    if (!bus.nc.isClosed() && !bus.nc.isDraining()) await gen.remove().catch(() => {});
    // Whatever the consumer dealt with counts for each of its scopes still held.
    for (const scope of gen.scopes) {
      const state = scopes.get(scope);
      if (state?.joined) state.base = Math.max(state.base, gen.handled);
    }
  };

  const startGeneration = async (wanted: FeedScope[]): Promise<Generation> => {
    const states = wanted.map((s) => scopes.get(s) as ScopeState);
    const start = Math.min(...states.map((s) => s.base)) + 1;
    const filterSubjects = filterFor(wanted);
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
    const scopeSet = new Set(wanted);
    for (const state of states) state.joined = true;
    const gen: Generation = {
      scopes: scopeSet,
      filterSubjects,
      messages,
      handled: start - 1,
      stopping: false,
      done: Promise.resolve(),
      remove: () => consumer.delete().then(() => {}),
    };
    gen.done = (async () => {
      for await (const m of messages) {
        // Messages buffered before a stop are dropped, not handled (the next consumer starts at `handled`).
        if (gen.stopping) break;
        const scope = scopeOf(m.subject);
        const state = scope === undefined ? undefined : scopes.get(scope);
        if (scope !== undefined && state?.joined === true && scopeSet.has(scope) && m.seq > state.base)
          await delivery.exclusive(() => delivery.handleObjectMessage(m, scope, false));
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
      const wanted = [...scopes].filter(([, s]) => s.synced).map(([scope]) => scope);
      const current = generation;
      const same =
        current !== undefined &&
        current.scopes.size === wanted.length &&
        wanted.every((s) => current.scopes.has(s) && scopes.get(s)?.joined === true);
      if (same) return;
      if (current !== undefined) {
        generation = undefined;
        await stopGeneration(current);
      }
      if (wanted.length > 0) generation = await startGeneration(wanted);
    });
    configuring = next.catch((err: unknown) => {
      // The scopes already joined have no live consumer now: retry until one is created (or the feed stops).
      report(new Error('re-creating the live consumer failed; retrying in 1 s', { cause: err }));
      if (!stopped) setTimeout(() => void reconfigure().catch(() => {}), 1000).unref();
    });
    return next;
  };

  const add = (scope: FeedScope): Promise<void> => {
    const existing = scopes.get(scope);
    if (existing !== undefined) return existing.adding;
    if (stopped) return Promise.reject(new Error('the feed is stopped'));
    const state: ScopeState = { base: 0, synced: false, joined: false, adding: Promise.resolve() };
    scopes.set(scope, state);
    state.adding = (async () => {
      const through = await replay(scope, state);
      if (scopes.get(scope) !== state) throw new Error(`scope ${scope} was removed before it synced`);
      state.base = through;
      state.synced = true;
      await reconfigure();
      if (stopped) throw new Error('object feed stopped before its snapshot was complete');
    })();
    state.adding.catch(() => {
      if (scopes.get(scope) === state) scopes.delete(scope);
    });
    return state.adding;
  };

  const remove = async (scope: FeedScope): Promise<void> => {
    if (!scopes.delete(scope)) return;
    // Wait for an onEvent in progress; later messages of the scope find no state and are skipped.
    await delivery.exclusive(async () => {
      const { live } = delivery;
      for (const [subject, entry] of live) if (entry.scope === scope) live.delete(subject);
    });
    await reconfigure().catch((err: unknown) =>
      report(new Error('narrowing the live consumer failed; the next change retries', { cause: err })),
    );
  };

  resyncOnReconnect(
    bus,
    () => stopped,
    async () => {
      const held = [...scopes].filter(([, s]) => s.synced).map(([scope]) => scope);
      if (held.length === 0) return;
      const present = await subjectsPresent(bus, stream, filterFor(held));
      if (present === undefined) return;
      // A scope not listed, or no longer synced, is left alone.
      const listed = (scope: FeedScope) => held.includes(scope) && scopes.get(scope)?.synced === true;
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
      await Promise.all([...scopes.values()].map((s) => s.adding.catch(() => {})));
    })();
    return stopping;
  };

  const consumedThrough = (scope: FeedScope): number => {
    const state = scopes.get(scope);
    if (state?.synced !== true) return 0;
    const gen = generation;
    return gen !== undefined && state.joined && gen.scopes.has(scope)
      ? Math.max(state.base, gen.handled)
      : state.base;
  };

  return {
    add,
    remove,
    isSynced: (scope) => scopes.get(scope)?.synced === true,
    consumedThrough,
    liveFilterSubjects: () => generation?.filterSubjects ?? [],
    stop,
  };
}
