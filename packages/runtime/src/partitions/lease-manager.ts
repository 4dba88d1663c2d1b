// Partition ownership among a controller's replicas, through leases in a JetStream KV bucket.
//
// Every tick (a third of the lease TTL) a replica heartbeats its member key, reads the members and the lease
// records, and follows planLeases(): create free leases it should own, CAS-renew the ones it holds, and hand
// off the ones another member should own (drain first, then delete). Keys expire with the bucket's TTL, so
// a dead replica's member key and leases vanish on their own and the survivors take over.
//
// Fencing: a lease is trusted only until (time the renewal was sent + TTL - safety margin). The server
// stored the record after we sent it, so it cannot expire before that instant; owns() turns false by then
// even if renewals silently stop, and the caller must not write for a partition it does not own.
import { leaseMemberKey, leasePartitionKey } from '@kruise-ts/bus';
import type { KV } from '@nats-io/kv';
import { type LeaseRecord, planLeases } from './lease-plan.ts';

export interface PartitionHooks {
  /** The partition is ours: open its cache feed, wait until synced, start reconciling. */
  onAcquired(partition: number): Promise<void>;
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
  /** Fraction of the TTL kept as a safety margin for fencing. Default 0.25. */
  safetyFraction?: number;
  /**
   * Upper bound of one partition's hand-off (draining its reconciles); never more than the lease's remaining
   * safe validity. Default: that validity.
   */
  handoffTimeoutMs?: number;
  now?: () => number;
  onError?: (error: Error) => void;
}

interface Held {
  revision: number;
  validUntil: number;
  ready: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class PartitionLeaseManager {
  readonly #o: LeaseManagerOptions;
  readonly #now: () => number;
  readonly #held = new Map<number, Held>();
  /** Hand-offs in progress: they run beside the ticks so that the other partitions keep being renewed. */
  readonly #releasing = new Map<number, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: LeaseManagerOptions) {
    if (!/^[A-Za-z0-9_-]+$/.test(options.controller))
      throw new Error(`invalid lease controller key '${options.controller}'`);
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
  }

  get memberId(): string {
    return this.#o.memberId;
  }

  get tickMs(): number {
    return Math.max(100, Math.floor(this.#o.ttlMs / 3));
  }

  /** Whether this replica may write for `partition` right now (held, cache synced, and not possibly expired). */
  owns(partition: number): boolean {
    const held = this.#held.get(partition);
    return held?.ready === true && this.#now() < held.validUntil;
  }

  /** Whether the lease is held and cannot have expired yet, whether or not the partition finished starting. */
  holds(partition: number): boolean {
    const held = this.#held.get(partition);
    return held !== undefined && this.#now() < held.validUntil;
  }

  /** Milliseconds the lease of `partition` stays safely held from now (0 when not held). */
  remainingMs(partition: number): number {
    const held = this.#held.get(partition);
    return held === undefined ? 0 : Math.max(0, held.validUntil - this.#now());
  }

  ownedPartitions(): number[] {
    return [...this.#held.keys()].filter((p) => this.owns(p)).sort((a, b) => a - b);
  }

  start(): void {
    const loop = () => {
      if (this.#stopped) return;
      this.#ticking = this.tick()
        .catch((err: unknown) => this.#o.onError?.(new Error('lease tick failed', { cause: err })))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, this.tickMs);
        });
    };
    loop();
  }

  /** Graceful hand-off: release every held partition (draining each) and leave the member list. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#ticking;
    await Promise.all([...this.#held.keys()].map((p) => this.#startRelease(p)));
    await this.#o.kv.delete(this.#memberKey()).catch(() => {});
  }

  #memberKey(id = this.#o.memberId): string {
    return leaseMemberKey(this.#o.controller, id);
  }

  #leaseKey(p: number): string {
    return leasePartitionKey(this.#o.controller, p);
  }

  async #members(): Promise<string[]> {
    const members: string[] = [];
    const keys = await this.#o.kv.keys(`${this.#o.controller}.members.*`);
    for await (const key of keys) {
      const entry = await this.#o.kv.get(key);
      if (entry?.operation === 'PUT') members.push(decoder.decode(entry.value));
    }
    return members.sort();
  }

  async #leases(): Promise<Map<number, LeaseRecord>> {
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
    await this.#o.kv.put(this.#memberKey(), encoder.encode(this.#o.memberId));
    const [members, leases] = [await this.#members(), await this.#leases()];
    // A lease we think we hold but whose record is gone or someone else's was lost without hand-off.
    for (const [p, held] of this.#held) {
      const record = leases.get(p);
      if (record?.holder !== this.#o.memberId || record.revision !== held.revision) this.#lose(p);
    }
    const plan = planLeases({ self: this.#o.memberId, members, partitions: this.#o.partitions, leases });
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
    for (const p of plan.acquire) {
      const sentAt = this.#now();
      let revision: number;
      try {
        revision = await this.#o.kv.create(this.#leaseKey(p), value);
      } catch {
        continue; // someone else created it first; the next tick sees who
      }
      const held: Held = { revision, validUntil: validUntil(sentAt), ready: false };
      this.#held.set(p, held);
      // Catching up the cache may take longer than a tick; renewals must go on meanwhile.
      this.#o.onAcquired(p).then(
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

  #lose(p: number): void {
    if (!this.#held.delete(p)) return;
    this.#o.onLost(p);
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
      if (this.#held.get(p) === held) this.#held.delete(p);
      await this.#o.kv.delete(this.#leaseKey(p), { previousSeq: held.revision }).catch(() => {});
    }
  }
}
