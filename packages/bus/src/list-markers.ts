// What client-go's HasSynced means, over the bus: the watcher records, per kind, that its full list at a
// resourceVersion has been published (every event of it acked by the stream), with the stream sequence at that
// moment. A controller opening its cache feed after that marker exists replays at least everything the list
// held; before the first marker of a kind, the bus may hold a CloneSet without its pods (a cold start over
// existing workloads, a new prefix, a lost stream), and acting on that destroys data. The markers live in a
// KV bucket next to the object stream (one key per kind, latest list wins).
import { Kvm } from '@nats-io/kv';
import type { Bus } from './connection.ts';
import { retryWhileSettling } from './settling.ts';
import { type GroupKind, kindTokens } from './tokens.ts';

export interface ListMarker {
  /** The list's resourceVersion. */
  resourceVersion: string;
  /** Object stream's last sequence once the whole list was published: a feed at or past it holds the list. */
  seq: number;
  /** When it was recorded (epoch ms), and by which watcher. */
  at: number;
  by: string;
  /** Creation time of the object stream it refers to: a marker of a lost (recreated) stream counts for nothing. */
  stream: string;
}

export function listMarkersBucket(prefix: string): string {
  return `${prefix.replaceAll('-', '_')}_lists`;
}

async function openMarkers(bus: Pick<Bus, 'js' | 'topology'>) {
  const kvm = new Kvm(bus.js);
  const bucket = listMarkersBucket(bus.topology.prefix);
  try {
    // Creating an existing bucket with the same settings is a no-op, so every process may do it.
    return await kvm.create(bucket, {
      history: 1,
      replicas: bus.topology.leases.replicas, // the topology's replica count, as every stream
      description: 'Watcher list markers (HasSynced per kind)',
    });
  } catch (err) {
    try {
      return await kvm.open(bucket);
    } catch {
      throw new Error(`cannot open the list markers bucket ${bucket}`, { cause: err });
    }
  }
}

const markerKey = (kind: GroupKind) => kindTokens(kind);

/** Records that a full list of `kind` at `resourceVersion` is on the bus (call after its publishes are acked). */
export async function recordListPublished(
  bus: Pick<Bus, 'js' | 'jsm' | 'topology' | 'publisherId'>,
  kind: GroupKind,
  resourceVersion: string,
): Promise<ListMarker> {
  const info = await bus.jsm.streams.info(bus.topology.objects.stream);
  const marker: ListMarker = {
    resourceVersion,
    seq: info.state.last_seq,
    at: Date.now(),
    by: bus.publisherId,
    stream: info.created,
  };
  const kv = await openMarkers(bus);
  // The bucket may have just been created at replicas 3 (settling.ts).
  await retryWhileSettling(() => kv.put(markerKey(kind), JSON.stringify(marker)));
  return marker;
}

/** The latest marker of each kind (undefined: never fully listed on this bus). */
export async function readListMarkers(
  bus: Pick<Bus, 'js' | 'jsm' | 'topology'>,
  kinds: readonly GroupKind[],
): Promise<Map<GroupKind, ListMarker | undefined>> {
  const kv = await openMarkers(bus);
  const stream = (await bus.jsm.streams.info(bus.topology.objects.stream)).created;
  const markers = new Map<GroupKind, ListMarker | undefined>();
  for (const kind of kinds) {
    const entry = await kv.get(markerKey(kind));
    const marker = entry?.operation === 'PUT' ? (entry.json() as ListMarker) : undefined;
    markers.set(kind, marker?.stream === stream ? marker : undefined);
  }
  return markers;
}

export interface AwaitListsOptions {
  signal?: AbortSignal;
  /** Default 250 ms. */
  pollMs?: number;
  /** Called about every 10 s while some kinds were never listed, naming them (for a log line). */
  onWaiting?(missing: readonly GroupKind[]): void;
}

/**
 * Resolves once every kind has a list marker: a feed opened afterwards replays at least every object those
 * lists held. Returns the markers; rejects with the signal's reason if aborted first.
 */
export async function awaitListsPublished(
  bus: Pick<Bus, 'js' | 'jsm' | 'topology'>,
  kinds: readonly GroupKind[],
  options: AwaitListsOptions = {},
): Promise<Map<GroupKind, ListMarker>> {
  const pollMs = options.pollMs ?? 250;
  let lastReport = Date.now();
  for (;;) {
    options.signal?.throwIfAborted();
    const markers = await readListMarkers(bus, kinds);
    const missing = kinds.filter((k) => markers.get(k) === undefined);
    if (missing.length === 0) return markers as Map<GroupKind, ListMarker>;
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      options.onWaiting?.(missing);
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, pollMs);
      options.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(options.signal?.reason);
        },
        { once: true },
      );
    });
  }
}
