// Durable work consumption of domain events: a named pull consumer on the events stream (declared idempotently,
// shared by all replicas of a service so each event is handled once), explicit acks, and redelivery with
// exponential back-off when the handler fails. An event that cannot be decoded is terminated, not retried.
import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerMessages,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { Context } from '@opentelemetry/api';
import type { Bus } from './connection.ts';
import { type ContractRefusal, contractDecision, contractVersionOf } from './contract.ts';
import { type DomainEvent, type DomainEventType, decodeDomainEvent, isDomainEventType } from './contracts.ts';
import { configDiff, type DeclareResult } from './declare.ts';
import { eventFilterSubjects, parseEventSubject } from './subjects.ts';
import { extractTraceContext } from './trace.ts';

export interface EventConsumerSpec {
  /** Durable consumer name, shared by the replicas of one service, e.g. `webhook-server`. */
  durable: string;
  /** Event types to receive; all when omitted. */
  types?: readonly DomainEventType[];
  /** Partitions to receive (plus events about cluster-scoped objects); all when omitted. */
  partitions?: Iterable<number>;
  /** Where a new consumer starts: every retained event, or only those published after creation. Default `all`. */
  startAt?: 'all' | 'new';
  /** Unacked messages are redelivered after this long. Default 30 s. */
  ackWaitMs?: number;
  /** Deliveries before an event is given up. Default 10. */
  maxDeliver?: number;
  /** Events in flight across all replicas. Default 256. */
  maxAckPending?: number;
}

function consumerConfig(
  bus: Bus,
  spec: EventConsumerSpec,
): Partial<ConsumerConfig> & { durable_name: string } {
  if (!/^[A-Za-z0-9_-]+$/.test(spec.durable))
    throw new Error(`consumer name '${spec.durable}' is not token-safe`);
  const selection = {
    ...(spec.types !== undefined ? { types: spec.types } : {}),
    ...(spec.partitions !== undefined ? { partitions: spec.partitions } : {}),
  };
  return {
    durable_name: spec.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: spec.startAt === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
    filter_subjects: eventFilterSubjects(bus.topology, selection),
    ack_wait: nanos(spec.ackWaitMs ?? 30_000),
    max_deliver: spec.maxDeliver ?? 10,
    max_ack_pending: spec.maxAckPending ?? 256,
  };
}

/** Creates the durable consumer or brings its updatable settings in line; keeps a matching one as is. */
export async function ensureEventConsumer(bus: Bus, spec: EventConsumerSpec): Promise<DeclareResult> {
  const { stream } = bus.topology.events;
  const desired = consumerConfig(bus, spec);
  for (let attempt = 1; ; attempt++) {
    let info: Awaited<ReturnType<typeof bus.jsm.consumers.info>> | undefined;
    try {
      info = await bus.jsm.consumers.info(stream, spec.durable);
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) {
        throw new Error(`cannot read consumer ${spec.durable} of ${stream}`, { cause: err });
      }
    }
    if (info === undefined) {
      try {
        await bus.jsm.consumers.add(stream, desired);
        return 'created';
      } catch (err) {
        // Another replica may have created it meanwhile; compare on the next round.
        if (attempt >= 3)
          throw new Error(`cannot create consumer ${spec.durable} on ${stream}`, { cause: err });
        continue;
      }
    }
    // The start position only applies at creation; the server rejects changing it, and it does not matter later.
    const { deliver_policy: _startOnly, ...updatable } = desired;
    const actual = { ...info.config, filter_subjects: filtersOf(info.config) };
    const diff = configDiff(updatable, actual);
    if (diff.length === 0) return 'unchanged';
    try {
      await bus.jsm.consumers.update(stream, spec.durable, updatable);
    } catch (err) {
      throw new Error(`cannot update consumer ${spec.durable} (${diff.join(', ')} differ)`, { cause: err });
    }
    return 'updated';
  }
}

/** The server reports one filter as `filter_subject` and several as `filter_subjects`. */
function filtersOf(config: ConsumerConfig): string[] {
  if (config.filter_subjects !== undefined && config.filter_subjects.length > 0)
    return config.filter_subjects;
  return config.filter_subject ? [config.filter_subject] : [];
}

