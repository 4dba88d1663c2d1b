// Replica liveness for fast failover (docs/adr/0025-fast-failover.md): each replica rewrites its member key
// every beat (compare-and-set on its own last revision); the others judge a member dead once its key's revision
// stayed unchanged for the liveness bound on their own clock, or once a successor marked it fenced. These are
// the pure parts: reading records, judging members, and how fresh a successor's cache must be.
import { compareResourceVersions, parseResourceVersion } from '@kruise-ts/kube';

export interface LivenessRecord {
  /** Member id (the lease holder name). */
  id: string;
  /**
   * Set by a successor that judged this member dead, with a compare-and-set on the revision it watched stay
   * unchanged: the member's next beat (also a compare-and-set) fails, so it learns it is fenced out.
   */
  fenced?: boolean;
  /** Creation time of the object stream `seqs` refer to: sequences of a recreated stream compare to nothing. */
  stream?: string;
  /**
   * Per partition held (or handed off) by this member: the object-stream sequence its cache had handled at
   * this beat. A successor acts on the partition only once its own cache is at least that far.
   */
  seqs?: Record<string, number>;
  /**
   * Per partition, per kind (`Kind.group`): the newest resourceVersion this member's own writes got back. A
   * successor acts only once its cache has seen at least that version of the kind in the partition, so writes
   * the watcher had not published yet (a frozen watcher) are not redone.
   */
  rvs?: Record<string, Record<string, string>>;
  /**
   * Per partition held: deletes this member owes (opaque to the runtime; e.g. the claims of pods it is deleting),
   * recorded before the writes they follow, so a successor that takes over mid-way finishes them.
   */
  owed?: Record<string, string[]>;
}

const decoder = new TextDecoder();

/** Parses a member key's value; a bare id (the value before liveness records) reads as a live record. */
export function parseLivenessRecord(value: Uint8Array): LivenessRecord {
  const text = decoder.decode(value);
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as LivenessRecord).id === 'string')
      return parsed as LivenessRecord;
  } catch {
    // not JSON: a bare id
  }
  return { id: text };
}

export interface LivenessRead {
  revision: number;
  record: LivenessRecord;
}

/** What a replica saw of one member: the revision, and since when (its own clock) that revision is the newest. */
export interface LivenessObservation extends LivenessRead {
  since: number;
}

/**
 * Folds one round of reads into the observations, by member id: a new revision restarts the member's clock
 * (taken when the read returned, so never before the write was stored). A member whose key is gone is dropped.
 */
export function observeLiveness(
  previous: ReadonlyMap<string, LivenessObservation>,
  reads: readonly LivenessRead[],
  now: number,
): Map<string, LivenessObservation> {
  const next = new Map<string, LivenessObservation>();
  for (const read of reads) {
    const seen = previous.get(read.record.id);
    const since = seen !== undefined && seen.revision === read.revision ? seen.since : now;
    next.set(read.record.id, { ...read, since });
  }
  return next;
}

/**
 * Splits members into live and dead. Dead: fenced, or the same revision for at least `boundMs`. The member's
 * own write fence is `send time of its last successful beat + boundMs × (1 − safety)`, and that send came
 * before the revision was stored, hence before `since`: a dead member stopped writing before it is judged dead.
 * `self` is always live.
 */
export function judgeLiveness(
  observations: ReadonlyMap<string, LivenessObservation>,
  self: string,
  now: number,
  boundMs: number,
): { live: string[]; dead: Map<string, LivenessObservation> } {
  const live: string[] = [self];
  const dead = new Map<string, LivenessObservation>();
  for (const [id, o] of observations) {
    if (id === self) continue;
    if (o.record.fenced === true || now - o.since >= boundMs) dead.set(id, o);
    else live.push(id);
  }
  return { live: live.sort(), dead };
}

/**
 * How far (object-stream sequence) a successor's cache must have consumed before acting on `partition`: the
 * furthest any member (the previous owner included, fenced or not) recorded for it on the same stream.
 */
