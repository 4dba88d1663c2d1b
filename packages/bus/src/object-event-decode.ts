// ObjectEvent decoding straight into the plain object consumers get. The generated decoder builds a class
// instance (defaults on its prototype) which contracts.ts used to copy with toObject() to turn int64 into number
// and make every default an own field: two objects per message, and that copy alone was 1.4–3.3 % of the
// services that mostly receive (docs/performance.md). This reads the wire format once into the final shape —
// the same fields, defaults and value types as `toObject(decode(bytes), { longs: Number, defaults: true })`,
// which the unit test object-event-decode.test.ts checks against the generated code, field list included, so a
// field added to proto/kruise/bus/v1/object_event.proto without being added here fails it.
import protobuf from 'protobufjs/minimal.js';
import type { ObjectEvent } from './contracts.ts';

type Reader = protobuf.Reader;
type GroupVersionKind = { group: string; version: string; kind: string };
type Timestamp = { seconds: number; nanos: number };
type LabelEntry = { key: string; value: string };

// Wire types.
const VARINT = 0;
const LEN = 2;

/** Decodes an ObjectEvent message; throws (a protobufjs error) when the bytes are not one. */
export function decodeObjectEvent(bytes: Uint8Array): ObjectEvent {
  const event: ObjectEvent = {
    labels: {},
    kind: null,
    type: 0,
    namespace: '',
    name: '',
    uid: '',
    resourceVersion: '',
    generation: 0,
    controllerUid: '',
    object: protobuf.util.newBuffer(0),
    observedAt: null,
    publisherId: '',
  };
  return readFields(protobuf.Reader.create(bytes), event, readEventField, 0);
}

/**
 * Reads one field of a message into `into` if it is one of the fields known with the expected wire type; false
 * leaves it to readFields to skip.
 */
type FieldReader<T> = (reader: Reader, into: T, field: number, wireType: number) => boolean;

/**
 * The loop every message shares: each field up to the reader's limit is read by `read` or, unknown (a newer
 * publisher's field) or of an unexpected wire type, skipped, as the generated decoder does. `depth` is the
 * nesting protobufjs counts for skipping groups. The readers are module functions, not closures: a decode
 * allocates no function per message or field (speed is the point of this file).
 */
function readFields<T>(reader: Reader, into: T, read: FieldReader<T>, depth: number): T {
  while (reader.pos < reader.len) {
    const tag = reader.tag();
    const wireType = tag & 7;
    if (!read(reader, into, tag >>> 3, wireType)) reader.skipType(wireType, depth, tag >>> 3);
  }
  return into;
}

/** A length-delimited message field: its fields read by `read` within its bounds. */
function readMessage<T>(reader: Reader, into: T, read: FieldReader<T>): T {
  const outer = reader.len;
  const end = reader.size() + reader.pos;
  if (end > outer) throw new RangeError(`index out of range: ${end} > ${outer}`);
  reader.len = end;
  readFields(reader, into, read, 1);
  reader.len = outer;
  return into;
}

function readEventField(reader: Reader, event: ObjectEvent, field: number, wireType: number): boolean {
  if (wireType === LEN) {
    switch (field) {
      case 1: {
        // A repeated occurrence of a message field merges into the first, as protobuf says.
        const into = (event.kind as GroupVersionKind | null) ?? { group: '', version: '', kind: '' };
        event.kind = readMessage(reader, into, readGroupVersionKindField);
        return true;
      }
      case 3:
        event.namespace = reader.stringVerify();
        return true;
      case 4:
        event.name = reader.stringVerify();
        return true;
      case 5:
        event.uid = reader.stringVerify();
        return true;
      case 6:
        event.resourceVersion = reader.stringVerify();
        return true;
      case 8:
        event.controllerUid = reader.stringVerify();
        return true;
      case 9: {
        const entry = readMessage(reader, { key: '', value: '' }, readLabelField);
        setLabel(event.labels, entry.key, entry.value);
        return true;
      }
      case 10:
        event.object = reader.bytes();
        return true;
      case 12: {
        const into = (event.observedAt as Timestamp | null) ?? { seconds: 0, nanos: 0 };
        event.observedAt = readMessage(reader, into, readTimestampField);
        return true;
      }
      case 13:
        event.publisherId = reader.stringVerify();
        return true;
    }
  } else if (wireType === VARINT) {
    switch (field) {
      case 2:
        event.type = reader.int32();
        return true;
      case 7:
        event.generation = int64(reader);
        return true;
      case 11:
        event.partition = reader.uint32();
        return true;
    }
  }
  return false;
}

function readGroupVersionKindField(
  reader: Reader,
  gvk: GroupVersionKind,
  field: number,
  wireType: number,
): boolean {
  if (wireType !== LEN) return false;
  if (field === 1) gvk.group = reader.stringVerify();
  else if (field === 2) gvk.version = reader.stringVerify();
  else if (field === 3) gvk.kind = reader.stringVerify();
  else return false;
  return true;
}

function readTimestampField(reader: Reader, ts: Timestamp, field: number, wireType: number): boolean {
  if (wireType !== VARINT) return false;
  if (field === 1) ts.seconds = int64(reader);
  else if (field === 2) ts.nanos = reader.int32();
  else return false;
  return true;
}

/** One map entry (key 1, value 2; a missing one is ''). */
function readLabelField(reader: Reader, entry: LabelEntry, field: number, wireType: number): boolean {
  if (wireType !== LEN) return false;
  if (field === 1) entry.key = reader.stringVerify();
  else if (field === 2) entry.value = reader.stringVerify();
  else return false;
  return true;
}

function setLabel(labels: Record<string, string>, key: string, value: string): void {
  // An own property even for this key, which plain assignment would take as the prototype.
  if (key === '__proto__')
    Object.defineProperty(labels, key, { value, enumerable: true, writable: true, configurable: true });
  else labels[key] = value;
}

/** An int64 as a number (Kubernetes values fit 2^53), whether protobufjs reads it as a Long or a number. */
function int64(reader: Reader): number {
  const value: protobuf.Long | number = reader.int64();
  return typeof value === 'number' ? value : protobuf.util.LongBits.from(value).toNumber();
}
