// Publishing to the bus: an ObjectEvent to its object's last-value subject, a domain event to its type's
// subject. Each carries a deterministic Nats-Msg-Id, so replicas publishing the same change at once (or a
// retry after a lost ack) store it once, and the publisher's trace context. A monotonic object publish also
// refuses to move a subject's last value back to an older resourceVersion (see monotonic.ts).
import { JetStreamApiError, type JetStreamPublishOptions } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { Context } from '@opentelemetry/api';
import type { Bus } from './connection.ts';
import {
  CONTRACT_VERSION,
  CONTRACT_VERSION_HEADER,
  CONTROLLER_KIND_HEADER,
  contractDecision,
  contractVersionOf,
  controllerKindValue,
  PUBLISHER_HEADER,
} from './contract.ts';
import {
  type DomainEventInit,
  type DomainEventType,
  domainEventDefinition,
  type domainEvents,
  type ObjectEvent,
  type ObjectEventInit,
  ObjectEventType,
  objectEventCodec,
  objectEventTypeName,
  toTimestamp,
} from './contracts.ts';
import { supersedes } from './monotonic.ts';
import { publisherName } from './publisher-build.ts';
import { type EventPlace, eventSubject, objectSubject, partitionFor } from './subjects.ts';
import { extractTraceContext, injectTraceContext } from './trace.ts';

/** Header naming the protobuf message type of the payload, for tools and for consumers that dispatch on it. */
export const PROTO_TYPE_HEADER = 'Kruise-Proto-Type';

export interface PublishOptions {
  /** Trace context to propagate; default the active context. */
  context?: Context;
}

export interface ObjectPublishOptions extends PublishOptions {
  /**
   * Publish only if the subject's last event is older (by resourceVersion, as an integer) and is not already
   * the same object's deletion; otherwise report `superseded` and store nothing. The write is conditional on
   * the subject's last sequence being the one read, so a replica racing in between makes this one re-read.
   */
  monotonic?: boolean;
  /** The kind of the object's controller, sent in the Kruise-Controller-Kind header; omit when it has none. */
  controllerKind?: { group: string; kind: string };
}

export interface Published {
  subject: string;
  msgId: string;
  /** Stream sequence of the stored message (of the earlier one, for a duplicate). */
  seq: number;
  /** The stream already had this message id within its duplicate window and dropped this copy. */
  duplicate: boolean;
  /** Monotonic publish only: the subject already held this or a newer state, so nothing was sent. */
  superseded: boolean;
}

/** JetStream's error code for a failed Nats-Expected-Last-Subject-Sequence check. */
const WRONG_LAST_SEQUENCE = 10071;
/**
 * Attempts of a monotonic publish that keeps losing the race for its subject. Each lost race means another
 * publisher stored something, so the loop ends after about as many attempts as there are racing publishers;
 * the bound only guards against a bug.
 */
const MONOTONIC_ATTEMPTS = 50;

const storedTypes: ReadonlySet<ObjectEventType> = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_ADDED,
  ObjectEventType.OBJECT_EVENT_TYPE_MODIFIED,
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

const goneTypes: ReadonlySet<ObjectEventType> = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

/** `uid:resourceVersion:TYPE` — the same for every replica that observed the same change. */
export function objectEventMsgId(event: Pick<ObjectEventInit, 'uid' | 'resourceVersion' | 'type'>): string {
  return `${event.uid ?? ''}:${event.resourceVersion ?? ''}:${objectEventTypeName(event.type ?? 0)}`;
}

async function send(
  bus: Bus,
  subject: string,
  payload: Uint8Array,
  typeName: string,
  msgId: string,
  options: PublishOptions & {
    ttlMs?: number;
    expectLastSubjectSequence?: number;
    controllerKind?: { group: string; kind: string };
  },
): Promise<Published> {
  const headers = natsHeaders();
  headers.set(PROTO_TYPE_HEADER, typeName);
  if (options.controllerKind !== undefined) {
    headers.set(CONTROLLER_KIND_HEADER, controllerKindValue(options.controllerKind));
  }
  headers.set(CONTRACT_VERSION_HEADER, String(CONTRACT_VERSION));
  if (bus.build !== undefined) headers.set(PUBLISHER_HEADER, publisherName(bus.build));
  injectTraceContext(headers, options.context);
  const publishOptions: Partial<JetStreamPublishOptions> = {
    msgID: msgId,
    headers,
    timeout: bus.requestTimeoutMs,
  };
  if (options.ttlMs !== undefined) publishOptions.ttl = `${Math.max(1, Math.ceil(options.ttlMs / 1000))}s`;
  if (options.expectLastSubjectSequence !== undefined) {
    publishOptions.expect = { lastSubjectSequence: options.expectLastSubjectSequence };
  }
  try {
    const ack = await bus.inFlight(() => bus.js.publish(subject, payload, publishOptions));
    return { subject, msgId, seq: ack.seq, duplicate: ack.duplicate, superseded: false };
  } catch (err) {
    throw new Error(`publish to ${subject} (msg id ${msgId}) failed`, { cause: err });
  }
}

