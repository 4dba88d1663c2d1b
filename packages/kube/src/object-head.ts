// An object's head (kind, apiVersion, metadata) parsed from its JSON text without the rest: for callers that
// read only the identity of an object the apiserver answered with (a write's resourceVersion, a created pod's
// uid). A pod's spec and status are most of its bytes; parsing them only to drop them was a few per cent of a
// controller's CPU in a rollout (docs/performance.md, twenty-seventh round).
import { walkMetadata, withoutManagedFieldsUpTo } from './managed-fields.ts';

export interface ObjectHead {
  kind: string;
  apiVersion: string;
  metadata: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    [key: string]: unknown;
  };
}

const HEAD_KEYS: ReadonlySet<string> = new Set(['kind', 'apiVersion', 'metadata']);

/**
 * The head of an object in the apiserver's layout (kind and apiVersion, in either order as built-in and custom
 * objects have them, then metadata, then the rest), managedFields left out; undefined for anything else — a
 * Status (its code and details follow its metadata), another layout, or a cut that does not parse — so the
 * caller parses the whole text instead.
 */
export function parseObjectHead(text: string): ObjectHead | undefined {
  // One walk of the metadata finds both its end and its managedFields.
  const walk = walkMetadata(text);
  if (walk === undefined) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(`${withoutManagedFieldsUpTo(text, walk, walk.end)}}`);
  } catch {
    return undefined;
  }
  // The cut parsed, but was that metadata the object's own? Only its three keys may be there.
  if (typeof head !== 'object' || head === null) return undefined;
  const { kind, apiVersion, metadata } = head as Partial<ObjectHead>;
  if (typeof kind !== 'string' || typeof apiVersion !== 'string' || kind === 'Status') return undefined;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return undefined;
  for (const key of Object.keys(head)) if (!HEAD_KEYS.has(key)) return undefined;
  return { kind, apiVersion, metadata };
}
