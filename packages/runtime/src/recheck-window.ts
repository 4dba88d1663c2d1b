// How long after a partition is acquired its pod and PVC deletes are re-checked against the apiserver
// (kube/delete-recheck.ts, docs/adr/0019-nothing-lost-under-faults.md). At least a fixed time (two lease TTLs:
// the previous owner's last writes reach the bus through a live watcher), and beyond it until every key the
// partition held at acquisition has had one reconcile end without error on this replica's cache — which was
// at least as fresh as the take-over point when the partition was accepted (docs/adr/0025-fast-failover.md).
// A watcher lagging longer than the fixed time keeps the window open for the keys it has not let finish yet.

/**
 * The fixed part of the window, in lease TTLs: the previous owner's last writes (bounded by its lease, and since
 * fast failover by its beat fence, well inside one TTL) reach the bus through a live watcher within it.
 */
const DELETE_RECHECK_TTLS = 2;
/** Longer TTLs (60 s by default, ADR 44) only slow renewals: the window stays what it was at 15 s. */
const DELETE_RECHECK_MAX_MS = 30_000;

/** The fixed time a freshly acquired partition's deletes are re-checked for, given the lease TTL. */
export function deleteRecheckMinMs(leaseTtlMs: number): number {
  return Math.min(DELETE_RECHECK_TTLS * leaseTtlMs, DELETE_RECHECK_MAX_MS);
}

/** Whether deletes are still re-checked: inside the fixed time, or while a key of the acquisition is pending. */
export function recheckWindowOpen(o: { elapsedMs: number; minMs: number; pendingKeys: number }): boolean {
  return o.elapsedMs < o.minMs || o.pendingKeys > 0;
}

interface Opened {
  at: number;
  pending: Set<string>;
}

/** Per partition: when it was acquired and which of its keys still await their first clean reconcile. */
export class RecheckWindows {
  readonly #minMs: number;
  readonly #opened = new Map<number, Opened>();

  constructor(minMs: number) {
    this.#minMs = minMs;
  }

  /** The partition was acquired at `now` (a monotonic clock) holding these keys. */
  open(partition: number, now: number, keys: Iterable<string>): void {
    this.#opened.set(partition, { at: now, pending: new Set(keys) });
  }

  /** A reconcile of `key` ended without error: that key no longer holds the window open. */
  reconciled(partition: number, key: string): void {
    this.#opened.get(partition)?.pending.delete(key);
  }

  /** The partition was released or lost: nothing to hold for it. */
  close(partition: number): void {
    this.#opened.delete(partition);
  }

  /**
   * Whether deletes in the partition are re-checked at `now`. A partition never opened counts from `now = 0`
   * (the process start): a replica's first partitions are treated as freshly acquired.
   */
  isOpen(partition: number, now: number): boolean {
    const opened = this.#opened.get(partition);
    return recheckWindowOpen({
      elapsedMs: now - (opened?.at ?? 0),
      minMs: this.#minMs,
      pendingKeys: opened?.pending.size ?? 0,
    });
  }

  /** Keys of the partition still awaiting their first clean reconcile (for logs and tests). */
  pending(partition: number): string[] {
    return [...(this.#opened.get(partition)?.pending ?? [])];
  }
}
