// Partition ownership among a controller's replicas, through leases in a JetStream KV bucket.
//
// Every tick (half the lease TTL; a failed tick is retried after a beat) a replica reads the members and the
// lease records, and follows planLeases(): create free leases it should own, CAS-renew the ones it holds, and
// hand off the ones another member should own (drain first, then delete); a record still ours after a renewal
// whose reply was lost is taken back (or deleted) by compare-and-set. Keys expire with the bucket's TTL, so a
// dead replica's member key and leases vanish on their own.
//
// Fast failover (docs/adr/0025-fast-failover.md): between ticks each replica beats, i.e. rewrites its member key
// (compare-and-set on its own revision, one write per replica whatever the partitions) and reads the others'.
// A member whose revision stayed unchanged for the liveness bound is dead: a survivor fences its member key
// (compare-and-set on that revision) and takes its leases over by compare-and-set, without waiting for the TTL.
// The only member, with no work, rests (docs/adr/0040-resting-lone-replica.md): only its ticks beat until a
// reconcile or another member wakes it.
//
// Members and lease records are known from one KV watch on the controller's keys, kept open for the replica's
// life and read in memory: listing the member keys every tick created a consumer each time, and reading every
// member record each beat and every lease record each tick was a request apiece (docs/performance.md). A watch
// that lags only delays what a replica notices: judging a member dead still ends in a compare-and-set on the
// revision seen (it fails if the member beat meanwhile), taking a lease is a create or compare-and-set, and a
// held lease whose record does not match what this replica last wrote is read directly before it counts as lost.
//
// Fencing: a lease is trusted only until the earlier of (send time of its last renewal + TTL × (1 − margin))
// and (send time of the last successful beat + liveness bound × (1 − margin)). The server stored each record
// after we sent it, so neither the lease nor the liveness can lapse, nor a survivor judge us dead, before that
// instant; owns() turns false by then even if the process froze, and the caller must not write for a partition
// it does not own.
//
// A lease found absent is taken only by a replica whose member record has lived unbroken for the liveness bound,
// and kept only if a beat after the take still finds that record: the bucket may have lost its records (kept in
// memory on a restarted server) while a frozen holder still trusts them (docs/adr/0033-leases-in-memory.md).
import { leaseMemberKey, leasePartitionKey } from '@kruise-ts/bus';
import type { KV, KvWatchEntry } from '@nats-io/kv';
import { type LeaseRecord, planLeases } from './lease-plan.ts';
import {
  freeLeasesFrom,
  judgeLiveness,
  type LivenessObservation,
  type LivenessRead,
  type LivenessRecord,
  newerResourceVersion,
  observeLiveness,
  parseLivenessRecord,
  type RememberedWrite,
  takeoverMinResourceVersions,
  takeoverMinSeq,
  takeoverOwed,
  writeStillRequired,
} from './liveness.ts';

export interface AcquiredContext {
  /**
   * Object-stream sequence the partition's previous owners had consumed (0 if unknown): act on the partition
   * only once the cache is at least that fresh.
   */
  minSeq: number;
  /**
   * Per kind (`Kind.group`), the newest resourceVersion the previous owners' own writes got back in this
   * partition: act only once the cache has seen at least that version of each kind.
   */
  minResourceVersions: Record<string, string>;
  /** Deletes the previous owners recorded as owed in the partition (`LeaseManagerOptions.owed`): finish them. */
  owed: string[];
}

export interface PartitionHooks {
  /** The partition is ours: open its cache feed, wait until synced (and `minSeq`), start reconciling. */
  onAcquired(partition: number, context: AcquiredContext): Promise<void>;
  /**
   * We are handing it off (or shutting down): stop reconciling and wait for in-flight work, for at most
   * `budgetMs` (then abort it): the lease is no longer renewed and the successor is waiting.
   */
  onReleasing(partition: number, budgetMs: number): Promise<void>;
  /** We lost it without a hand-off (renewal failed or fenced out): stop at once. */
  onLost(partition: number): void;
}

