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

// Wire types.
const VARINT = 0;
const LEN = 2;

/** Decodes an ObjectEvent message; throws (a protobufjs error) when the bytes are not one. */
export function decodeObjectEvent(bytes: Uint8Array): ObjectEvent {
  const reader = protobuf.Reader.create(bytes);
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
  const end = reader.len;
  while (reader.pos < end) {
    const tag = reader.tag();
    const wireType = tag & 7;
    switch (tag >>> 3) {
      case 1:
        if (wireType !== LEN) break;
        // A repeated occurrence of a message field merges into the first, as protobuf says.
        event.kind = decodeGroupVersionKind(reader, (event.kind as GroupVersionKind | null) ?? undefined);
        continue;
      case 2:
        if (wireType !== VARINT) break;
        event.type = reader.int32();
        continue;
      case 3:
        if (wireType !== LEN) break;
        event.namespace = reader.stringVerify();
        continue;
      case 4:
        if (wireType !== LEN) break;
        event.name = reader.stringVerify();
        continue;
      case 5:
        if (wireType !== LEN) break;
        event.uid = reader.stringVerify();
        continue;
      case 6:
        if (wireType !== LEN) break;
        event.resourceVersion = reader.stringVerify();
        continue;
      case 7:
        if (wireType !== VARINT) break;
        event.generation = int64(reader);
        continue;
      case 8:
        if (wireType !== LEN) break;
        event.controllerUid = reader.stringVerify();
        continue;
      case 9:
        if (wireType !== LEN) break;
        readLabel(reader, event.labels);
        continue;
      case 10:
        if (wireType !== LEN) break;
        event.object = reader.bytes();
        continue;
      case 11:
        if (wireType !== VARINT) break;
        event.partition = reader.uint32();
        continue;
      case 12:
        if (wireType !== LEN) break;
        event.observedAt = decodeTimestamp(reader, (event.observedAt as Timestamp | null) ?? undefined);
        continue;
      case 13:
        if (wireType !== LEN) break;
        event.publisherId = reader.stringVerify();
        continue;
    }
    // Unknown (a newer publisher's field) or of an unexpected wire type: skipped, as the generated decoder does.
    reader.skipType(wireType, 0, tag >>> 3);
  }
  return event;
}

/** Sets the reader's limit to the end of the length-delimited field starting here; returns the outer limit. */
function enter(reader: Reader): number {
  const outer = reader.len;
  const end = reader.size() + reader.pos;
  if (end > outer) throw new RangeError(`index out of range: ${end} > ${outer}`);
  reader.len = end;
  return outer;
}

function decodeGroupVersionKind(reader: Reader, into: GroupVersionKind | undefined): GroupVersionKind {
  const gvk = into ?? { group: '', version: '', kind: '' };
  const outer = enter(reader);
  while (reader.pos < reader.len) {
    const tag = reader.tag();
    const wireType = tag & 7;
    if (wireType === LEN) {
      const field = tag >>> 3;
      if (field === 1) {
        gvk.group = reader.stringVerify();
        continue;
      }
      if (field === 2) {
        gvk.version = reader.stringVerify();
        continue;
      }
      if (field === 3) {
        gvk.kind = reader.stringVerify();
        continue;
      }
    }
    reader.skipType(wireType, 1, tag >>> 3);
  }
  reader.len = outer;
  return gvk;
}

function decodeTimestamp(reader: Reader, into: Timestamp | undefined): Timestamp {
  const ts = into ?? { seconds: 0, nanos: 0 };
  const outer = enter(reader);
  while (reader.pos < reader.len) {
    const tag = reader.tag();
    const wireType = tag & 7;
    if (wireType === VARINT) {
      const field = tag >>> 3;
      if (field === 1) {
        ts.seconds = int64(reader);
        continue;
      }
      if (field === 2) {
        ts.nanos = reader.int32();
        continue;
      }
    }
    reader.skipType(wireType, 1, tag >>> 3);
  }
  reader.len = outer;
  return ts;
}

/** One map entry (key 1, value 2; a missing one is ''). */
function readLabel(reader: Reader, labels: Record<string, string>): void {
  const outer = enter(reader);
  let key = '';
  let value = '';
  while (reader.pos < reader.len) {
    const tag = reader.tag();
    const wireType = tag & 7;
    if (wireType === LEN) {
      const field = tag >>> 3;
      if (field === 1) {
        key = reader.stringVerify();
        continue;
      }
      if (field === 2) {
        value = reader.stringVerify();
        continue;
      }
    }
    reader.skipType(wireType, 1, tag >>> 3);
  }
  reader.len = outer;
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