export function takeoverMinSeq(
  partition: number,
  records: Iterable<LivenessRecord>,
  stream: string | undefined,
): number {
  let min = 0;
  for (const r of records) {
    if (stream === undefined || r.stream !== stream) continue;
    const seq = r.seqs?.[String(partition)];
    if (typeof seq === 'number' && seq > min) min = seq;
  }
  return min;
}

/** The newest of two resourceVersions (etcd revisions); an unparsable one never wins over a parsable one. */
export function newerResourceVersion(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const c = compareResourceVersions(a, b);
  if (c === undefined) return parseResourceVersion(a) === undefined ? b : a;
  return c >= 0 ? a : b;
}

/** Per kind, the newest resourceVersion any member's own writes got back in `partition` (same stream only). */
export function takeoverMinResourceVersions(
  partition: number,
  records: Iterable<LivenessRecord>,
  stream: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of records) {
    if (stream === undefined || r.stream !== stream) continue;
    for (const [kind, rv] of Object.entries(r.rvs?.[String(partition)] ?? {})) {
      const newest = newerResourceVersion(out[kind], rv);
      if (newest !== undefined) out[kind] = newest;
    }
  }
  return out;
}

/** Every delete any member (the previous owner included, fenced or not) recorded as owed in `partition`. */
export function takeoverOwed(partition: number, records: Iterable<LivenessRecord>): string[] {
  const owed = new Set<string>();
  for (const r of records) {
    const tokens = r.owed?.[String(partition)];
    if (!Array.isArray(tokens)) continue;
    for (const t of tokens) if (typeof t === 'string') owed.add(t);
  }
  return [...owed].sort();
}

/**
 * A write a member carries in its liveness record for successors: its resourceVersion, and since when it counts
 * (when noted, and again when the member stops holding the partition).
 */
export interface RememberedWrite {
  rv: string;
  at: number;
}

/**
 * Whether a remembered write still binds a successor: not once this member's own cache has seen it (its progress
 * covers it then). In a partition the member no longer holds (handed on or lost), its cache never will: there the
 * write is also dropped `maxAgeMs` after the hold ended. A successor reads it at its take-over, within a TTL, and
 * carries it in its own record until its cache sees it; kept for ever, it could hold a later owner back for good,
 * where the objects of that kind and their tombstones have left the object stream since. While held it stays
 * until seen, however long that takes (a watcher frozen for long is exactly what it guards against).
 */
export function writeStillRequired(
  write: RememberedWrite,
  seen: string | undefined,
  held: boolean,
  now: number,
  maxAgeMs: number,
): boolean {
  if (!held && now - write.at > maxAgeMs) return false;
  return kindsBehind({ write: write.rv }, () => seen).length > 0;
}

/** Kinds whose required resourceVersion the cache has not seen yet in the partition (empty: fresh enough). */
export function kindsBehind(
  required: Readonly<Record<string, string>>,
  seen: (kind: string) => string | undefined,
): string[] {
  return Object.entries(required)
    .filter(([kind, rv]) => {
      const have = seen(kind);
      return have === undefined || compareResourceVersions(have, rv) === -1;
    })
    .map(([kind]) => kind)
    .sort();
}

/** Whether a cache that has consumed the stream through `consumedThrough` may act after a take-over. */
export function freshEnough(consumedThrough: number, minSeq: number): boolean {
  return consumedThrough >= minSeq;
}

/**
 * From when (this replica's clock) it may take a lease that nobody holds: once its own member record has lived
 * for the liveness bound, rewritten by compare-and-set without a break since `chainSince` (the send time of the
 * plain write that began it). A lease found absent may have been lost with the bucket (a server that kept it in
 * memory restarted, or a wiped store) while its holder still trusts it: that holder's last beat went to the old
 * bucket, before our chain began, so it stops writing within the bound of it (docs/adr/0033-leases-in-memory.md).
 * Undefined (no chain yet): never.
 */
export function freeLeasesFrom(chainSince: number | undefined, boundMs: number): number {
  return chainSince === undefined ? Number.POSITIVE_INFINITY : chainSince + boundMs;
}