export type ReceivedDomainEvent = DomainEvent & {
  subject: string;
  seq: number;
  /** 1 on first delivery. */
  deliveryCount: number;
  /** The publisher's trace context. */
  context: Context;
};

export interface EventWorkerOptions {
  durable: string;
  /** Resolving acks the event; throwing redelivers it after a back-off. */
  handler(event: ReceivedDomainEvent): Promise<void> | void;
  /** Handler failures and undecodable events. Default: ignore. */
  onError?(error: Error): void;
  /**
   * An event of a contract version this build does not read (see contract.ts). It is not handled; it goes
   * back with the retry back-off, so a replica of a build that reads it can take it. Default: onError.
   */
  onRefused?(refusal: ContractRefusal): void;
  /** Back-off after the first failure, doubled per delivery up to maxRetryDelayMs. Default 1 s. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Messages pulled ahead of the handler. Default 16. */
  bufferMessages?: number;
}

export interface EventWorker {
  /** Stops pulling; an event being handled finishes and is acked, buffered ones go back to the server. */
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

/** Handles events of an existing durable consumer (see ensureEventConsumer) one at a time. */
export async function startEventWorker(bus: Bus, options: EventWorkerOptions): Promise<EventWorker> {
  const { stream } = bus.topology.events;
  const report = (error: Error) => options.onError?.(error);
  const retryDelay = (deliveries: number) =>
    Math.min((options.retryDelayMs ?? 1_000) * 2 ** (deliveries - 1), options.maxRetryDelayMs ?? 60_000);

  let messages: ConsumerMessages;
  try {
    const consumer = await bus.js.consumers.get(stream, options.durable);
    messages = await consumer.consume({ max_messages: options.bufferMessages ?? 16 });
  } catch (err) {
    throw new Error(`cannot consume ${options.durable} on ${stream}`, { cause: err });
  }

  let stopping = false;
  const handle = async (m: JsMsg) => {
    const version = contractVersionOf(m.headers);
    const decision = contractDecision(version);
    if (!decision.accept) {
      m.nak(retryDelay(m.info.deliveryCount));
      let place: ReturnType<typeof parseEventSubject> | undefined;
      try {
        place = parseEventSubject(bus.topology, m.subject);
      } catch {
        // Reported with the subject alone.
      }
      const refusal: ContractRefusal = {
        subject: m.subject,
        seq: m.seq,
        version,
        reason: decision.reason,
        stream: 'events',
        subjectKind: place?.type ?? 'unknown',
        partition: place?.partition,
        key:
          place === undefined ? m.subject : place.namespace ? `${place.namespace}/${place.name}` : place.name,
      };
      if (options.onRefused) options.onRefused(refusal);
      else report(new Error(`refused event ${m.seq} on ${m.subject}: ${decision.reason}`));
      return;
    }
    let decoded: DomainEvent;
    try {
      const { type } = parseEventSubject(bus.topology, m.subject);
      if (!isDomainEventType(type)) throw new Error(`unknown domain event type '${type}'`);
      decoded = decodeDomainEvent(type, m.data);
    } catch (err) {
      // Retrying cannot make it decodable; a newer consumer build can read it from the stream.
      m.term('undecodable');
      report(new Error(`terminated undecodable event ${m.seq} on ${m.subject}`, { cause: err }));
      return;
    }
    try {
      await options.handler({
        ...decoded,
        subject: m.subject,
        seq: m.seq,
        deliveryCount: m.info.deliveryCount,
        context: extractTraceContext(m.headers),
      });
      m.ack();
    } catch (err) {
      m.nak(retryDelay(m.info.deliveryCount));
      report(new Error(`handler failed for event ${m.seq} on ${m.subject}`, { cause: err }));
    }
  };

  const done = (async () => {
    for await (const m of messages) {
      if (stopping) {
        // Hand buffered events straight back so another replica gets them now, not after ack_wait.
        m.nak();
        continue;
      }
      await handle(m);
    }
  })();
  done.catch(() => {});

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      messages.stop();
      await done.catch(() => {});
    })();
    return stopped;
  };
  return { stop, done };
}
