// The few DER (ITU-T X.690) encodings an X.509 certificate needs, and a reader for the one thing we take out of
// an existing certificate (its raw subject and key identifier). Written out rather than pulling an ASN.1
// library: the one we used cost ~7 MiB of resident memory in every process that loads this package
// (docs/performance.md, "Idle memory, fourth round").

/** One encoded DER element (tag, length and contents). */
export type Der = Uint8Array;

const Tag = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}

/** An element with `tag` around `contents`. */
export function tlv(tag: number, contents: Uint8Array): Der {
  return Uint8Array.from([tag, ...lengthBytes(contents.length), ...contents]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return Uint8Array.from(Buffer.concat(parts));
}

export const sequence = (...items: readonly Der[]): Der => tlv(Tag.sequence, concat(items));
export const set = (...items: readonly Der[]): Der => tlv(Tag.set, concat(items));
export const octetString = (bytes: Uint8Array): Der => tlv(Tag.octetString, bytes);
export const utf8String = (text: string): Der => tlv(Tag.utf8String, Buffer.from(text, 'utf8'));
export const boolean = (value: boolean): Der => tlv(Tag.boolean, Uint8Array.of(value ? 0xff : 0));
/** A BIT STRING of `bytes` whose last `unusedBits` bits are padding (0: whole bytes). */
export const bitString = (bytes: Uint8Array, unusedBits = 0): Der =>
  tlv(Tag.bitString, concat([Uint8Array.of(unusedBits), bytes]));
export const nullValue = (): Der => Uint8Array.of(0x05, 0x00);

/** A non-negative INTEGER from its big-endian magnitude (a 0x00 is prepended where the top bit is set). */
export function unsignedInteger(magnitude: Uint8Array): Der {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  const needsPad = trimmed.length === 0 || (trimmed[0] ?? 0) >= 0x80;
  return tlv(Tag.integer, needsPad ? concat([Uint8Array.of(0), trimmed]) : trimmed);
}

export function integer(value: number): Der {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a non-negative integer: ${value}`);
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return unsignedInteger(Uint8Array.from(bytes));
}

/** An OBJECT IDENTIFIER from its dotted form. */
export function oid(dotted: string): Der {
  const arcs = dotted.split('.').map((arc) => Number(arc));
  const [first, second, ...rest] = arcs;
  if (first === undefined || second === undefined || arcs.some((a) => !Number.isSafeInteger(a) || a < 0))
    throw new RangeError(`not an object identifier: ${dotted}`);
  const bytes: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    const base128: number[] = [arc % 128];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) base128.unshift(0x80 | (v % 128));
    bytes.push(...base128);
  }
  return tlv(Tag.oid, Uint8Array.from(bytes));
}

/**
 * A certificate time: UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5), to the second in UTC.
 */
export function time(date: Date): Der {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return date.getUTCFullYear() < 2050
    ? tlv(Tag.utcTime, Buffer.from(digits.slice(2), 'ascii'))
    : tlv(Tag.generalizedTime, Buffer.from(digits, 'ascii'));
}

/** `[n] EXPLICIT`: the encoded element wrapped in a constructed context tag. */
export const explicit = (n: number, inner: Der): Der => tlv(0xa0 | n, inner);
/** `[n] IMPLICIT` of a primitive type: the contents under a primitive context tag. */
export const implicitPrimitive = (n: number, contents: Uint8Array): Der => tlv(0x80 | n, contents);

/** One element read from DER: its tag, its contents, and the whole encoding. */
export interface DerElement {
  tag: number;
  contents: Uint8Array;
  encoded: Uint8Array;
}

/** The elements laid one after the other in `bytes` (the contents of a SEQUENCE, or a whole document). */
export function readElements(bytes: Uint8Array): DerElement[] {
  const elements: DerElement[] = [];
  let at = 0;
  while (at < bytes.length) {
    const start = at;
    const tag = bytes[at++];
    let length = bytes[at++];
    if (tag === undefined || length === undefined || (tag & 0x1f) === 0x1f)
      throw new Error(`malformed DER at byte ${start}`);
    if (length >= 0x80) {
      const count = length & 0x7f;
      if (count === 0 || count > 4) throw new Error(`unsupported DER length at byte ${start}`);
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + (bytes[at++] ?? Number.NaN);
    }
    const end = at + length;
    if (!Number.isFinite(length) || end > bytes.length) throw new Error(`truncated DER at byte ${start}`);
    elements.push({ tag, contents: bytes.subarray(at, end), encoded: bytes.subarray(start, end) });
    at = end;
  }
  return elements;
}

/** The single element `bytes` holds, checked to carry `tag`. */
export function readOne(bytes: Uint8Array, tag: number, what: string): DerElement {
  const [element, ...extra] = readElements(bytes);
  if (element === undefined || element.tag !== tag || extra.length > 0)
    throw new Error(`${what}: unexpected DER`);
  return element;
}

/** The dotted form of an encoded OBJECT IDENTIFIER's contents. */
export function oidText(contents: Uint8Array): string {
  const arcs: number[] = [];
  let value = 0;
  for (const byte of contents) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    }
  }
  const [head = 0, ...rest] = arcs;
  const first = Math.min(2, Math.floor(head / 40));
  return [first, head - first * 40, ...rest].join('.');
}

export const DerTag = Tag;