/**
 * Publishes an observed change of one object. The partition, publisher id and observation time are filled in
 * (the partition always recomputed, so no publisher can misplace an object).
 */
export async function publishObjectEvent(
  bus: Bus,
  event: ObjectEventInit,
  options: ObjectPublishOptions = {},
): Promise<Published> {
  const type = event.type ?? ObjectEventType.OBJECT_EVENT_TYPE_UNSPECIFIED;
  if (!storedTypes.has(type)) {
    throw new Error(
      `an ObjectEvent of type ${objectEventTypeName(type)} does not belong in the object cache`,
    );
  }
  const kind = event.kind?.kind ?? '';
  for (const [field, value] of [
    ['kind.kind', kind],
    ['kind.version', event.kind?.version ?? ''],
    ['name', event.name ?? ''],
    ['uid', event.uid ?? ''],
    ['resourceVersion', event.resourceVersion ?? ''],
  ] as const) {
    if (value === '') throw new Error(`ObjectEvent.${field} is required`);
  }
  const namespace = event.namespace ?? '';
  const subject = objectSubject(bus.topology, {
    group: event.kind?.group ?? '',
    kind,
    namespace,
    name: event.name!,
  });
  const complete: ObjectEventInit = {
    ...event,
    partition: partitionFor(bus.topology, namespace) ?? null,
    publisherId: event.publisherId || bus.publisherId,
    observedAt: event.observedAt ?? toTimestamp(new Date()),
  };
  const payload = objectEventCodec.encode(complete);
  const msgId = objectEventMsgId(event);
  const { monotonic, ...sendOptions } = options;
  const ttl = goneTypes.has(type) ? { ttlMs: bus.topology.deletedObjectTtlMs } : {};
  if (!monotonic) {
    return send(bus, subject, payload, objectEventCodec.typeName, msgId, { ...sendOptions, ...ttl });
  }
  const known = lastStored(bus);
  const remember = (published: Published): Published => {
    // A deletion's marker expires (TTL): the next publish on the subject reads what is there.
    if (published.duplicate || goneTypes.has(type)) known.delete(subject);
    else
      known.set(subject, {
        seq: published.seq,
        uid: complete.uid ?? '',
        resourceVersion: complete.resourceVersion ?? '',
        type,
      });
    return published;
  };
  // What this process stored last on the subject stands for a read of it: the conditional write fails if anyone
  // stored something since, and then the loop below reads. One round trip per change instead of two.
  // A creation nobody stored yet is asserted against an empty subject (sequence 0) the same way; a subject that
  // is not empty (a re-list after a restart) fails the condition and is read.
  const memo =
    known.get(subject) ??
    (type === ObjectEventType.OBJECT_EVENT_TYPE_ADDED
      ? { seq: 0, uid: '', resourceVersion: '0', type: ObjectEventType.OBJECT_EVENT_TYPE_UNSPECIFIED }
      : undefined);
  if (memo !== undefined && !supersedes(memo, complete)) {
    try {
      return remember(
        await send(bus, subject, payload, objectEventCodec.typeName, msgId, {
          ...sendOptions,
          ...ttl,
          expectLastSubjectSequence: memo.seq,
        }),
      );
    } catch (err) {
      known.delete(subject);
      if (!isWrongLastSequence(err)) throw err;
    }
  }
  for (let attempt = 1; ; attempt++) {
    const last = await lastOnSubject(bus, subject);
    if (last !== undefined && last.event !== undefined && supersedes(last.event, complete)) {
      return { subject, msgId, seq: last.seq, duplicate: false, superseded: true };
    }
    try {
      return remember(
        await send(bus, subject, payload, objectEventCodec.typeName, msgId, {
          ...sendOptions,
          ...ttl,
          // 0 asserts that the subject holds no message yet.
          expectLastSubjectSequence: last?.seq ?? 0,
        }),
      );
    } catch (err) {
      if (!isWrongLastSequence(err) || attempt >= MONOTONIC_ATTEMPTS) throw err;
    }
  }
}

