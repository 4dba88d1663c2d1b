// Reproduces what a pod template looks like after Kruise's Go code decoded it into core/v1 structs and encoded it
// again: unknown fields dropped, empty omitempty fields removed, unset non-omitempty fields written as their zero
// value, quantities and timestamps canonicalised. The result is a plain JSON tree for marshalGoJson. The structs
// come from a layout table (CORE_V1_LAYOUT unless the caller passes one that adds its own API's structs).
//
// Not reproduced (each would make Go fail or differ, and none is produced by kubectl or client libraries):
// - a JSON number with a fraction or exponent in an integer field ("1.0", "1e2"): Go rejects it; JSON.parse has
//   already turned it into an integer, so it is accepted here;
// - a quantity written as a bare JSON number in exponent form (1e3): Go keeps "1e3", here it becomes "1k";
// - a quantity string containing JSON escapes ("1\u0030"): Go parses the raw text and fails, here it is "10";
// - integers beyond 2^53 are already rounded by JSON.parse; Go rounds them the same way when it re-decodes the
//   data into interface{}, so the output agrees, but the int64 range check is approximate at the extremes.

import { canonicalQuantity, readRfc3339 } from '@kruise-ts/kube';
import { compareGoStrings, type JsonObject, type JsonValue, toGoString } from './go-json.ts';
import {
  CORE_V1_LAYOUT,
  type FieldLayout,
  type GoStructLayouts,
  POD_TEMPLATE_ROOT,
} from './pod-template-layout.ts';

/** Minor version of k8s.io/api that Kruise (the spec's commit) is built with. */
export const KRUISE_API_MINOR = 32;
const OLDEST_LAYOUT = 32;
const NEWEST_LAYOUT = 36;

export interface NormaliseOptions {
  /**
   * Which k8s.io/api v0.N Go structs decode the template (default 32, as Kruise). Fields added later are dropped
   * by older structs, and from v0.34 on an unset metadata.creationTimestamp is omitted instead of written as null.
   */
  apiMinor?: number;
  /**
   * The Go structs to decode with (default CORE_V1_LAYOUT). A table describing another API's structs (Kruise's
   * SidecarContainer) includes the core/v1 structs its fields refer to.
   */
  layout?: GoStructLayouts;
  /** Where the value sits, as GoDecodeError paths start (default the type name). */
  path?: string;
}

/** The template could not be decoded into the Go structs (Kruise's controller would fail the same way). */
export class GoDecodeError extends Error {
  override name = 'GoDecodeError';
  readonly path: string;
  constructor(path: string, message: string, options?: ErrorOptions) {
    super(`${path}: ${message}`, options);
    this.path = path;
  }
}

type Scalar = 'string' | 'bool' | 'int32' | 'int64';
type TypeRef =
  | { kind: 'scalar'; scalar: Scalar }
  | { kind: 'quantity' }
  | { kind: 'time' }
  | { kind: 'intOrString' }
  | { kind: 'raw' }
  | { kind: 'struct'; name: string }
  | { kind: 'pointer'; elem: TypeRef }
  | { kind: 'slice'; elem: TypeRef }
  | { kind: 'map'; elem: TypeRef };

interface FieldInfo {
  json: string;
  type: TypeRef;
  omitEmpty: boolean;
  since: number;
  omitZeroSince: number | undefined;
}

function parseType(t: string, layout: GoStructLayouts): TypeRef {
  if (t.startsWith('*')) return { kind: 'pointer', elem: parseType(t.slice(1), layout) };
  if (t.startsWith('[]')) return { kind: 'slice', elem: parseType(t.slice(2), layout) };
  if (t.startsWith('map[string]'))
    return { kind: 'map', elem: parseType(t.slice('map[string]'.length), layout) };
  switch (t) {
    case 'string':
    case 'bool':
    case 'int32':
    case 'int64':
      return { kind: 'scalar', scalar: t };
    case 'Quantity':
      return { kind: 'quantity' };
    case 'Time':
      return { kind: 'time' };
    case 'IntOrString':
      return { kind: 'intOrString' };
    case 'FieldsV1':
      return { kind: 'raw' };
  }
  if (layout[t] === undefined) throw new Error(`Go struct layout: unknown type ${t}`);
  return { kind: 'struct', name: t };
}

