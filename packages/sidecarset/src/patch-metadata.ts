// patchPodMetadata (sidecarcontrol.PatchPodMetadata, docs/behaviour/sidecarset.md#injection-content): Retain sets a key only when absent,
// Overwrite always sets it, MergePatchJson merges the JSON value into the existing one (RFC 7386).
import { type JsonValue, marshalGoJson } from '@kruise-ts/core';
import type { SidecarSet } from './types.ts';

export type PatchPodMetadata = NonNullable<SidecarSet['spec']['patchPodMetadata']>;

export class PatchMetadataError extends Error {
  override name = 'PatchMetadataError';
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7386 JSON merge patch. */
export function jsonMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: { [key: string]: Json } = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = jsonMergePatch(out[key] ?? null, value);
  }
  return out;
}

function parse(text: string, what: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    throw new PatchMetadataError(`${what} is not valid JSON: ${text}`, { cause: err });
  }
}

/**
 * Applies the patches to `annotations` in place; returns whether anything changed. Throws PatchMetadataError
 * when a MergePatchJson value (or the annotation it merges into) is not JSON.
 */
export function patchPodMetadata(
  annotations: Record<string, string>,
  patches: PatchPodMetadata | undefined,
): boolean {
  const before = JSON.stringify(annotations);
  for (const patch of patches ?? []) {
    const entries = Object.entries(patch.annotations ?? {});
    switch (patch.patchPolicy ?? 'Retain') {
      case 'Overwrite':
        for (const [k, v] of entries) annotations[k] = v;
        break;
      case 'MergePatchJson':
        for (const [k, v] of entries) {
          const origin = annotations[k];
          annotations[k] =
            origin === undefined || origin === ''
              ? v
              : // Go marshals the merged map with sorted keys.
                marshalGoJson(
                  jsonMergePatch(
                    parse(origin, `annotation ${k}`),
                    parse(v, `patch for annotation ${k}`),
                  ) as JsonValue,
                );
        }
        break;
      default:
        for (const [k, v] of entries) if (!Object.hasOwn(annotations, k)) annotations[k] = v;
    }
  }
  return JSON.stringify(annotations) !== before;
}
