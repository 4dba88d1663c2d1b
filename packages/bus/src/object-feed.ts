// Snapshot-then-live reading of the object cache for a set of partitions: an ordered consumer with
// DeliverLastPerSubject over the partitions' filter subjects first replays the current value of every object,
// then follows new events. `synced` resolves once the replay reached the stream head as it was at open time,
// which is when a replica may start reconciling the partitions (its cache is as fresh as the bus).
//
// Deletions are never lost to a disconnect: a deleted object's marker carries a TTL (the stream would keep every
// deleted name otherwise), so a consumer away longer than that resumes past a marker that is gone, and the
// object would stay in its cache as a ghost (a deleted SidecarSet still injected). After every reconnect the
// feed therefore lists the subjects its filters still hold (headers only) and hands a TOMBSTONE to onEvent for
// every object it delivered alive whose subject is gone, whatever the length of the outage.
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import type { Context } from '@opentelemetry/api';
import type { Bus } from './connection.ts';
import type { ContractRefusal } from './contract.ts';
import type { ObjectEvent } from './contracts.ts';
import { openSnapshot, subjectsPresent } from './last-per-subject.ts';
import { ObjectDelivery, resyncOnReconnect } from './object-delivery.ts';
import { type ObjectSelection, objectFilterSubjects } from './subjects.ts';
import type { GroupKind } from './tokens.ts';
import { extractTraceContext } from './trace.ts';

export interface ObjectFeedEvent {
  event: ObjectEvent;
  subject: string;
  /** Stream sequence; grows with every change, so a later event of one object has a higher seq. */
  seq: number;
  /** True while the feed replays the snapshot, false for live events. */
  snapshot: boolean;
  /**
   * The publisher's trace context, to parent the span that handles the event. Read from the headers on first
   * access: most events a service receives never start a span (docs/performance.md).
   */
  readonly context: Context;
  /**
   * The same context on its own, for whoever keeps it beyond the delivery: holding it does not hold the event
   * (an object cache that kept the delivered event kept each object's bytes after parsing them).
   */
  readonly trace: { readonly context: Context };
}

/** One message's trace context, extracted from its headers on first read; after that only the context is held. */
export class MessageTraceContext {
  #context: Context | undefined;
  #headers: MsgHdrs | undefined;

  constructor(from: Context | { headers: MsgHdrs | undefined }) {
    if ('headers' in from) this.#headers = from.headers;
    else this.#context = from;
  }

  get context(): Context {
    if (this.#context === undefined) {
      this.#context = extractTraceContext(this.#headers);
      this.#headers = undefined;
    }
    return this.#context;
  }
}

/** A delivered event whose trace context is extracted when first read. */
export class FeedEvent implements ObjectFeedEvent {
  readonly event: ObjectEvent;
  readonly subject: string;
  readonly seq: number;
  readonly snapshot: boolean;
  readonly trace: MessageTraceContext;

  constructor(
    event: ObjectEvent,
    subject: string,
    seq: number,
    snapshot: boolean,
    context: Context | { headers: MsgHdrs | undefined },
  ) {
    this.event = event;
    this.subject = subject;
    this.seq = seq;
    this.snapshot = snapshot;
    this.trace = new MessageTraceContext(context);
  }

  get context(): Context {
    return this.trace.context;
  }
}

export interface ObjectFeedOptions extends ObjectSelection {
  /** Called once per message, in stream order; the next message waits for the returned promise. */
  onEvent(event: ObjectFeedEvent): void | Promise<void>;
  /**
   * A message of a contract version this build does not read (see contract.ts). It is not handed to onEvent;
   * the object it is about is the consumer's to leave alone until a readable message replaces it. Default:
   * reported through onError.
   */
  onRefused?(refusal: ContractRefusal): void | Promise<void>;
  /** An undecodable message or a failing onEvent; the feed goes on. Default: ignore. */
  onError?(error: Error): void;
  /** Messages buffered ahead of onEvent. Default 256. */
  bufferMessages?: number;
  /**
   * Objects of these kinds are handed to onEvent only when they have no controller or one of `controllers`
   * (read from the Kruise-Controller-Kind header, before decoding; a message without the header is handed on).
   * An object held before that moves to another controller is handed on as a TOMBSTONE: it left this view.
   */
  controlled?: ControlledSelection;
}

