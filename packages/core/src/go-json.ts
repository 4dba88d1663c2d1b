// Serialises a generic JSON value byte-for-byte the way Go's encoding/json marshals a map[string]interface{}
// tree (the form Kruise hashes): object keys sorted by UTF-8 byte order at every level, HTML-safe escaping,
// and Go's float64 formatting; or, for a tree laid out as Go structs, keys in the tree's order.

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

const HEX = '0123456789abcdef';

/** Go decodes a lone UTF-16 surrogate (e.g. from a "\ud800" escape) as U+FFFD; mirror that before sorting/encoding. */
export function toGoString(s: string): string {
  return s.isWellFormed() ? s : s.toWellFormed();
}

/** Orders strings the way Go's strings.Compare does on their UTF-8 bytes (code point order, not UTF-16 order). */
export function compareGoStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Surrogates (0xD800–0xDFFF) encode code points above 0xFFFF, which sort after every BMP character in UTF-8.
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa !== sb) return sa ? 1 : -1;
    return ca < cb ? -1 : 1;
  }
  return a.length - b.length;
}

function quote(raw: string): string {
  const s = toGoString(raw);
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc: string | undefined;
    if (c < 0x20) {
      if (c === 0x08) esc = '\\b';
      else if (c === 0x0c) esc = '\\f';
      else if (c === 0x0a) esc = '\\n';
      else if (c === 0x0d) esc = '\\r';
      else if (c === 0x09) esc = '\\t';
      else esc = `\\u00${HEX[c >> 4]}${HEX[c & 0xf]}`;
    } else if (c === 0x22) esc = '\\"';
    else if (c === 0x5c) esc = '\\\\';
    else if (c === 0x3c) esc = '\\u003c';
    else if (c === 0x3e) esc = '\\u003e';
    else if (c === 0x26) esc = '\\u0026';
    else if (c === 0x2028) esc = '\\u2028';
    else if (c === 0x2029) esc = '\\u2029';
    if (esc !== undefined) {
      out += s.slice(start, i) + esc;
      start = i + 1;
    }
  }
  return `${out + s.slice(start)}"`;
}

/**
 * Go's float64 encoding: shortest round-trip digits, exponent form below 1e-6 and from 1e21 up, exponent without
 * leading zeros. JavaScript's Number#toString uses the same thresholds and digit selection; only -0 differs.
 */
export function formatGoFloat(n: number): string {
  if (!Number.isFinite(n)) {
    throw new Error(`json: unsupported value: ${n} (Go cannot encode NaN or Inf)`);
  }
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  return String(n);
}

export function marshalGoJson(value: JsonValue): string {
  return marshal(value, true);
}

/**
 * Go's encoding of a value that was decoded into Go structs (normaliseAsGoStruct's output): keys in the order the
 * tree holds them — struct fields in declaration order, map keys already in Go's order — with Go's escaping.
 */
export function marshalGoJsonInOrder(value: JsonValue): string {
  return marshal(value, false);
}

function marshal(value: JsonValue, sortKeys: boolean): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return formatGoFloat(value);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => marshal(v, sortKeys)).join(',')}]`;
  }
  const entries = Object.entries(value).map(([k, v]) => [toGoString(k), v] as const);
  if (sortKeys) entries.sort((a, b) => compareGoStrings(a[0], b[0]));
  return `{${entries.map(([k, v]) => `${quote(k)}:${marshal(v, sortKeys)}`).join(',')}}`;
}
