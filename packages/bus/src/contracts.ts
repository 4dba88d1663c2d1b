// The bus contracts as TypeScript: codecs over the generated protobufjs classes (src/generated, from
// proto/kruise/bus/v1) and the registry of domain events. Decoding fills every missing field with its proto3
// zero value and turns int64 into number, so consumers never see `Long` and tolerate older publishers;
// unknown fields from newer publishers are skipped by the generated decoder.
import type { IConversionOptions } from 'protobufjs';
import { type google, kruise } from './generated/proto.js';
import { decodeObjectEvent } from './object-event-decode.ts';

const v1 = kruise.bus.v1;

/** A decoded message: plain data, int64 as number, proto3 defaults for missing fields. */
export type Decoded<T> = Omit<T, 'toJSON' | '$unknowns'>;

export type GroupVersionKind = kruise.bus.v1.GroupVersionKind.$Properties;
export type ObjectRef = kruise.bus.v1.ObjectRef.$Properties;
export type EventMeta = kruise.bus.v1.EventMeta.$Properties;
export type Timestamp = google.protobuf.Timestamp.$Properties;

export const ObjectEventType = v1.ObjectEventType;
export type ObjectEventType = kruise.bus.v1.ObjectEventType;
export const RolloutPhase = v1.RolloutPhase;
export type RolloutPhase = kruise.bus.v1.RolloutPhase;
export const CertificateRotationReason = v1.CertificateRotationReason;
export type CertificateRotationReason = kruise.bus.v1.CertificateRotationReason;

export type ObjectEvent = Decoded<kruise.bus.v1.ObjectEvent>;
export type ObjectEventInit = kruise.bus.v1.ObjectEvent.$Properties;
export type RolloutProgress = Decoded<kruise.bus.v1.RolloutProgress>;
export type RolloutProgressInit = kruise.bus.v1.RolloutProgress.$Properties;
export type CertificateRotated = Decoded<kruise.bus.v1.CertificateRotated>;
export type CertificateRotatedInit = kruise.bus.v1.CertificateRotated.$Properties;
export type RevisionCreated = Decoded<kruise.bus.v1.RevisionCreated>;
export type RevisionCreatedInit = kruise.bus.v1.RevisionCreated.$Properties;

export interface Codec<T, Init> {
  /** Fully-qualified protobuf name, e.g. `kruise.bus.v1.ObjectEvent`. */
  readonly typeName: string;
  encode(value: Init): Uint8Array;
  decode(bytes: Uint8Array): T;
}

/** The static side of a generated message class, as far as the codec needs it. */
interface GeneratedType<M, Init> {
  encode(message: Init): { finish(): Uint8Array };
  decode(bytes: Uint8Array): M;
  verify(message: Record<string, unknown>): string | null;
  toObject(message: M, options: IConversionOptions): Record<string, unknown>;
  getTypeUrl(prefix?: string): string;
}

const conversion: IConversionOptions = { longs: Number, defaults: true };

function codec<M, Init extends object>(type: GeneratedType<M, Init>): Codec<Decoded<M>, Init> {
  const typeName = type.getTypeUrl('').replace(/^\//, '');
  return {
    typeName,
    encode(value) {
      const problem = type.verify(value as Record<string, unknown>);
      if (problem !== null) throw new Error(`invalid ${typeName}: ${problem}`);
      return type.encode(value).finish();
    },
    decode(bytes) {
      let message: M;
      try {
        message = type.decode(bytes);
      } catch (err) {
        throw new Error(`cannot decode ${typeName} (${bytes.length} bytes)`, { cause: err });
      }
      return type.toObject(message, conversion) as Decoded<M>;
    },
  };
}

const generatedObjectEventCodec = codec(v1.ObjectEvent);

/** Decodes without the generated class and its toObject() copy: every service decodes every message it holds. */
export const objectEventCodec: Codec<ObjectEvent, ObjectEventInit> = {
  typeName: generatedObjectEventCodec.typeName,
  encode: generatedObjectEventCodec.encode,
  decode(bytes) {
    try {
      return decodeObjectEvent(bytes);
    } catch (err) {
      throw new Error(`cannot decode ${generatedObjectEventCodec.typeName} (${bytes.length} bytes)`, {
        cause: err,
      });
    }
  },
};

/** Short name of an event type, e.g. `MODIFIED`; used in message ids. */
export function objectEventTypeName(type: ObjectEventType): string {
  const name = v1.ObjectEventType[type] as string | undefined;
  if (name === undefined) return `TYPE_${type}`;
  return name.replace(/^OBJECT_EVENT_TYPE_/, '');
}

/** The Kubernetes object carried by an ObjectEvent, parsed from its JSON bytes. */
export function objectOf<T = unknown>(event: Pick<ObjectEvent, 'object'>): T | undefined {
  if (event.object.length === 0) return undefined;
  return JSON.parse(new TextDecoder().decode(event.object)) as T;
}

export function toTimestamp(date: Date): Timestamp {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanos: (ms - seconds * 1000) * 1_000_000 };
}

export function fromTimestamp(ts: Timestamp | null | undefined): Date | undefined {
  if (ts === null || ts === undefined) return undefined;
  return new Date(Number(ts.seconds ?? 0) * 1000 + Math.floor((ts.nanos ?? 0) / 1_000_000));
}

export interface DomainEventDefinition<T, Init> {
  codec: Codec<T, Init>;
  /** The object the event is about: its namespace places the event in a partition and its subject. */
  subjectOf(event: Init): ObjectRef | null | undefined;
}

function domainEvent<T, Init>(
  codec: Codec<T, Init>,
  subjectOf: (event: Init) => ObjectRef | null | undefined,
): DomainEventDefinition<T, Init> {
  return { codec, subjectOf };
}

/** Every domain event, by the type name used in its subject. Adding one here and in proto/ is all it takes. */
export const domainEvents = {
  RolloutProgress: domainEvent(codec(v1.RolloutProgress), (e: RolloutProgressInit) => e.workload),
  CertificateRotated: domainEvent(codec(v1.CertificateRotated), (e: CertificateRotatedInit) => e.secret),
  RevisionCreated: domainEvent(codec(v1.RevisionCreated), (e: RevisionCreatedInit) => e.owner),
};

export type DomainEventType = keyof typeof domainEvents;

type DecodedOf<K extends DomainEventType> = ReturnType<(typeof domainEvents)[K]['codec']['decode']>;
type InitOf<K extends DomainEventType> = Parameters<(typeof domainEvents)[K]['codec']['encode']>[0];

/** A decoded domain event, discriminated by `type`. */
export type DomainEvent = { [K in DomainEventType]: { type: K; event: DecodedOf<K> } }[DomainEventType];
/** What a publisher passes for domain event type K. */
export type DomainEventInit<K extends DomainEventType> = InitOf<K>;

/** The codec and placement of domain event type K. */
export function domainEventDefinition<K extends DomainEventType>(
  type: K,
): DomainEventDefinition<DecodedOf<K>, InitOf<K>> {
  // Typed through a mapped view of the registry, whose value types are exactly DecodedOf/InitOf of their key.
  const registry: { [T in DomainEventType]: DomainEventDefinition<DecodedOf<T>, InitOf<T>> } = domainEvents;
  return registry[type];
}

export function isDomainEventType(name: string): name is DomainEventType {
  return Object.hasOwn(domainEvents, name);
}

export function decodeDomainEvent(type: DomainEventType, bytes: Uint8Array): DomainEvent {
  return { type, event: domainEvents[type].codec.decode(bytes) } as DomainEvent;
}
