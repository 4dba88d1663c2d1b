// Reading an object's compact JSON text (as the apiserver writes it) without parsing it: where a string or a
// container ends (managed-fields.ts walks an object's metadata with them). Parsing a pod only to read its
// metadata, or to drop its managedFields, costs far more than finding the bytes (docs/performance.md).

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;

/** The key that opens an object's metadata; the apiserver writes it before spec and status. */
export const METADATA = '"metadata":{';

/**
 * The index just past the string that opens at `at` (a quote), or -1 if it does not end. The closing quote is
 * found with indexOf (strings are most of an object's bytes; a character loop over them was most of the cost of
 * cutting managedFields out) and is one only when an even number of backslashes precedes it.
 */
export function stringEnd(text: string, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The index just past the array or object that opens at `at`, or -1 if it does not close. */
export function containerEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
