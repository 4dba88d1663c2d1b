// The watch wire format: one JSON event per line ({"type": ..., "object": ...}), lines split across and
// joined within network chunks arbitrarily.
import { type MetadataWalk, walkMetadata, withoutManagedFieldsUpTo } from '@kruise-ts/kube';

/** The part of a Kubernetes object the watcher reads; the rest is carried through untouched. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    labels?: Record<string, string>;
    ownerReferences?: { uid?: string; controller?: boolean; apiVersion?: string; kind?: string }[];
    /** Server-side apply bookkeeping; never published (object-event.ts normalized). */
    managedFields?: unknown[];
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent {
  type: WatchEventType;
  /** The object; for ERROR a Status (code, reason, message); for BOOKMARK only metadata.resourceVersion. */
  object: KubeObject & { code?: number; reason?: string; message?: string };
  /**
   * `object` as the apiserver wrote it, managedFields cut out (managed-fields.ts), so it is published without
   * serialising it again. Absent when the line is not `{"type":…,"object":…}` in that order.
   */
  objectJson?: string;
  /**
   * `object` holds only what precedes the end of its metadata (kind, apiVersion, metadata); the whole object is
   * `objectJson`. Set for ADDED, MODIFIED and DELETED in the apiserver's layout.
   */
  headOnly?: true;
}

const eventTypes: ReadonlySet<string> = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);
const TYPE_PREFIX = '{"type":"';

/** Changes of an object: the watcher reads their head only (below). */
const objectChanges: ReadonlySet<string> = new Set(['ADDED', 'MODIFIED', 'DELETED']);

export function parseWatchEvent(line: string): WatchEvent {
  // One walk of the object's metadata finds its managedFields (cut from what is published) and its end.
  const walk = walkMetadata(line);
  const text = walk === undefined ? line : withoutManagedFieldsUpTo(line, walk, line.length);
  return (walk === undefined ? undefined : headOnly(line, text, walk)) ?? wholeEvent(line, text);
}

/**
 * A change read up to the end of its object's metadata, the rest carried as `objectJson` unparsed: the watcher
 * reads the identity, labels and owners, and a pod's spec and status are most of its bytes (parsing them was
 * the watcher's largest frame after the socket write, docs/performance.md). Undefined when the line is not a
 * change in the apiserver's layout, `{"type":…,"object":{"kind":…,"apiVersion":…,"metadata":{…},…}}`. `text` is
 * the line without managedFields.
 */
function headOnly(line: string, text: string, walk: MetadataWalk): WatchEvent | undefined {
  const typeEnd = text.indexOf('"', TYPE_PREFIX.length);
  if (!text.startsWith(TYPE_PREFIX) || typeEnd < 0 || !text.endsWith('}}')) return undefined;
  const type = text.slice(TYPE_PREFIX.length, typeEnd);
  const prefix = `{"type":"${type}","object":`;
  if (!objectChanges.has(type) || !text.startsWith(prefix)) return undefined;
  let head: unknown;
  try {
    // Closed as the whole line is: a metadata object found anywhere but directly in the object does not parse.
    head = JSON.parse(`${withoutManagedFieldsUpTo(line, walk, walk.end)}}}`);
  } catch {
    return undefined;
  }
  const { object } = head as { object?: WatchEvent['object'] | null };
  if (typeof object !== 'object' || object === null) return undefined;
  return { type: type as WatchEventType, object, objectJson: text.slice(prefix.length, -1), headOnly: true };
}

function wholeEvent(line: string, text: string): WatchEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`undecodable watch event: ${line.slice(0, 200)}`, { cause: err });
  }
  const event = parsed as Partial<WatchEvent> | null;
  if (
    typeof event?.type !== 'string' ||
    !eventTypes.has(event.type) ||
    typeof event.object !== 'object' ||
    event.object === null
  ) {
    throw new Error(`not a watch event: ${line.slice(0, 200)}`);
  }
  const prefix = `{"type":"${event.type}","object":`;
  if (text.startsWith(prefix) && text.endsWith('}')) {
    return {
      type: event.type,
      object: event.object,
      objectJson: text.slice(prefix.length, -1),
    } as WatchEvent;
  }
  return event as WatchEvent;
}

/** Splits a byte stream into watch events; a trailing partial line (a cut connection) is dropped. */
export async function* watchEventsFromChunks(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<WatchEvent> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of chunks) {
    buffered += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    // Cut lines by index and drop them once per chunk, so a chunk of many events is not copied per event.
    let start = 0;
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n', start)) {
      const line = buffered.slice(start, newline).trim();
      start = newline + 1;
      if (line !== '') yield parseWatchEvent(line);
    }
    buffered = buffered.slice(start);
  }
  // The apiserver terminates every event with a newline; anything left is an event cut off mid-way.
}
