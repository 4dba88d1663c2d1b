// What the bus already holds, read once at start: a restarted watcher (or a second replica) then publishes
// only what changed while it was not watching, and tombstones what was deleted meanwhile.
import { type Bus, ObjectEventType, openObjectFeed } from '@kruise-ts/bus';
import { resourceId, type WatchedResource } from './kinds.ts';
import { objectKey } from './object-key.ts';
import type { KnownObject } from './reflector.ts';

const gone: ReadonlySet<ObjectEventType> = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

/** The live objects on the bus per watched resource (by resourceId), keyed like the reflector keys them. */
export async function seedFromBus(
  bus: Bus,
  resources: readonly WatchedResource[],
  options: { timeoutMs?: number } = {},
): Promise<Map<string, Map<string, KnownObject>>> {
  const byKind = new Map(resources.map((r) => [`${r.group}/${r.kind}`, resourceId(r)]));
  const seeded = new Map(resources.map((r) => [resourceId(r), new Map<string, KnownObject>()]));
  const timeoutMs = options.timeoutMs ?? 120_000;
  // Every kind, filtered here: a handful of filter subjects instead of one per kind and partition.
  const feed = await openObjectFeed(bus, {
    partitions: Array.from({ length: bus.topology.partitions }, (_, p) => p),
    onEvent: ({ event, snapshot }) => {
      // Live events after the snapshot are the list's business, which comes next.
      if (!snapshot) return;
      const id = byKind.get(`${event.kind?.group ?? ''}/${event.kind?.kind ?? ''}`);
      const known = id === undefined ? undefined : seeded.get(id);
      if (known === undefined) return;
      const key = objectKey(event.namespace, event.name);
      if (gone.has(event.type)) {
        known.delete(key);
        return;
      }
      if (event.uid === '' || event.resourceVersion === '' || event.object.length === 0) return;
      known.set(key, { uid: event.uid, resourceVersion: event.resourceVersion, json: event.object });
    },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      feed.synced,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`reading the object cache did not finish within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    await feed.stop();
  }
  return seeded;
}