export interface LeaseManagerOptions extends PartitionHooks {
  kv: KV;
  /** Lease key namespace, e.g. the controller name. Must be a valid KV key token. */
  controller: string;
  memberId: string;
  partitions: number;
  /** Must equal the bucket's TTL. */
  ttlMs: number;
  /** Fraction of the TTL (and of the liveness bound) kept as a safety margin for fencing. Default 0.25. */
  safetyFraction?: number;
  /**
   * Upper bound of one partition's hand-off (draining its reconciles); never more than the lease's remaining
   * safe validity. Default: that validity.
   */
  handoffTimeoutMs?: number;
  /** Object-stream sequence the partition's cache has consumed (recorded in the beat for a successor). */
  progress?(partition: number): number;
  /** Identity (creation time) of the object stream the progress refers to. */
  stream?: string;
  /**
   * Newest resourceVersion of a kind the partition's cache applied: a recorded write the cache has seen is
   * covered by `progress` from then on and leaves the record (so no requirement outlives its event).
   */
  seen?(partition: number, kind: string): string | undefined;
  /**
   * Deletes owed in a partition held (opaque tokens, e.g. the claims of pods being deleted): carried in every
   * beat so that a successor taking over inherits them (`AcquiredContext.owed`); `persist()` makes a new one durable.
   */
  owed?(partition: number): readonly string[];
  /**
   * How long a write in a partition no longer held is carried in the liveness record after the hold ended, seen or
   * not: well over a take-over, under the time the object stream keeps a deletion's tombstone
   * (`writeStillRequired`). Default: no bound.
   */
  rememberWritesMs?: number;
  now?: () => number;
  onError?: (error: Error) => void;
  /** Declares the lease bucket again after its server lost it (a memory bucket on a restarted server). */
  redeclare?: () => Promise<void>;
  /**
   * Whether the controller has work queued or running. Given, a replica that is the only member rests while it
   * has none: no beats between ticks, so its writes lapse until `awake()` beats again (docs/adr/0040-resting-lone-replica.md).
   */
  active?: () => boolean;
}

interface Held {
  revision: number;
  validUntil: number;
  ready: boolean;
}

/**
 * The liveness bound, derived from the lease TTL stored once in the bus so that every replica uses the same one
 * (a member's write fence and the survivors' judgement must agree): a fifth of the TTL, within 1–3 s.
 */
export function livenessBoundMs(ttlMs: number): number {
  return Math.min(3000, Math.max(1000, Math.floor(ttlMs / 5)));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const WRONG_LAST_SEQUENCE = 10071;
const STREAM_NOT_FOUND = 10059;

/** Whether `err` or one of its causes carries the JetStream error `code` or a message matching `text`. */
function hasJetStreamError(err: unknown, code: number, text: RegExp): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
    if (text.test(e.message)) return true;
  }
  return false;
}

const isWrongLastSequence = (err: unknown) =>
  hasJetStreamError(err, WRONG_LAST_SEQUENCE, /wrong last sequence/i);
const isStreamNotFound = (err: unknown) => hasJetStreamError(err, STREAM_NOT_FOUND, /stream not found/i);
/** A request nobody answered: on a connected client, no stream listens on the bucket's subjects any more. */
const isNoResponders = (err: unknown) => hasJetStreamError(err, 503, /no responders/i);

export class PartitionLeaseManager {
  readonly #o: LeaseManagerOptions;
  readonly #now: () => number;
  readonly #held = new Map<number, Held>();
  /** Hand-offs in progress: they run beside the ticks so that the other partitions keep being renewed. */
  readonly #releasing = new Map<number, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #beatTimer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> = Promise.resolve();
  #tickRunning = false;
  /** When the running tick should be followed sooner than tickMs (undefined: after tickMs, as usual). */
  #nextTickMs: number | undefined;
  #stopped = false;
  /** Revision of our member key as we last wrote it (undefined: write it afresh). */
  #aliveRevision: number | undefined;
  /** Writes stop at this instant unless a beat succeeds meanwhile. */
  #aliveUntil = Number.NEGATIVE_INFINITY;
  /**
   * Send time of the plain write that began our member record's current unbroken chain of compare-and-set beats
   * (undefined: none yet, or it broke). Free leases wait for it to be a liveness bound old.
   */
  #chainSince: number | undefined;
  /** Send time of the last beat whose compare-and-set succeeded: it proves the bucket kept our record till then. */
  #lastCasSentAt = Number.NEGATIVE_INFINITY;
  #beating: Promise<unknown> = Promise.resolve();
  /** No beat is scheduled between ticks (we are alone and idle): writes wait for awake(). */
  #resting = false;
  /** The beat awake() is waiting for, shared by concurrent callers. */
  #waking: Promise<void> | undefined;
  #observations = new Map<string, LivenessObservation>();
  /** Member keys as last listed (read every beat). */
  #memberKeys: string[] = [];
  /** Member records as the watch delivered them, by key, with when (our clock) each revision arrived. */
  readonly #members = new Map<string, { revision: number; record: LivenessRecord; seenAt: number }>();
  /** Lease records as the watch delivered them, by partition. */
  readonly #leaseRecords = new Map<number, LeaseRecord & { seenAt: number }>();
  /** The watch delivered every key present when it opened: the maps can replace listing and reading. */
  #membersKnown = false;
  #watch: { stop(): void } | undefined;
  /** Counts watches opened, so that an ended one does not reset the state of its replacement. */
  #watchGeneration = 0;
  /** Members judged dead at the last read, to notice one turning dead between ticks. */
  #dead = new Set<string>();
  /** Partitions we should own but another member holds: re-read every beat, taken as soon as released. */
  #waiting: number[] = [];
  /** Last recorded progress per partition held now or before (a successor of a hand-off reads it too). */
  readonly #seqs = new Map<number, number>();
  /** Newest resourceVersion per partition and kind of our own writes (or inherited at a take-over). */
  readonly #rvs = new Map<number, Map<string, RememberedWrite>>();

