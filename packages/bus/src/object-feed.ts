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
import { type ConsumerMessages, DeliverPolicy, type JsMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { type Context, context } from '@opentelemetry/api';
import type { Bus } from './connection.ts';
import {
  CONTROLLER_KIND_HEADER,
  type ContractRefusal,
  contractDecision,
  contractVersionOf,
  controllerKindValue,
} from './contract.ts';
import { type ObjectEvent, ObjectEventType, objectEventCodec } from './contracts.ts';
import { type ObjectSelection, objectFilterSubjects, parseObjectSubject } from './subjects.ts';
import { type GroupKind, kindTokens } from './tokens.ts';
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
}

/** A delivered event whose trace context is extracted when first read. */
export class FeedEvent implements ObjectFeedEvent {
  readonly event: ObjectEvent;
  readonly subject: string;
  readonly seq: number;
  readonly snapshot: boolean;
  #context: Context | undefined;
  readonly #headers: MsgHdrs | undefined;

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
    if ('headers' in context) this.#headers = context.headers;
    else this.#context = context;
  }

  get context(): Context {
    this.#context ??= extractTraceContext(this.#headers);
    return this.#context;
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
  let headSeq: number;
  try {
    headSeq = (await bus.jsm.streams.info(stream)).state.last_seq;
  } catch (err) {
    throw new Error(`cannot read stream ${stream}`, { cause: err });
  }
  const consumer = await bus.js.consumers
    .get(stream, { filter_subjects: filterSubjects, deliver_policy: DeliverPolicy.LastPerSubject })
    .catch((err: unknown) => {
      throw new Error(`cannot create an ordered consumer on ${stream}`, { cause: err });
    });

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
  // Objects delivered alive, by subject: their identity only (what a TOMBSTONE needs), and the seq delivered.
  const live = new Map<string, { seq: number; event: ObjectEvent }>();
  // onEvent calls never overlap: the consumer's messages and a resync's tombstones take turns.
  let turn: Promise<void> = Promise.resolve();
  const exclusive = (work: () => Promise<void>): Promise<void> => {
    const next = turn.then(work);
    turn = next.catch(() => {});
    return next;
  };
  const deliver = async (
    event: ObjectEvent,
    subject: string,
    seq: number,
    context: Context | { headers: MsgHdrs | undefined },
  ) => {
    if (gone.has(event.type)) live.delete(subject);
    else live.set(subject, { seq, event: { ...event, object: new Uint8Array(0), labels: {} } });
    try {
      await options.onEvent(new FeedEvent(event, subject, seq, !isSynced, context));
    } catch (err) {
      report(new Error(`onEvent failed for message ${seq} on ${subject}`, { cause: err }));
    }
  };
  const foreign = foreignControlled(bus, options.controlled);
  const handle = (m: JsMsg) =>
    exclusive(async () => {
      let event: ObjectEvent | undefined;
      const refusal = objectRefusal(bus, m);
      if (refusal === undefined && foreign(m)) {
        // Another controller's object: not decoded; if it was held (an orphan since adopted), it leaves.
        const held = live.get(m.subject);
        if (held !== undefined) {
          const tombstone: ObjectEvent = { ...held.event, type: ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE };
          await deliver(tombstone, m.subject, m.seq, { headers: m.headers });
        }
      } else if (refusal !== undefined) {
        try {
          if (options.onRefused) await options.onRefused(refusal);
          else report(new Error(`refused message ${m.seq} on ${m.subject}: ${refusal.reason}`));
        } catch (err) {
          report(new Error(`onRefused failed for message ${m.seq} on ${m.subject}`, { cause: err }));
        }
      } else {
        try {
          event = objectEventCodec.decode(m.data);
        } catch (err) {
          report(new Error(`skipping undecodable message ${m.seq} on ${m.subject}`, { cause: err }));
        }
      }
      if (event !== undefined) await deliver(event, m.subject, m.seq, { headers: m.headers });
      handledSeq = Math.max(handledSeq, m.seq);
      if (!isSynced && (m.seq >= headSeq || m.info.pending === 0)) markSynced();
    });

  const resync = async () => {
    const present = await subjectsPresent(bus, stream, filterSubjects);
    if (present === undefined) return;
    await exclusive(async () => {
      for (const [subject, { seq, event }] of [...live]) {
        // Delivered after the listing began: newer than what the listing saw.
        if (present.subjects.has(subject) || seq > present.headSeq) continue;
        const tombstone: ObjectEvent = { ...event, type: ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE };
        await deliver(tombstone, subject, seq, context.active());
      }
    });
  };
  void (async () => {
    for await (const status of bus.nc.status()) {
      if (stopping) break;
      if (status.type === 'reconnect') {
        await resync().catch((err: unknown) =>
          report(new Error('resync after reconnect failed; next reconnect retries', { cause: err })),
        );
      }
    }
  })().catch(() => {});

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

export const gone = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

/** The subjects the filters hold now (one per object, deleted markers included) and the stream head then. */
export async function subjectsPresent(
  bus: Bus,
  stream: string,
  filterSubjects: readonly string[],
): Promise<{ subjects: Set<string>; headSeq: number } | undefined> {
  const headSeq = (await bus.jsm.streams.info(stream)).state.last_seq;
  const consumer = await bus.js.consumers.get(stream, {
    filter_subjects: [...filterSubjects],
    deliver_policy: DeliverPolicy.LastPerSubject,
    headers_only: true,
  });
  const subjects = new Set<string>();
  try {
    if ((await consumer.info(true)).num_pending === 0) return { subjects, headSeq };
    const messages = await consumer.consume({ max_messages: 1024 });
    for await (const m of messages) {
      subjects.add(m.subject);
      if (m.info.pending === 0 || m.seq >= headSeq) break;
    }
    messages.stop();
    return { subjects, headSeq };
  } finally {
    await consumer.delete().catch(() => {});
  }
}

/**
 * Whether a message is about an object of a `controlled` kind whose controller is of another kind. The subject's
 * kind tokens are compared as they stand, so nothing is decoded.
 */
export function foreignControlled(
  bus: Bus,
  controlled: ControlledSelection | undefined,
): (m: JsMsg) => boolean {
  if (controlled === undefined || controlled.kinds.length === 0) return () => false;
  const root = `${bus.topology.objects.subjectRoot}.`;
  const kinds = new Set(controlled.kinds.map((k) => `${root}${kindTokens(k)}.`));
  const own = new Set(controlled.controllers.map(controllerKindValue));
  return (m) => {
    const value = m.headers?.get(CONTROLLER_KIND_HEADER) ?? '';
    if (value === '' || own.has(value)) return false;
    const afterKind = m.subject.indexOf('.', m.subject.indexOf('.', root.length) + 1);
    return kinds.has(m.subject.slice(0, afterKind + 1));
  };
}

/** The refusal of a message whose contract version this build does not read; undefined when it reads it. */
export function objectRefusal(bus: Bus, m: JsMsg): ContractRefusal | undefined {
  const version = contractVersionOf(m.headers);
  const decision = contractDecision(version);
  if (decision.accept) return undefined;
  let place: ReturnType<typeof parseObjectSubject> | undefined;
  try {
    place = parseObjectSubject(bus.topology, m.subject);
  } catch {
    // A subject outside the layout: report it with what is known.
  }
  return {
    subject: m.subject,
    seq: m.seq,
    version,
    reason: decision.reason,
    stream: 'objects',
    subjectKind: place?.kind ?? 'unknown',
    partition: place?.partition,
    key: place === undefined ? m.subject : place.namespace ? `${place.namespace}/${place.name}` : place.name,
  };
}
