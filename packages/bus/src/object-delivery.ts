// How a feed of the objects stream hands messages on to its onEvent; shared by openObjectFeed (one consumer over a
// fixed selection) and openPartitionedFeed (scopes joining and leaving one live consumer), which keep only their
// consumers and their sync bookkeeping. A message is refused (a contract version this build does not read),
// another controller's object (not decoded; a TOMBSTONE if it was held), undecodable (reported) or decoded and
// handed on. What was handed on alive is held by subject, so that an object which left the view, or whose subject
// vanished during an outage, gets its TOMBSTONE.
import type { JsMsg } from '@nats-io/jetstream';
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
import type { ControlledSelection } from './object-feed.ts';
import { parseObjectSubject } from './subjects.ts';
import { kindTokens } from './tokens.ts';

/** Where an event's trace context comes from: its message's headers, or the context a resync runs in. */
export type EventContext = Context | { headers: MsgHdrs | undefined };

/** An object handed on alive: its identity only (what a TOMBSTONE needs), the seq and the feed's scope of it. */
export interface HeldObject<S> {
  seq: number;
  event: ObjectEvent;
  scope: S;
}

export interface ObjectDeliveryOptions<S> {
  controlled?: ControlledSelection | undefined;
  /** Hands one event to the feed's onEvent (the feed builds its event type); may throw. */
  onEvent(
    event: ObjectEvent,
    subject: string,
    seq: number,
    snapshot: boolean,
    ctx: EventContext,
    scope: S,
  ): void | Promise<void>;
  /** The feed's options: their onRefused is called as theirs. */
  feed: { onRefused?(refusal: ContractRefusal): void | Promise<void> };
  report(error: Error): void;
}

/**
 * One feed's hand-over of object events. `S` is the feed's scope of an object (the partitioned feed's partition
 * or cluster scope; nothing for openObjectFeed).
 */
export class ObjectDelivery<S> {
  /** Objects handed on alive, by subject. */
  readonly live = new Map<string, HeldObject<S>>();
  readonly #bus: Bus;
  readonly #options: ObjectDeliveryOptions<S>;
  readonly #foreign: (m: JsMsg) => boolean;
  #turn: Promise<void> = Promise.resolve();

  constructor(bus: Bus, options: ObjectDeliveryOptions<S>) {
    this.#bus = bus;
    this.#options = options;
    this.#foreign = foreignControlled(bus, options.controlled);
  }

  /** Runs `work` after every earlier one: onEvent calls never overlap, whichever consumer or resync delivers. */
  exclusive(work: () => Promise<void>): Promise<void> {
    const next = this.#turn.then(work);
    this.#turn = next.catch(() => {});
    return next;
  }

  /** Holds the object (or forgets it, once gone) and hands the event on; a failing onEvent is reported. */
  async deliver(
    event: ObjectEvent,
    subject: string,
    seq: number,
    scope: S,
    snapshot: boolean,
    ctx: EventContext,
  ): Promise<void> {
    if (gone.has(event.type)) this.live.delete(subject);
    else this.live.set(subject, { seq, scope, event: { ...event, object: new Uint8Array(0), labels: {} } });
    try {
      await this.#options.onEvent(event, subject, seq, snapshot, ctx, scope);
    } catch (err) {
      this.#options.report(new Error(`onEvent failed for message ${seq} on ${subject}`, { cause: err }));
    }
  }

  /** One message of the stream (call it within exclusive); errors are reported, never thrown. */
  async handleObjectMessage(m: JsMsg, scope: S, snapshot: boolean): Promise<void> {
    const { report, feed } = this.#options;
    const refusal = objectRefusal(this.#bus, m);
    if (refusal === undefined && this.#foreign(m)) {
      // Another controller's object: not decoded; if it was held (an orphan since adopted), it leaves.
      const held = this.live.get(m.subject);
      if (held !== undefined)
        await this.deliver(tombstoneOf(held.event), m.subject, m.seq, scope, snapshot, {
          headers: m.headers,
        });
      return;
    }
    if (refusal !== undefined) {
      try {
        if (feed.onRefused) await feed.onRefused(refusal);
        else report(new Error(`refused message ${m.seq} on ${m.subject}: ${refusal.reason}`));
      } catch (err) {
        report(new Error(`onRefused failed for message ${m.seq} on ${m.subject}`, { cause: err }));
      }
      return;
    }
    let event: ObjectEvent;
    try {
      event = objectEventCodec.decode(m.data);
    } catch (err) {
      report(new Error(`skipping undecodable message ${m.seq} on ${m.subject}`, { cause: err }));
      return;
    }
    await this.deliver(event, m.subject, m.seq, scope, snapshot, { headers: m.headers });
  }

  /**
   * After a reconnect: a TOMBSTONE, in the active context, for every held object of a listed scope whose subject
   * the listing no longer found (its deleted marker expired during the outage). One handed on after the listing
   * began is newer than what the listing saw and stays.
   */
  tombstoneVanished(
    present: { subjects: ReadonlySet<string>; headSeq: number },
    listed: (scope: S) => boolean,
    snapshot: () => boolean,
  ): Promise<void> {
    return this.exclusive(async () => {
      for (const [subject, { seq, event, scope }] of [...this.live]) {
        if (present.subjects.has(subject) || seq > present.headSeq || !listed(scope)) continue;
        await this.deliver(tombstoneOf(event), subject, seq, scope, snapshot(), context.active());
      }
    });
  }
}

/**
 * Calls `resync` after every reconnect of the bus connection until `stopped()`; a failure waits for the next.
 * Not on a replaced object stream: listing an empty stream would tombstone everything the feed holds
 * (object-stream-identity.ts). The feed stops following the bus then, and the process's liveness fails.
 */
export function resyncOnReconnect(
  bus: Bus,
  stopped: () => boolean,
  resync: () => Promise<void>,
  report: (error: Error) => void,
): void {
  // Records the stream this feed is filled from, when the bus had none yet at connect.
  void bus.objectStreamIntact().catch(() => {});
  void (async () => {
    for await (const status of bus.nc.status()) {
      if (stopped()) break;
      if (status.type === 'reconnect') {
        const intact = await bus.objectStreamIntact().catch((err: unknown) => {
          report(
            new Error('cannot check the object stream after a reconnect; next reconnect retries', {
              cause: err,
            }),
          );
          return undefined;
        });
        if (intact === false) {
          report(bus.objectStreamReplaced() ?? new Error('the object stream was replaced'));
          break;
        }
        if (intact === undefined) continue;
        await resync().catch((err: unknown) =>
          report(new Error('resync after reconnect failed; next reconnect retries', { cause: err })),
        );
      }
    }
  })().catch(() => {});
}

const gone = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

const tombstoneOf = (held: ObjectEvent): ObjectEvent => ({
  ...held,
  type: ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
});

/**
 * Whether a message is about an object of a `controlled` kind whose controller is of another kind. The subject's
 * kind tokens are compared as they stand, so nothing is decoded.
 */
function foreignControlled(bus: Bus, controlled: ControlledSelection | undefined): (m: JsMsg) => boolean {
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
function objectRefusal(bus: Bus, m: JsMsg): ContractRefusal | undefined {
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
