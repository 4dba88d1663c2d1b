// The metadata part of an in-place update (docs/behaviour/cloneset.md#in-place-able): a two-way strategic-merge patch from the old template's
// metadata to the new one — changed or added labels/annotations with their value, removed ones as null, the
// finalizers list (a merge list of strings) as additions, "$deleteFromPrimitiveList/finalizers" and
// "$setElementOrder/finalizers" — and applying such a patch to a pod's metadata.

import type { JsonObject, JsonValue, ObjectMeta } from '@kruise-ts/core';
import { deepEqual } from './json-diff.ts';

const DELETE_FINALIZERS = '$deleteFromPrimitiveList/finalizers';
const ORDER_FINALIZERS = '$setElementOrder/finalizers';

const isObject = (v: unknown): v is Record<string, JsonValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function diffMaps(a: Record<string, JsonValue>, b: Record<string, JsonValue>): JsonObject {
  const patch: JsonObject = {};
  for (const [key, value] of Object.entries(b)) {
    const old = a[key];
    if (!Object.hasOwn(a, key)) {
      patch[key] = value;
    } else if (key === 'finalizers' && Array.isArray(old) && Array.isArray(value)) {
      const added = value.filter((f) => !old.includes(f));
      const removed = old.filter((f) => !value.includes(f));
      if (added.length > 0) patch.finalizers = added;
      if (removed.length > 0) patch[DELETE_FINALIZERS] = removed;
      if (removed.length > 0 || !deepEqual(old, value)) patch[ORDER_FINALIZERS] = value;
    } else if (isObject(old) && isObject(value)) {
      const sub = diffMaps(old, value);
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else if (!deepEqual(old, value)) {
      patch[key] = value;
    }
  }
  for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) patch[key] = null;
  return patch;
}

/**
 * {"metadata": {...}} turning the old template metadata into the new one, or undefined when they are equal.
 * Marshal it with core's marshalGoJson to get Kruise's bytes.
 */
export function metadataPatch(
  oldMeta: Record<string, JsonValue> | undefined,
  newMeta: Record<string, JsonValue> | undefined,
): JsonObject | undefined {
  const diff = diffMaps(oldMeta ?? {}, newMeta ?? {});
  return Object.keys(diff).length === 0 ? undefined : { metadata: diff };
}

function mergeStrings(
  base: Record<string, string> | undefined,
  patch: JsonValue | undefined,
): Record<string, string> | undefined {
  if (patch === undefined) return base;
  if (patch === null) return undefined;
  if (!isObject(patch)) return base;
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = String(v);
  }
  return out;
}

function mergeFinalizers(base: string[] | undefined, meta: Record<string, JsonValue>): string[] | undefined {
  if (meta.finalizers === null) return undefined;
  const removed = (meta[DELETE_FINALIZERS] ?? []) as string[];
  const added = (Array.isArray(meta.finalizers) ? meta.finalizers : []) as string[];
  let list = (base ?? []).filter((f) => !removed.includes(f));
  for (const f of added) if (!list.includes(f)) list.push(f);
  const order = meta[ORDER_FINALIZERS];
  if (Array.isArray(order)) {
    // Listed elements in the given order, then the pod's own extra elements as they were.
    const ordered = (order as string[]).filter((f) => list.includes(f));
    list = [...ordered, ...list.filter((f) => !ordered.includes(f))];
  }
  return list.length === 0 && base === undefined ? undefined : list;
}

/** The pod metadata after the patch; the input is not changed. */
export function applyMetadataPatch<M extends ObjectMeta>(meta: M, patch: JsonObject | undefined): M {
  const body = patch?.metadata;
  if (!isObject(body)) return meta;
  const out: M = { ...meta };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'labels' || key === 'annotations') {
      const merged = mergeStrings(meta[key], value);
      if (merged === undefined) delete out[key];
      else out[key] = merged;
    } else if (key === 'finalizers' || key === DELETE_FINALIZERS || key === ORDER_FINALIZERS) {
      const merged = mergeFinalizers(meta.finalizers, body);
      if (merged === undefined) delete out.finalizers;
      else out.finalizers = merged;
    } else if (value === null) {
      delete (out as Record<string, unknown>)[key];
    } else {
      (out as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}