function parseField(json: string, field: FieldLayout, layout: GoStructLayouts): FieldInfo {
  const m = /^([^?@#]+)(\?)?(?:@(\d+))?(?:#(\d+))?$/.exec(field);
  if (m === null) throw new Error(`Go struct layout: bad field notation ${json}: ${field}`);
  return {
    json,
    type: parseType(m[1] as string, layout),
    omitEmpty: m[2] === '?',
    since: m[3] === undefined ? OLDEST_LAYOUT : Number(m[3]),
    omitZeroSince: m[4] === undefined ? undefined : Number(m[4]),
  };
}

// Per table, as the same struct name may be laid out differently in another one.
const structCaches = new WeakMap<GoStructLayouts, Map<string, FieldInfo[]>>();

/** Fields of a struct with embedded (inline) structs flattened; the outer struct's own fields win on a clash. */
function fieldsOf(name: string, table: GoStructLayouts): FieldInfo[] {
  let structCache = structCaches.get(table);
  if (structCache === undefined) {
    structCache = new Map();
    structCaches.set(table, structCache);
  }
  const cached = structCache.get(name);
  if (cached !== undefined) return cached;
  const layout = table[name];
  if (layout === undefined) throw new Error(`Go struct layout: unknown type ${name}`);
  const own = new Set(Object.keys(layout).filter((k) => k !== '$inline'));
  // In declaration order, an embedded struct's fields where it is embedded (Go encodes them there); a field of
  // the outer struct shadows one of the same name inside.
  const fields: FieldInfo[] = [];
  for (const [json, spec] of Object.entries(layout)) {
    if (spec === undefined) continue;
    if (json === '$inline') fields.push(...fieldsOf(spec, table).filter((f) => !own.has(f.json)));
    else fields.push(parseField(json, spec, table));
  }
  structCache.set(name, fields);
  return fields;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// Go's zero time (0001-01-01T00:00:00Z) in Unix seconds.
const GO_ZERO_TIME_SECONDS = -62135596800;

/** metav1.Time: parsed as RFC 3339 (fraction allowed), marshalled in UTC with whole seconds; zero time is null. */
function decodeTime(raw: string, path: string): string | null {
  const t = readRfc3339(raw);
  if (t === 'syntax') throw new GoDecodeError(path, `cannot parse ${JSON.stringify(raw)} as RFC 3339 time`);
  if (t === 'range') throw new GoDecodeError(path, `time ${JSON.stringify(raw)} is out of range`);
  const { seconds } = t;
  const fractional = /[1-9]/.test(t.fraction);
  if (seconds === GO_ZERO_TIME_SECONDS && !fractional) return null;
  const utc = new Date(seconds * 1000);
  const y = utc.getUTCFullYear();
  if (y < 0 || y > 9999) throw new GoDecodeError(path, `time ${JSON.stringify(raw)} is outside years 0-9999`);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(y, 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}T${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}Z`;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_LIMIT = 2 ** 63;

function decodeInt(raw: unknown, scalar: 'int32' | 'int64', path: string): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw)) {
    throw new GoDecodeError(
      path,
      `cannot unmarshal ${describe(raw)} ${JSON.stringify(raw)} into Go value of type ${scalar}`,
    );
  }
  const inRange =
    scalar === 'int32' ? raw >= INT32_MIN && raw <= INT32_MAX : raw >= -INT64_LIMIT && raw < INT64_LIMIT;
  if (!inRange) throw new GoDecodeError(path, `number ${raw} overflows Go value of type ${scalar}`);
  return raw === 0 ? 0 : raw;
}

interface Ctx {
  apiMinor: number;
  layout: GoStructLayouts;
}

/** Decodes raw JSON into the Go type and returns what Go then encodes; `null` stands for a nil pointer/slice/map. */
function convert(type: TypeRef, raw: unknown, path: string, ctx: Ctx): JsonValue {
  switch (type.kind) {
    case 'scalar':
      if (raw === null || raw === undefined) return zeroScalar(type.scalar);
      if (type.scalar === 'string') {
        if (typeof raw !== 'string')
          throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into Go value of type string`);
        return raw;
      }
      if (type.scalar === 'bool') {
        if (typeof raw !== 'boolean')
          throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into Go value of type bool`);
        return raw;
      }
      return decodeInt(raw, type.scalar, path);
    case 'quantity':
      if (raw === null || raw === undefined) return '0';
      if (typeof raw !== 'string' && typeof raw !== 'number') {
        throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into a quantity`);
      }
      try {
        return canonicalQuantity(raw);
      } catch (cause) {
        throw new GoDecodeError(path, `invalid quantity ${JSON.stringify(raw)}`, { cause });
      }
    case 'time':
      if (raw === null || raw === undefined) return null;
      // @kubernetes/client-node hands out Date objects for timestamps.
      if (raw instanceof Date) return decodeTime(raw.toISOString(), path);
      if (typeof raw !== 'string')
        throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into a time`);
      return decodeTime(raw, path);
    case 'intOrString':
      if (raw === null || raw === undefined) return 0;
      if (typeof raw === 'string') return raw;
      return decodeInt(raw, 'int32', path);
    case 'raw':
      if (raw === undefined) return null;
      return raw as JsonValue;
    case 'pointer':
      if (raw === null || raw === undefined) return null;
      return convert(type.elem, raw, path, ctx);
    case 'slice': {
      if (raw === null || raw === undefined) return null;
      if (!Array.isArray(raw))
        throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into a Go slice`);
      return raw.map((item, i) => convert(type.elem, item, `${path}[${i}]`, ctx));
    }
    case 'map': {
      if (raw === null || raw === undefined) return null;
      if (!isPlainObject(raw))
        throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into a Go map`);
      const out: JsonObject = {};
      // In Go's key order (encoding/json sorts map keys), so that the tree reads in the order Go writes it.
      // JavaScript lists array-index keys ("0", "12") first whatever the insertion order; no map here holds one.
      const entries = Object.entries(raw).sort(([a], [b]) => compareGoStrings(toGoString(a), toGoString(b)));
      for (const [k, v] of entries) {
        // defineProperty, so that a key such as "__proto__" stays a key.
        Object.defineProperty(out, k, {
          value: convert(type.elem, v, `${path}[${JSON.stringify(k)}]`, ctx),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'struct':
      return convertStruct(type.name, raw, path, ctx);
  }
}

function zeroScalar(s: Scalar): JsonValue {
  return s === 'string' ? '' : s === 'bool' ? false : 0;
}

function isEmpty(type: TypeRef, v: JsonValue): boolean {
  switch (type.kind) {
    case 'scalar':
      return v === '' || v === false || v === 0;
    case 'pointer':
    case 'raw':
      return v === null;
    case 'slice':
      return v === null || (Array.isArray(v) && v.length === 0);
    case 'map':
      return v === null || (typeof v === 'object' && Object.keys(v).length === 0);
    default:
      // Structs (including Quantity, Time and IntOrString) are never "empty" for omitempty.
      return false;
  }
}

function convertStruct(name: string, raw: unknown, path: string, ctx: Ctx): JsonObject {
  if (raw !== null && raw !== undefined && !isPlainObject(raw)) {
    throw new GoDecodeError(path, `cannot unmarshal ${describe(raw)} into Go struct ${name}`);
  }
  const input = raw ?? {};
  const out: JsonObject = {};
  for (const f of fieldsOf(name, ctx.layout)) {
    if (f.since > ctx.apiMinor) continue;
    const value = convert(
      f.type,
      Object.hasOwn(input, f.json) ? input[f.json] : undefined,
      `${path}.${f.json}`,
      ctx,
    );
    if (f.omitEmpty && isEmpty(f.type, value)) continue;
    if (f.omitZeroSince !== undefined && ctx.apiMinor >= f.omitZeroSince && value === null) continue;
    out[f.json] = value;
  }
  return out;
}

/**
 * The JSON tree Go produces for `template` after decoding it into the named struct of `options.layout` (default
 * core/v1 PodTemplateSpec) and encoding it again. Throws GoDecodeError where Go's decoder would fail.
 */
export function normaliseAsGoStruct(
  template: unknown,
  options: NormaliseOptions = {},
  typeName: string = POD_TEMPLATE_ROOT,
): JsonObject {
  const apiMinor = options.apiMinor ?? KRUISE_API_MINOR;
  if (!Number.isInteger(apiMinor) || apiMinor < OLDEST_LAYOUT || apiMinor > NEWEST_LAYOUT) {
    throw new RangeError(
      `apiMinor must be an integer in [${OLDEST_LAYOUT}, ${NEWEST_LAYOUT}], got ${apiMinor}`,
    );
  }
  return convertStruct(typeName, template, options.path ?? typeName, {
    apiMinor,
    layout: options.layout ?? CORE_V1_LAYOUT,
  });
}

export function normalisePodTemplate(template: unknown, options: NormaliseOptions = {}): JsonObject {
  return normaliseAsGoStruct(template, options, POD_TEMPLATE_ROOT);
}