/** What a process last stored on an object subject: enough to order the next change against it. */
interface StoredState {
  seq: number;
  uid: string;
  resourceVersion: string;
  type: ObjectEventType;
}

const storedByBus = new WeakMap<Bus, Map<string, StoredState>>();

/** Per connection: one entry per live object this process published (deletions drop theirs). */
function lastStored(bus: Bus): Map<string, StoredState> {
  let known = storedByBus.get(bus);
  if (known === undefined) {
    known = new Map();
    storedByBus.set(bus, known);
  }
  return known;
}

type StoredMessage = NonNullable<Awaited<ReturnType<Bus['jsm']['direct']['getMessage']>>>;

/** The newest message on a subject of a stream, by direct get (no consumer); null when there is none. */
async function directLast(bus: Bus, stream: string, subject: string): Promise<StoredMessage | null> {
  try {
    return await bus.inFlight(() => bus.jsm.direct.getMessage(stream, { last_by_subj: subject }));
  } catch (err) {
    throw new Error(`cannot read the last message on ${subject}`, { cause: err });
  }
}

/** The subject's stored ObjectEvent; `event` is undefined when it does not decode. */
async function lastOnSubject(
  bus: Bus,
  subject: string,
): Promise<{ seq: number; event: ObjectEvent | undefined } | undefined> {
  const stored = await directLast(bus, bus.topology.objects.stream, subject);
  if (stored === null) return undefined;
  try {
    return { seq: stored.seq, event: objectEventCodec.decode(stored.data) };
  } catch {
    // Whatever is stored there is not an ObjectEvent we can order against; overwriting it is the repair.
    return { seq: stored.seq, event: undefined };
  }
}

function isWrongLastSequence(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof JetStreamApiError && e.code === WRONG_LAST_SEQUENCE) return true;
  }
  return false;
}

/** The latest domain event of one type about one object, with the trace context its publisher sent. */
export interface LastDomainEvent<K extends DomainEventType> {
  event: ReturnType<(typeof domainEvents)[K]['codec']['decode']>;
  /** The publisher's span context (a remote one), on the root context; the root context when none was sent. */
  context: Context;
  seq: number;
}

/**
 * Reads the newest event of `type` about `place` by direct get (no consumer): how a replica that takes over a
 * workload learns what the previous one last said about it. Undefined when there is none or it does not decode.
 */
export async function lastDomainEvent<K extends DomainEventType>(
  bus: Bus,
  type: K,
  place: EventPlace,
): Promise<LastDomainEvent<K> | undefined> {
  const stored = await directLast(bus, bus.topology.events.stream, eventSubject(bus.topology, type, place));
  if (stored === null) return undefined;
  // Written by a build whose contract this one does not read: as good as none (the caller starts afresh).
  if (!contractDecision(contractVersionOf(stored.header)).accept) return undefined;
  try {
    const event = domainEventDefinition(type).codec.decode(stored.data);
    return { event, context: extractTraceContext(stored.header), seq: stored.seq };
  } catch {
    return undefined;
  }
}

/** Publishes a domain event; `meta.eventId` is its de-duplication id and is required. */
export async function publishDomainEvent<K extends DomainEventType>(
  bus: Bus,
  type: K,
  event: DomainEventInit<K>,
  options: PublishOptions = {},
): Promise<Published> {
  const definition = domainEventDefinition(type);
  const eventId = event.meta?.eventId ?? '';
  if (eventId === '') throw new Error(`${type}.meta.eventId is required`);
  const about = definition.subjectOf(event);
  if (!about?.name) throw new Error(`${type} does not name the object it is about`);
  const subject = eventSubject(bus.topology, type, { namespace: about.namespace ?? '', name: about.name });
  const complete = {
    ...event,
    meta: {
      ...event.meta,
      publisherId: event.meta?.publisherId || bus.publisherId,
      occurredAt: event.meta?.occurredAt ?? toTimestamp(new Date()),
    },
  };
  const { codec } = definition;
  return send(bus, subject, codec.encode(complete), codec.typeName, eventId, options);
}