  constructor(options: LeaseManagerOptions) {
    if (!/^[A-Za-z0-9_-]+$/.test(options.controller))
      throw new Error(`invalid lease controller key '${options.controller}'`);
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
  }

  get memberId(): string {
    return this.#o.memberId;
  }

  /**
   * Half the TTL (ADR 5, amendment): a renewal is trusted for TTL × (1 − margin), so the next tick comes well
   * inside that, and a tick that fails is retried after a beat (`#schedule`) until one renews. A third of the
   * TTL renewed every lease half as often again, which was a third of the system's idle bus traffic.
   */
  get tickMs(): number {
    return Math.max(100, Math.floor(this.#o.ttlMs / 2));
  }

  get livenessMs(): number {
    return livenessBoundMs(this.#o.ttlMs);
  }

  get beatMs(): number {
    return Math.floor(this.livenessMs / 4);
  }

  #validUntil(held: Held): number {
    return Math.min(held.validUntil, this.#aliveUntil);
  }

  /** Whether this replica may write for `partition` right now (held, cache synced, and not possibly expired). */
  owns(partition: number): boolean {
    const held = this.#held.get(partition);
    return held?.ready === true && this.#now() < this.#validUntil(held);
  }

  /** Whether the lease is held and cannot have expired yet, whether or not the partition finished starting. */
  holds(partition: number): boolean {
    const held = this.#held.get(partition);
    return held !== undefined && this.#now() < this.#validUntil(held);
  }

  /** Milliseconds the lease of `partition` stays safely held from now (0 when not held). */
  remainingMs(partition: number): number {
    const held = this.#held.get(partition);
    return held === undefined ? 0 : Math.max(0, this.#validUntil(held) - this.#now());
  }

  /** Records a write's resourceVersion for `partition` (sent to successors with the next beat). */
  noteWrite(partition: number, kind: string, resourceVersion: string): void {
    let kinds = this.#rvs.get(partition);
    if (kinds === undefined) {
      kinds = new Map();
      this.#rvs.set(partition, kinds);
    }
    const known = kinds.get(kind);
    const newest = newerResourceVersion(known?.rv, resourceVersion);
    if (newest !== undefined && newest !== known?.rv) kinds.set(kind, { rv: newest, at: this.#now() });
  }

  /**
   * Partitions held, started and within their lease; while resting, also those whose liveness lapsed (they are
   * still ours: the next write beats first). `owns()` remains the write fence.
   */
  ownedPartitions(): number[] {
    const now = this.#now();
    return [...this.#held]
      .filter(([p, held]) => this.owns(p) || (this.#resting && held.ready && now < held.validUntil))
      .map(([p]) => p)
      .sort((a, b) => a - b);
  }

  /** Resting: no beat between ticks, and the write fence lapses a bound after the last one. */
  get resting(): boolean {
    return this.#resting;
  }

  start(): void {
    this.#startWatch();
    this.#schedule(0);
    this.#beatTimer = setTimeout(this.#beatLoop, this.beatMs);
  }

  readonly #beatLoop = (): void => {
    if (!this.#stopped) void this.#beatThenArm();
  };

  /** One beat (a failure reported, not thrown), then the next one armed or a rest. */
  #beatThenArm(): Promise<void> {
    return this.#beat()
      .then(
        () => {},
        (err: unknown) => this.#o.onError?.(new Error('liveness beat failed', { cause: err })),
      )
      .finally(() => this.#armBeat());
  }

  /** The next beat a quarter bound from now, unless we may rest: then the ticks alone beat. */
  #armBeat(): void {
    clearTimeout(this.#beatTimer);
    this.#beatTimer = undefined;
    if (this.#stopped) return;
    this.#resting = this.#mayRest();
    if (!this.#resting) this.#beatTimer = setTimeout(this.#beatLoop, this.beatMs);
  }

  /**
   * Resting is safe because nothing changes for anyone judging us: a member judged dead after a bound without a
   * new revision is fenced exactly as before, and our own fence still lapses a bound after our last beat. It is
   * only allowed where no one judges (we are the only member) and nothing needs writing; a member that appears
   * wakes us at once (#onMemberEntry), well inside the bound it would judge us by.
   */
  #mayRest(): boolean {
    if (this.#o.active === undefined || this.#o.active()) return false;
    if (!this.#membersKnown || this.#aliveRevision === undefined) return false;
    if (this.#releasing.size > 0 || this.#waiting.length > 0) return false;
    const own = this.#memberKey();
    for (const key of this.#members.keys()) if (key !== own) return false;
    for (const record of this.#leaseRecords.values()) if (record.holder !== this.#o.memberId) return false;
    for (const held of this.#held.values()) if (!held.ready) return false;
    return true;
  }

  /**
   * Beats now unless our write fence is good for at least a beat, and beats regularly again until idle: called
   * before writing, and when another member appears. Resolves once that beat is done (failed or not).
   */
  awake(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#waking !== undefined) return this.#waking;
    if (!this.#resting && this.#aliveUntil - this.#now() > this.beatMs) return Promise.resolve();
    this.#resting = false;
    clearTimeout(this.#beatTimer);
    this.#beatTimer = undefined;
    this.#waking = this.#beatThenArm().finally(() => {
      this.#waking = undefined;
    });
    return this.#waking;
  }

  /**
   * Beats now, so that the record carries what `owed()` reports at this instant: called after noting a delete as
   * owed and before the writes it follows, so a successor that takes over in between still finishes it. Rejects
   * when the beat fails; a fenced member finds out here and loses its partitions (its writes are then refused).
   */
  async persist(): Promise<void> {
    // A compare-and-set that finds our own earlier beat stored (its reply lost) carries on without writing this
    // record: beat once more then.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.#beat()) return;
    }
    throw new Error(`member ${this.#o.memberId} could not record its owed deletes`);
  }

  /** Runs a tick after `delayMs` (at once when a dead holder was noticed), never two at a time. */
  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (this.#stopped) return;
      if (this.#tickRunning) return; // the running tick schedules the next one
      this.#tickRunning = true;
      let failed = false;
      this.#ticking = this.tick()
        .catch((err: unknown) => {
          failed = true;
          this.#o.onError?.(new Error('lease tick failed', { cause: err }));
        })
        .finally(() => {
          this.#tickRunning = false;
          // A tick that failed may not have renewed: try again soon, while the leases are still trusted.
          const due = this.#nextTickMs ?? this.tickMs;
          const next = failed ? Math.min(due, this.beatMs) : due;
          this.#nextTickMs = undefined;
          this.#schedule(next);
        });
    }, delayMs);
  }

  /**
   * A tick within `delayMs`: at once (or after `delayMs`) when none is running, else as soon as the running one
   * ends. What the running tick read may predate the reason: a holder judged dead while it renewed would
   * otherwise wait a whole tick for its take-over.
   */
  #tickWithin(delayMs: number): void {
    if (this.#tickRunning) this.#nextTickMs = Math.min(this.#nextTickMs ?? delayMs, delayMs);
    else this.#schedule(delayMs);
  }

  /** Graceful hand-off: release every held partition (draining each) and leave the member list. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#watch?.stop();
    clearTimeout(this.#timer);
    clearTimeout(this.#beatTimer);
    await this.#ticking;
    await Promise.all([...this.#held.keys()].map((p) => this.#startRelease(p)));
    await this.#beating.catch(() => {});
    await this.#o.kv.delete(this.#memberKey()).catch(() => {});
  }

  #memberKey(id = this.#o.memberId): string {
    return leaseMemberKey(this.#o.controller, id);
  }

  #leaseKey(p: number): string {
    return leasePartitionKey(this.#o.controller, p);
  }

  /** Our liveness record now: the progress of every partition held (or held before). */
  #record(): LivenessRecord {
    for (const p of this.#held.keys()) {
      const seq = this.#o.progress?.(p) ?? 0;
      if (seq > (this.#seqs.get(p) ?? 0)) this.#seqs.set(p, seq);
    }
    const seqs: Record<string, number> = {};
    for (const [p, seq] of this.#seqs) seqs[String(p)] = seq;
    const rvs: Record<string, Record<string, string>> = {};
    const now = this.#now();
    const maxAgeMs = this.#o.rememberWritesMs ?? Number.POSITIVE_INFINITY;
    for (const [p, kinds] of this.#rvs) {
      for (const [kind, write] of kinds)
        if (!writeStillRequired(write, this.#o.seen?.(p, kind), this.#held.has(p), now, maxAgeMs))
          kinds.delete(kind);
      if (kinds.size === 0) this.#rvs.delete(p);
      else rvs[String(p)] = Object.fromEntries([...kinds].map(([kind, write]) => [kind, write.rv]));
    }
    const owed: Record<string, string[]> = {};
    for (const p of this.#held.keys()) {
      const tokens = this.#o.owed?.(p) ?? [];
      if (tokens.length > 0) owed[String(p)] = [...tokens];
    }
    return {
      id: this.#o.memberId,
      ...(this.#o.stream === undefined ? {} : { stream: this.#o.stream }),
      ...(this.#seqs.size === 0 ? {} : { seqs }),
      ...(this.#rvs.size === 0 ? {} : { rvs }),
      ...(Object.keys(owed).length === 0 ? {} : { owed }),
    };
  }

  /** One beat at a time: two concurrent compare-and-sets of our own key would fence each other. */
  #beat(): Promise<boolean> {
    const next = this.#beating.then(() => this.#beatOnce());
    this.#beating = next.catch(() => {});
    return next;
  }

  /** Resolves true when the beat wrote the record it built (not only recovered a revision after a lost reply). */
  async #beatOnce(): Promise<boolean> {
    const key = this.#memberKey();
    const value = encoder.encode(JSON.stringify(this.#record()));
    const sentAt = this.#now();
    let stored = false;
    try {
      if (this.#aliveRevision === undefined) {
        this.#aliveRevision = await this.#o.kv.put(key, value);
        this.#chainSince = sentAt;
      } else {
        this.#aliveRevision = await this.#o.kv.update(key, value, this.#aliveRevision);
        this.#lastCasSentAt = sentAt;
      }
      this.#aliveUntil = sentAt + this.livenessMs * (1 - (this.#o.safetyFraction ?? 0.25));
      stored = true;
    } catch (err) {
      if (isWrongLastSequence(err)) await this.#onBeatConflict(key, sentAt);
      else if (isNoResponders(err) && (await this.#bucketGone())) await this.#recover();
      else throw err;
    }
    await this.#readMembers(this.#memberKeys.filter((k) => k !== key));
    // A hand-off in progress: take the partition as soon as its holder deleted the lease (not a tick later).
    for (const p of this.#waiting) {
      const entry = await this.#o.kv.get(this.#leaseKey(p));
      if (entry?.operation !== 'PUT') {
        this.#tickWithin(0);
        break;
      }
    }
    return stored;
  }

  /**
   * Our compare-and-set failed: either an earlier beat was stored though its reply was lost (the record is still
   * ours and not fenced: carry on from its revision), or a survivor fenced us (every partition is lost; rejoin).
   */
  async #onBeatConflict(key: string, sentAt: number): Promise<void> {
    const entry = await this.#o.kv.get(key);
    const record = entry?.operation === 'PUT' ? parseLivenessRecord(entry.value) : undefined;
    if (entry !== null && record?.id === this.#o.memberId && record.fenced !== true) {
      // Only our compare-and-set writes our unfenced record while a chain runs: the bucket kept it past sentAt.
      this.#aliveRevision = entry.revision;
      this.#lastCasSentAt = sentAt;
      return;
    }
    this.#o.onError?.(
      new Error(
        `member ${this.#o.memberId} was fenced out by a survivor (or its record was lost); rejoining`,
      ),
    );
    this.#rejoin();
  }

  /** Every partition lost at once; the next beat writes a fresh record, and the watch starts over. */
  #rejoin(restartWatch = true): void {
    this.#aliveUntil = Number.NEGATIVE_INFINITY;
    this.#aliveRevision = undefined;
    this.#chainSince = undefined;
    for (const p of [...this.#held.keys()]) this.#lose(p);
    if (this.#resting) this.#armBeat(); // without a record we may not rest: beat regularly again
    if (restartWatch && !this.#stopped) this.#startWatch();
    // Back in as soon as the record is rewritten, rather than at the next scheduled tick.
    this.#tickWithin(0);
  }

  /** Whether the bucket's stream is gone (its server lost it). */
  async #bucketGone(): Promise<boolean> {
    try {
      await this.#o.kv.status();
      return false;
    } catch (err) {
      return isStreamNotFound(err);
    }
  }

  /**
   * The bucket is gone with its records, ours and any frozen holder's: lose everything, declare the bucket again
   * and rejoin. Free leases then wait for our new record to be a liveness bound old (freeLeasesFrom).
   */
  async #recover(): Promise<void> {
    this.#o.onError?.(
      new Error(
        `the lease bucket is gone (its server lost it): member ${this.#o.memberId} declares it again and rejoins`,
      ),
    );
    this.#rejoin(false);
    await this.#o.redeclare?.();
    if (!this.#stopped) this.#startWatch();
  }

  #startWatch(): void {
    this.#watch?.stop();
    this.#members.clear();
    this.#leaseRecords.clear();
    this.#membersKnown = false;
    const generation = ++this.#watchGeneration;
    void this.#watchMembers(generation).catch((err: unknown) =>
      this.#o.onError?.(new Error('watching the member keys failed; reading them directly', { cause: err })),
    );
  }

  /** Follows every member and lease key; until the first full delivery, ticks and beats read them directly. */
  async #watchMembers(generation: number): Promise<void> {
    const watch = await this.#o.kv.watch({
      key: [`${this.#o.controller}.members.*`, `${this.#o.controller}.partitions.*`],
    });
    if (generation !== this.#watchGeneration) {
      watch.stop(); // replaced while it was being opened
      return;
    }
    this.#watch = watch;
    if (this.#stopped) watch.stop();
    try {
      for await (const entry of watch) if (generation === this.#watchGeneration) this.#onMemberEntry(entry);
    } finally {
      if (generation === this.#watchGeneration) this.#membersKnown = false;
    }
  }

  #onMemberEntry(entry: KvWatchEntry): void {
    const partitionsPrefix = `${this.#o.controller}.partitions.`;
    if (entry.key.startsWith(partitionsPrefix)) {
      const p = Number(entry.key.slice(partitionsPrefix.length));
      if (entry.operation !== 'PUT') this.#leaseRecords.delete(p);
      else if (this.#leaseRecords.get(p)?.revision !== entry.revision) {
        const { holder } = JSON.parse(decoder.decode(entry.value)) as { holder: string };
        this.#leaseRecords.set(p, { holder, revision: entry.revision, seenAt: this.#now() });
      }
    } else if (entry.operation !== 'PUT') {
      // A member left (its partitions were released before): re-plan now, not a tick (TTL / 2) later.
      if (this.#members.delete(entry.key) && this.#membersKnown && entry.key !== this.#memberKey())
        this.#tickWithin(0);
    } else if (this.#members.get(entry.key)?.revision !== entry.revision) {
      const joined = !this.#members.has(entry.key) && entry.key !== this.#memberKey();
      const record = parseLivenessRecord(entry.value);
      this.#members.set(entry.key, { revision: entry.revision, record, seenAt: this.#now() });
      // Someone else now judges us by the bound: beat at once, and regularly from then on.
      if (this.#resting && entry.key !== this.#memberKey()) void this.awake();
      // A member joined: hand its share over now rather than at the next tick.
      if (joined && this.#membersKnown) this.#tickWithin(0);
    }
    // delta: messages still pending behind this one when it was delivered (0: the initial values are all in).
    if (entry.delta === 0) this.#membersKnown = true;
  }

  /**
   * A key that expired with the bucket's TTL leaves no delete for the watch: one whose revision is older than the
   * TTL (counted from when it reached us, after it was stored) is gone from the bucket, and is dropped here.
   */
  #pruneMembers(): void {
    const now = this.#now();
    for (const [key, member] of this.#members)
      if (now - member.seenAt > this.#o.ttlMs + this.livenessMs) this.#members.delete(key);
  }

  async #readMembers(keys: readonly string[]): Promise<void> {
    const reads: LivenessRead[] = [];
    for (const key of keys) {
      if (this.#membersKnown) {
        const member = this.#members.get(key);
        if (member !== undefined) reads.push({ revision: member.revision, record: member.record });
        continue;
      }
      const entry = await this.#o.kv.get(key);
      if (entry?.operation === 'PUT')
        reads.push({ revision: entry.revision, record: parseLivenessRecord(entry.value) });
    }
    this.#observations = observeLiveness(this.#observations, reads, this.#now());
    const { dead } = this.#judge();
    // A member just turned dead (it may hold leases): take over now rather than at the next scheduled tick.
    const newlyDead = [...dead.keys()].some((id) => !this.#dead.has(id));
    this.#dead = new Set(dead.keys());
    if (newlyDead) this.#tickWithin(0);
  }

  #judge() {
    return judgeLiveness(this.#observations, this.#o.memberId, this.#now(), this.livenessMs);
  }

  async #listMemberKeys(): Promise<string[]> {
    if (this.#membersKnown) {
      this.#pruneMembers();
      return [...this.#members.keys()].sort();
    }
    const keys: string[] = [];
    for await (const key of await this.#o.kv.keys(`${this.#o.controller}.members.*`)) keys.push(key);
    return keys.sort();
  }

  async #leases(): Promise<Map<number, LeaseRecord>> {
    if (!this.#membersKnown) return this.#readLeases();
    const leases = new Map<number, LeaseRecord>();
    const now = this.#now();
    for (const [p, record] of this.#leaseRecords) {
      // Expired with the bucket's TTL (no delete reaches a watch): it is gone, the partition free.
      if (now - record.seenAt > this.#o.ttlMs) this.#leaseRecords.delete(p);
      else leases.set(p, { holder: record.holder, revision: record.revision });
    }
    // What we hold: the watch may not have delivered our last renewal yet (an older revision: still ours);
    // any other mismatch is read directly before the tick counts the partition as lost.
    await Promise.all(
      [...this.#held].map(async ([p, held]) => {
        const seen = leases.get(p);
        const me = this.#o.memberId;
        if (
          seen !== undefined &&
          (seen.revision < held.revision || (seen.revision === held.revision && seen.holder === me))
        ) {
          leases.set(p, { holder: me, revision: held.revision });
          return;
        }
        const entry = await this.#o.kv.get(this.#leaseKey(p));
        if (entry?.operation !== 'PUT') leases.delete(p);
        else {
          const { holder } = JSON.parse(decoder.decode(entry.value)) as { holder: string };
          leases.set(p, { holder, revision: entry.revision });
        }
      }),
    );
    return leases;
  }

  async #readLeases(): Promise<Map<number, LeaseRecord>> {
    const leases = new Map<number, LeaseRecord>();
    // Concurrently: one after another, a tick on a loaded machine outlasted a lease's validity.
    const entries = await Promise.all(
      Array.from({ length: this.#o.partitions }, (_, p) => this.#o.kv.get(this.#leaseKey(p))),
    );
    entries.forEach((entry, p) => {
      if (entry?.operation !== 'PUT') return;
      const { holder } = JSON.parse(decoder.decode(entry.value)) as { holder: string };
      leases.set(p, { holder, revision: entry.revision });
    });
    return leases;
  }

  async tick(): Promise<void> {
    await this.#beat();
    this.#memberKeys = await this.#listMemberKeys();
    await this.#readMembers(this.#memberKeys.filter((k) => k !== this.#memberKey()));
    const leases = await this.#leases();
    // A lease we think we hold but whose record is gone or someone else's was lost without hand-off.
    for (const [p, held] of this.#held) {
      const record = leases.get(p);
      if (record?.holder !== this.#o.memberId || record.revision !== held.revision) this.#lose(p);
    }
    const { live, dead } = this.#judge();
    // A dead member's leases count as free: they are taken over below (fence its key, then CAS the lease).
    const open = new Map([...leases].filter(([, l]) => !dead.has(l.holder)));
    const plan = planLeases({
      self: this.#o.memberId,
      members: live,
      partitions: this.#o.partitions,
      leases: open,
      held: new Set(this.#held.keys()),
    });
    this.#waiting = plan.waiting;
    const value = encoder.encode(JSON.stringify({ holder: this.#o.memberId }));
    const validUntil = (sentAt: number) => sentAt + this.#o.ttlMs * (1 - (this.#o.safetyFraction ?? 0.25));
    // Renewals go out together, so the last partition's is not a whole tick of round trips late.
    await Promise.all(
      plan.renew.map(async (p) => {
        const held = this.#held.get(p);
        if (!held || this.#releasing.has(p)) return;
        const sentAt = this.#now();
        try {
          held.revision = await this.#o.kv.update(this.#leaseKey(p), value, held.revision);
          held.validUntil = validUntil(sentAt);
        } catch (err) {
          this.#o.onError?.(new Error(`renewing lease of partition ${p} failed`, { cause: err }));
          this.#lose(p);
        }
      }),
    );
    // Not awaited: one partition's drain must not stop the renewals of the others.
    for (const p of plan.release) void this.#startRelease(p);
    // Ours on record only (a renewal whose reply was lost) and another member's to own: free it now rather than
    // after its TTL. Compare-and-set: a record someone took meanwhile stays.
    for (const p of plan.abandon) {
      const record = leases.get(p);
      if (record !== undefined)
        await this.#o.kv.delete(this.#leaseKey(p), { previousSeq: record.revision }).catch(() => {});
    }
    const freeFrom = freeLeasesFrom(this.#chainSince, this.livenessMs);
    const taken: { p: number; held: Held }[] = [];
    for (const p of [...plan.acquire, ...plan.reclaim]) {
      const sentAt = this.#now();
      const previous = leases.get(p);
      if (previous === undefined && sentAt < freeFrom) {
        // Our record is too young to rule out a holder that lost its lease with a lost bucket: later.
        if (Number.isFinite(freeFrom)) this.#tickWithin(Math.max(this.beatMs, freeFrom - sentAt));
        continue;
      }
      try {
        if (previous === undefined) {
          taken.push({
            p,
            held: {
              revision: await this.#o.kv.create(this.#leaseKey(p), value),
              validUntil: validUntil(sentAt),
              ready: false,
            },
          });
        } else {
          // Our own record (a reclaim) has no other holder to fence.
          if (previous.holder !== this.#o.memberId) await this.#fence(previous.holder, dead);
          const revision = await this.#o.kv.update(this.#leaseKey(p), value, previous.revision);
          taken.push({ p, held: { revision, validUntil: validUntil(sentAt), ready: false } });
        }
      } catch {
        // Someone else took it first, or the holder beat after all, or the revision we watched was stale (a
        // lagging watch): the next tick sees which, a beat from now rather than a tick.
        this.#tickWithin(this.beatMs);
      }
    }
    if (taken.length === 0) return;
    // A beat sent after the takes: its compare-and-set succeeding proves the bucket still held our record, so the
    // takes landed in the bucket our record has lived in since `#chainSince`, not in one that lost its records
    // meanwhile. Otherwise the takes are given back and the next tick starts over.
    const takenBy = this.#now();
    await this.#beat().catch((err: unknown) =>
      this.#o.onError?.(new Error('liveness beat after taking leases failed', { cause: err })),
    );
    const others = [...this.#observations.values()].map((o) => o.record);
    // A reclaimed partition waits for what we wrote in it before its renewal's reply was lost, as a successor
    // would. Only then: what we wrote long ago in a partition handed on is the successors' to carry (they inherit
    // it into their own records), and a requirement of ours for a kind whose objects are long deleted could never
    // be met by a fresh cache.
    const reclaimed = new Set(plan.reclaim);
    const withOurs = reclaimed.size === 0 ? others : [...others, this.#record()];
    for (const { p, held } of taken) {
      if (this.#lastCasSentAt < takenBy) {
        await this.#o.kv.delete(this.#leaseKey(p), { previousSeq: held.revision }).catch(() => {});
        this.#tickWithin(this.beatMs);
        continue;
      }
      this.#held.set(p, held);
      const records = reclaimed.has(p) ? withOurs : others;
      const minSeq = takeoverMinSeq(p, records, this.#o.stream);
      const minResourceVersions = takeoverMinResourceVersions(p, records, this.#o.stream);
      const owed = takeoverOwed(p, records);
      // Inherited: our own record carries the requirement on, so it outlives the previous owner's key.
      if (minSeq > (this.#seqs.get(p) ?? 0)) this.#seqs.set(p, minSeq);
      for (const [kind, rv] of Object.entries(minResourceVersions)) this.noteWrite(p, kind, rv);
      // Catching up the cache may take longer than a tick; renewals must go on meanwhile.
      this.#o.onAcquired(p, { minSeq, minResourceVersions, owed }).then(
        () => {
          if (this.#held.get(p) === held) held.ready = true;
        },
        async (err: unknown) => {
          this.#o.onError?.(new Error(`starting partition ${p} failed`, { cause: err }));
          await this.#startRelease(p);
        },
      );
    }
  }

  /**
   * Marks a dead holder's member key fenced, by compare-and-set on the revision watched unchanged for the
   * liveness bound: if it beat meanwhile this throws and nothing is taken. Once fenced, its next beat fails.
   */
  async #fence(holder: string, dead: Map<string, LivenessObservation>): Promise<void> {
    const seen = dead.get(holder);
    if (seen === undefined) throw new Error(`holder ${holder} is not dead`);
    if (seen.record.fenced === true) return;
    const fenced: LivenessRecord = { ...seen.record, fenced: true };
    const revision = await this.#o.kv.update(
      this.#memberKey(holder),
      encoder.encode(JSON.stringify(fenced)),
      seen.revision,
    );
    const observed: LivenessObservation = { revision, record: fenced, since: seen.since };
    this.#observations.set(holder, observed);
    dead.set(holder, observed);
  }
  #lose(p: number): void {
    if (!this.#held.delete(p)) return;
    this.#handedOn(p);
    this.#o.onLost(p);
  }

  /** The hold of `p` ended: its remembered writes now count down from here (`writeStillRequired`). */
  #handedOn(p: number): void {
    const now = this.#now();
    for (const write of this.#rvs.get(p)?.values() ?? []) write.at = now;
  }

  #startRelease(p: number): Promise<void> {
    let releasing = this.#releasing.get(p);
    if (releasing === undefined) {
      releasing = this.#release(p).finally(() => this.#releasing.delete(p));
      this.#releasing.set(p, releasing);
    }
    return releasing;
  }

  async #release(p: number): Promise<void> {
    const held = this.#held.get(p);
    if (!held) return;
    held.ready = false; // stop new writes at once; in-flight work drains in onReleasing
    const budgetMs = Math.min(this.#o.handoffTimeoutMs ?? Infinity, this.remainingMs(p));
    let timer: NodeJS.Timeout | undefined;
    try {
      // The hook is asked to stay within the budget; a hook that does not is not waited for beyond it.
      await Promise.race([
        this.#o.onReleasing(p, budgetMs),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, budgetMs + 50);
        }),
      ]);
    } catch (err) {
      this.#o.onError?.(new Error(`handing off partition ${p} failed`, { cause: err }));
    } finally {
      clearTimeout(timer);
      if (this.#held.get(p) === held) {
        this.#held.delete(p);
        this.#handedOn(p);
      }
      await this.#o.kv.delete(this.#leaseKey(p), { previousSeq: held.revision }).catch(() => {});
    }
  }
}
