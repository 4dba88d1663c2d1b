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

/**
 * The first metadata object's managedFields key, found by walking that object's own keys: `[key, valueEnd)`,
 * or undefined when it has none (or the text is not compact JSON).
 */
function managedFieldsSpan(text: string): { key: number; valueEnd: number } | undefined {
  const meta = text.indexOf(METADATA);
  if (meta < 0) return undefined;
  let i = meta + METADATA.length;
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
    if (text.startsWith(MANAGED_FIELDS, i) && c === OPEN_BRACKET) return { key: i, valueEnd };
    const next = text.charCodeAt(valueEnd);
    if (next !== COMMA) return undefined;
    i = valueEnd + 1;
  }
  return undefined;
}

/** `text` without the first metadata object's managedFields (the same string when there are none). */
export function withoutManagedFields(text: string): string {
  const span = managedFieldsSpan(text);
  if (span === undefined) return text;
  const { key, valueEnd } = span;
  // Take one comma with the field: the one before it, or, as the first key, the one after it.
  if (text.charCodeAt(key - 1) === COMMA) return text.slice(0, key - 1) + text.slice(valueEnd);
  if (text.charCodeAt(valueEnd) === COMMA) return text.slice(0, key) + text.slice(valueEnd + 1);
  return text.slice(0, key) + text.slice(valueEnd);
}
