// Cuts metadata.managedFields out of an object's JSON text before it is parsed. No consumer reads it and it is a
// third or more of a pod's bytes (docs/adr/0023-each-service-reads-only-its-kinds.md), so parsing it only to drop
// it (and, in the watcher, serialising the rest again) costs a tenth of the watcher's CPU in a rollout
// (docs/performance.md). Used on watch events and on the apiserver's answers to writes.
//
// Only the first `"metadata":{` of the text is looked at: the apiserver writes apiVersion, kind (strings) and
// then metadata first, for built-in and custom objects alike, and in a watch event after `{"type":…,"object":`.
// Anything unexpected leaves the text as it is, and the caller drops the field after parsing instead.

import {
  CLOSE_BRACE,
  COMMA,
  containerEnd,
  METADATA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  stringEnd,
} from './json-text.ts';

const MANAGED_FIELDS = '"managedFields":';

/** The first metadata object of a text, walked once by its own keys. */
export interface MetadataWalk {
  /** The index just past the metadata object's closing brace. */
  end: number;
  /** Its managedFields key with the value, `[key, valueEnd)`, when it has one. */
  managedFields: { key: number; valueEnd: number } | undefined;
}

/**
 * Walks the first metadata object's own keys: where it ends and where its managedFields are. Undefined when the
 * text has no metadata or is not compact JSON there (the caller then parses the text as it is).
 */
export function walkMetadata(text: string): MetadataWalk | undefined {
  const meta = text.indexOf(METADATA);
  if (meta < 0) return undefined;
  let i = meta + METADATA.length;
  let managedFields: MetadataWalk['managedFields'];
  if (text.charCodeAt(i) === CLOSE_BRACE) return { end: i + 1, managedFields };
  while (i < text.length) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0 || text.charCodeAt(keyEnd) !== 0x3a) return undefined;
    const value = keyEnd + 1;
    const c = text.charCodeAt(value);
    let valueEnd: number;
    if (c === QUOTE) valueEnd = stringEnd(text, value);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) valueEnd = containerEnd(text, value);
    else {
      // A number, true, false or null: up to the next separator.
      valueEnd = value;
      while (valueEnd < text.length) {
        const d = text.charCodeAt(valueEnd);
        if (d === COMMA || d === CLOSE_BRACE) break;
        valueEnd++;
      }
    }
    if (valueEnd < 0) return undefined;
    if (c === OPEN_BRACKET && text.startsWith(MANAGED_FIELDS, i)) managedFields = { key: i, valueEnd };
    const next = text.charCodeAt(valueEnd);
    if (next === CLOSE_BRACE) return { end: valueEnd + 1, managedFields };
    if (next !== COMMA) return undefined;
    i = valueEnd + 1;
  }
  return undefined;
}

/**
 * `text` up to `end` without the walked metadata's managedFields: the whole text (`end` its length), or its head
 * (`end` the metadata's end). The same string when there are none.
 */
export function withoutManagedFieldsUpTo(text: string, walk: MetadataWalk, end: number): string {
  const span = walk.managedFields;
  if (span === undefined) return end === text.length ? text : text.slice(0, end);
  const { key, valueEnd } = span;
  // Take one comma with the field: the one before it, or, as the first key, the one after it.
  if (text.charCodeAt(key - 1) === COMMA) return text.slice(0, key - 1) + text.slice(valueEnd, end);
  if (text.charCodeAt(valueEnd) === COMMA) return text.slice(0, key) + text.slice(valueEnd + 1, end);
  return text.slice(0, key) + text.slice(valueEnd, end);
}

/** `text` without the first metadata object's managedFields (the same string when there are none). */
export function withoutManagedFields(text: string): string {
  const walk = walkMetadata(text);
  return walk === undefined ? text : withoutManagedFieldsUpTo(text, walk, text.length);
}