export interface ControlledSelection {
  kinds: readonly GroupKind[];
  controllers: readonly GroupKind[];
}

export interface ObjectFeed {
  /** Filter subjects of the underlying consumer. */
  readonly filterSubjects: readonly string[];
  /** Resolves when every object present at open time has been handed to onEvent; rejects if the feed ends first. */
  readonly synced: Promise<void>;
  isSynced(): boolean;
  /**
   * Stream sequence up to which every message of this feed's filters has been handed to onEvent (0 before the
   * snapshot completed): the stream head at open time once synced, then each message handled. Sequences are
   * stream-wide, so a previous owner's progress compares directly (take-over freshness).
   */
  consumedThrough(): number;
  /** Stops delivering (an onEvent in progress finishes) and removes the consumer. Idempotent. */
  stop(): Promise<void>;
  /** Settles when the feed has ended: after stop(), or when the connection closed. */
  readonly done: Promise<void>;
}

export async function openObjectFeed(bus: Bus, options: ObjectFeedOptions): Promise<ObjectFeed> {
  const { stream } = bus.topology.objects;
  const filterSubjects = objectFilterSubjects(bus.topology, options);
  if (filterSubjects.length === 0)
    throw new Error('an object feed needs at least one partition or cluster scope');
  const report = (error: Error) => options.onError?.(error);

  // The head at open time: a message at or past it, or nothing left pending, means the snapshot is complete.
  const { headSeq, consumer } = await openSnapshot(bus, stream, filterSubjects);

  let resolveSynced!: () => void;
  let rejectSynced!: (err: Error) => void;
  const synced = new Promise<void>((resolve, reject) => {
    resolveSynced = resolve;
    rejectSynced = reject;
  });
  // Nobody may await `synced`; a feed stopped before it synced must not become an unhandled rejection.
  synced.catch(() => {});
  let isSynced = false;
  let handledSeq = 0;
  const markSynced = () => {
    if (isSynced) return;
    isSynced = true;
    resolveSynced();
  };
  if (headSeq === 0 || (await consumer.info(true)).num_pending === 0) markSynced();

  let messages: ConsumerMessages;
  try {
    messages = await consumer.consume({ max_messages: options.bufferMessages ?? 256 });
  } catch (err) {
    await consumer.delete().catch(() => {});
    throw new Error(`cannot consume ${stream}`, { cause: err });
  }

  let stopping = false;
  const delivery = new ObjectDelivery<undefined>(bus, {
    controlled: options.controlled,
    onEvent: (event, subject, seq, snapshot, ctx) =>
      options.onEvent(new FeedEvent(event, subject, seq, snapshot, ctx)),
    feed: options,
    report,
  });
  const handle = (m: JsMsg) =>
    delivery.exclusive(async () => {
      await delivery.handleObjectMessage(m, undefined, !isSynced);
      handledSeq = Math.max(handledSeq, m.seq);
      if (!isSynced && (m.seq >= headSeq || m.info.pending === 0)) markSynced();
    });

  resyncOnReconnect(
    bus,
    () => stopping,
    async () => {
      const present = await subjectsPresent(bus, stream, filterSubjects);
      if (present === undefined) return;
      await delivery.tombstoneVanished(
        present,
        () => true,
        () => !isSynced,
      );
    },
    report,
  );

  const done = (async () => {
    try {
      for await (const m of messages) {
        // Messages buffered before stop() are dropped, not handled.
        if (stopping) break;
        await handle(m);
      }
    } finally {
      if (!isSynced) rejectSynced(new Error('object feed ended before its snapshot was complete'));
    }
  })();
  done.catch(() => {});

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      messages.stop();
      await done.catch(() => {});
      if (!bus.nc.isClosed() && !bus.nc.isDraining()) await consumer.delete().catch(() => {});
    })();
    return stopped;
  };

  const consumedThrough = () => (isSynced ? Math.max(headSeq, handledSeq) : 0);
  return { filterSubjects, synced, isSynced: () => isSynced, consumedThrough, stop, done };
}
