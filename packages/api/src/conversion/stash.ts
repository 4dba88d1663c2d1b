// Lossless conversion on top of Kruise's (lossy) mappings.
//
// Converting X (version A) to Y (version B) first applies Kruise's mapping A→B. Then kruise-ts maps Y back with
// Kruise's B→A mapping and compares the result with X; every difference is recorded on Y, in the annotation
// `conversion.kruise-ts.dev/<A>-fields`, as a list of field-level changes {path, was, want}: "at `path`, the
// B→A mapping produces `was`, but the A object had `want`". Converting Y back to A maps B→A and then re-applies
// each change whose field still holds `was` — so an untouched round trip is exact, while a field that was
// changed meanwhile through version B keeps the newer value (compare-and-set per field). The annotation is
// removed from the result, and a stale one for the target version is never carried over.

import type { Version } from '../crd/kinds.ts';
import { deepEqual } from '../json.ts';

export const stashAnnotationPrefix = 'conversion.kruise-ts.dev/';
export const stashAnnotation = (version: Version): string => `${stashAnnotationPrefix}${version}-fields`;

/**
 * Annotations without the conversion stash: what is copied from a workload onto objects made for it (its
 * ControllerRevisions copy its annotations, as Kruise's do), where the stash would be kruise-ts's alone.
 */
export function withoutConversionStash(
  annotations: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(annotations ?? {})) {
    if (!key.startsWith(stashAnnotationPrefix)) out[key] = value;
  }
  return out;
}

/** One recorded difference; an absent `was`/`want` means the field is absent. */
export interface StashEntry {
  path: string[];
  was?: unknown;
  want?: unknown;
}

type Json = { [key: string]: unknown };

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field-level differences turning `from` into `to` (objects by key; arrays and scalars as whole values). */
export function diff(from: unknown, to: unknown, at: string[] = []): StashEntry[] {
  if (deepEqual(from, to)) return [];
  if (isPlainObject(from) && isPlainObject(to)) {
    const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
    return [...keys].flatMap((k) => diff(from[k], to[k], [...at, k]));
  }
  const entry: StashEntry = { path: at };
  if (from !== undefined) entry.was = from;
  if (to !== undefined) entry.want = to;
  return [entry];
}

function getAt(obj: unknown, at: string[]): unknown {
  let cur = obj;
  for (const key of at) {
    if (!isPlainObject(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}

function setAt(obj: Json, at: string[], value: unknown): void {
  if (at.length === 0) return;
  let cur: Json = obj;
  for (const key of at.slice(0, -1)) {
    const next = Object.hasOwn(cur, key) ? cur[key] : undefined;
    if (!isPlainObject(next)) cur[key] = {};
    cur = cur[key] as Json;
  }
  const last = at[at.length - 1] as string;
  if (value === undefined) delete cur[last];
  else cur[last] = structuredClone(value);
}

/** Keys that would reach Object.prototype: the stash is user-editable (an annotation), so they are refused. */
const unsafeKeys = new Set(['__proto__', 'prototype', 'constructor']);

function isUsableEntry(entry: unknown): entry is StashEntry {
  if (!isPlainObject(entry) || !Array.isArray(entry.path) || entry.path.length === 0) return false;
  return entry.path.every((k) => typeof k === 'string' && !unsafeKeys.has(k));
}

/** Re-applies recorded changes whose field still holds the value the mapping produced then. */
export function applyStash(obj: Json, entries: readonly unknown[]): void {
  for (const entry of entries) {
    if (!isUsableEntry(entry)) continue;
    if (deepEqual(getAt(obj, entry.path), entry.was)) setAt(obj, entry.path, entry.want);
  }
}

function annotationsOf(obj: Json): Record<string, string> | undefined {
  const meta = obj.metadata;
  if (!isPlainObject(meta) || !isPlainObject(meta.annotations)) return undefined;
  return meta.annotations as Record<string, string>;
}

/** The annotation's JSON value. */
interface StashValue {
  /** Entries as read back from the annotation: checked one by one before use (applyStash). */
  fields: unknown[];
  /** The object had no annotations before the stash was added: drop the empty map again on the way back. */
  annotationsAdded?: true;
  /** Likewise for `metadata`. */
  metadataAdded?: true;
}

function isStashValue(value: unknown): value is StashValue {
  return isPlainObject(value) && Array.isArray(value.fields);
}

/** Removes and returns the recorded fields for `version`. */
export function takeStash(obj: Json, version: Version): unknown[] | undefined {
  const annotations = annotationsOf(obj);
  const key = stashAnnotation(version);
  if (!annotations || !Object.hasOwn(annotations, key)) return undefined;
  const raw = annotations[key];
  delete annotations[key];
  let value: StashValue | undefined;
  try {
    const parsed: unknown = JSON.parse(raw ?? '');
    if (isStashValue(parsed)) value = parsed;
  } catch {
    // A hand-edited, unreadable stash cannot be applied; the fields it held are lost, nothing else is.
  }
  const meta = obj.metadata as Json;
  if (value?.annotationsAdded && Object.keys(annotations).length === 0) delete meta.annotations;
  if (value?.metadataAdded && Object.keys(meta).length === 0) delete obj.metadata;
  return value?.fields;
}

function putStash(obj: Json, version: Version, entries: StashEntry[]): void {
  if (entries.length === 0) return;
  const metadataAdded = !isPlainObject(obj.metadata);
  if (metadataAdded) obj.metadata = {};
  const meta = obj.metadata as Json;
  const added = !isPlainObject(meta.annotations);
  if (added) meta.annotations = {};
  const annotations = meta.annotations as Json;
  const fields = [...entries].sort((a, b) => (JSON.stringify(a.path) < JSON.stringify(b.path) ? -1 : 1));
  const value: StashValue = { fields };
  if (added) value.annotationsAdded = true;
  if (metadataAdded) value.metadataAdded = true;
  annotations[stashAnnotation(version)] = JSON.stringify(value);
}

export interface Mapping<A, B> {
  /** Kruise's mapping from version `from` to version `to`. */
  forward(obj: A): B;
  /** Kruise's mapping back. */
  backward(obj: B): A;
}

/** Converts `input` (in version `from`) to version `to` without losing anything; see the file comment. */
export function convertLossless<A, B>(input: A, from: Version, to: Version, mapping: Mapping<A, B>): B {
  const source = structuredClone(input) as Json;
  const restore = takeStash(source, to);
  takeStash(source, from);
  const result = mapping.forward(source as A) as Json;
  if (restore) applyStash(result, restore);
  const back = mapping.backward(structuredClone(result) as B) as Json;
  putStash(result, from, diff(back, source));
  return result as B;
}
