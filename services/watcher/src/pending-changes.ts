// Each object's changes on their way to the publish queue: a change that has not started publishing yet is
// replaced by a newer state of the same object or its deletion (coalesced), and with a linger a creation or
// modification waits that long first (up to twice: releases come on ticks), so that the changes an object goes
// through in quick succession (a pod created, bound, started, ready; marked for deletion, deleted) go out as one
// publish and reach every consumer once (docs/adr/0045-watcher-coalesces-changes.md). Only pods and objects
// without a generation linger (lingers.ts), and once the watch has gone quiet nothing does: what is lingering
// then is the end of a burst, with nothing left to fold into it.
import { lingers } from './lingers.ts';
import type { ObjectChange } from './object-event.ts';

/** One change on its way: lingering, or queued and not started. */
interface Slot {
  key: string;
  queueKey: string;
  change: ObjectChange;
  lingering: boolean;
  /** now() by which a lingering slot is released. */
  deadline: number;
}

export interface PendingChangesOptions {
  /** How long a creation or modification waits at least before it is released (ticks this far apart); 0: at once. */
  lingerMs: number;
  /**
   * After this long without a new change, everything lingering is released (0: never; the ticks alone). A burst's
   * last states then wait this long instead of one to two lingers.
   */
  quietMs?: number;
  /**
   * Hands one change to the publish queue under `queueKey` (changes of one queue key keep their order). The
   * queue calls `take` when the publish starts: from then on the change is fixed, and nothing replaces it.
   */
  release(queueKey: string, take: () => { key: string; change: ObjectChange }): void;
  /** A change that will never be published, replaced by a newer state of the same object. */
  coalesced(replaced: ObjectChange): void;
  /** Default performance.now. */
  now?: () => number;
}

export class PendingChanges {
  readonly #options: PendingChangesOptions;
  readonly #now: () => number;
  /** Per queue key, its last change while that has not started publishing. */
  readonly #waiting = new Map<string, Slot>();
  /** Slots held back, in deadline order (the linger is the same for all). */
  readonly #lingering = new Set<Slot>();
  #timer: NodeJS.Timeout | undefined;
  /** Armed while something lingers; releases it once no change has come for quietMs. */
  #quiet: NodeJS.Timeout | undefined;
  #lastChangeAt = 0;

  constructor(options: PendingChangesOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Changes held back by the linger. */
  get lingering(): number {
    return this.#lingering.size;
  }

  add(key: string, queueKey: string, change: ObjectChange): void {
    const { quietMs = 0 } = this.#options;
    if (quietMs > 0) this.#lastChangeAt = this.#now();
    const waiting = this.#waiting.get(queueKey);
    if (waiting !== undefined && coalesces(waiting.change, change)) {
      // It goes out as this newer state, in the place (and by the deadline) of the one it replaces; a creation
      // stays a creation, and a deletion does not wait.
      this.#options.coalesced(waiting.change);
      waiting.change = waiting.change.type === 'ADDED' ? { ...change, type: 'ADDED' } : change;
      if (change.type === 'DELETED' && waiting.lingering) this.#release(waiting);
      return;
    }
    // What lingers for this object goes first, so its changes keep their order.
    if (waiting?.lingering === true) this.#release(waiting);
    const slot: Slot = { key, queueKey, change, lingering: false, deadline: 0 };
    this.#waiting.set(queueKey, slot);
    const { lingerMs } = this.#options;
    if (lingerMs > 0 && (change.type === 'ADDED' || change.type === 'MODIFIED') && lingers(change)) {
      slot.lingering = true;
      slot.deadline = this.#now() + lingerMs;
      this.#lingering.add(slot);
      this.#timer ??= setTimeout(() => this.#releaseDue(), lingerMs).unref();
      if (quietMs > 0) this.#quiet ??= setTimeout(() => this.#releaseQuiet(), quietMs).unref();
    } else {
      this.#release(slot);
    }
  }

  /** Releases everything lingering now (before a flush: what was pushed must be published). */
  releaseAll(): void {
    for (const slot of this.#lingering) this.#release(slot);
  }

  /** Stops the timers; what still lingers is dropped. */
  stop(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#quiet);
    this.#timer = undefined;
    this.#quiet = undefined;
    this.#lingering.clear();
  }

  // Nothing new for quietMs: whatever lingers is the last state of its object for now. The tick timer stays armed
  // and finds nothing due. While changes keep coming, this wakes once per quietMs (no timer is moved per change).
  #releaseQuiet(): void {
    const quietMs = this.#options.quietMs ?? 0;
    const quietFor = this.#now() - this.#lastChangeAt;
    if (quietFor < quietMs) {
      this.#quiet = setTimeout(() => this.#releaseQuiet(), quietMs - quietFor).unref();
      return;
    }
    this.#quiet = undefined;
    this.releaseAll();
  }

  #release(slot: Slot): void {
    if (slot.lingering) {
      slot.lingering = false;
      this.#lingering.delete(slot);
    }
    this.#options.release(slot.queueKey, () => {
      if (this.#waiting.get(slot.queueKey) === slot) this.#waiting.delete(slot.queueKey);
      return { key: slot.key, change: slot.change };
    });
  }

  // Lingering changes leave on ticks a linger apart (the first a linger after the first change), not each at its
  // own deadline: a change waits from one linger up to two, and what is due leaves together. A burst goes to
  // nats-server in one socket write and comes back as one read of acknowledgements, where the same publishes
  // spread evenly cost a write, a read and a wake-up each (nats-server spent about half as much CPU;
  // docs/adr/0045-watcher-coalesces-changes.md, amendment).
  #releaseDue(): void {
    this.#timer = undefined;
    const now = this.#now();
    for (const slot of this.#lingering) {
      if (slot.deadline > now) {
        this.#timer = setTimeout(() => this.#releaseDue(), this.#options.lingerMs).unref();
        return;
      }
      this.#release(slot);
    }
  }
}

/**
 * Whether `next` may replace `queued`, which has not started publishing: a newer state of the same object (same
 * uid), or its deletion. Consumers read the bus as the last value per subject and already cope with states they
 * never saw (one that starts late or lags sees only the newest). A modification may be replaced by the deletion
 * that follows it (the consumer sees the object go, from its last state); a creation never is, so every
 * consumer sees each object it is told is gone first appear (a controller's create expectation is observed).
 * What follows a deletion or a tombstone is never folded into it.
 */
export function coalesces(queued: ObjectChange, next: ObjectChange): boolean {
  if (queued.object.metadata?.uid !== next.object.metadata?.uid) return false;
  if (queued.type === 'ADDED') return next.type === 'MODIFIED';
  if (queued.type === 'MODIFIED') return next.type === 'MODIFIED' || next.type === 'DELETED';
  return false;
}
