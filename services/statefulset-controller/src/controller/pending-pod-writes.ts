// Which pods a write of ours has moved past the cache's copy. A reconcile can outlast its snapshot of the pods by
// seconds (its writes wait on the rate limit), and the cache shows a write of ours a linger after it lands
// (docs/adr/0045-watcher-coalesces-changes.md). So a refresh or a lifecycle move is decided on the pod as the cache
// holds it when the move is made, and is not made while a write of ours to that pod is still on its way back: else
// the next reconcile repeats it from a copy older than the write (a second label patch or condition write, each a
// turn of the rate limit).
//
// Not the workload's resourceVersion expectations: those hold back the next update round until an in-place update is
// seen, as Kruise's do (updateExpectations); a condition or label write does not, in Kruise or here.
import { isResourceVersionAtLeast } from '@kruise-ts/kube';
import type { StatefulSetPod } from '../types.ts';

/** A write's echo comes within a second; one not seen in this long (the pod gone, its partition lost) is dropped. */
export const PENDING_WRITE_TTL_MS = 30_000;

interface Pending {
  resourceVersion: string;
  at: number;
}

export class PendingPodWrites {
  /** Per pod uid, the version our last refresh or lifecycle write left; oldest first (Map order). */
  readonly #pending = new Map<string, Pending>();
  readonly #now: () => number;
  readonly #ttlMs: number;

  constructor(options: { now?: () => number; ttlMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? PENDING_WRITE_TTL_MS;
  }

  /** Records the version a write left on the pod (the apiserver's answer). */
  wrote(written: { metadata?: { uid?: string; resourceVersion?: string } }): void {
    const uid = written.metadata?.uid;
    const resourceVersion = written.metadata?.resourceVersion;
    if (uid === undefined || resourceVersion === undefined) return;
    const now = this.#now();
    this.#pending.delete(uid);
    this.#pending.set(uid, { resourceVersion, at: now });
    for (const [key, p] of this.#pending) {
      if (now - p.at < this.#ttlMs) break;
      this.#pending.delete(key);
    }
  }

  /**
   * The cache's copy of `listed` to act on: `cached` when it is the same pod (uid) and shows our last write to it;
   * undefined when the pod is gone or replaced, or our write is not back yet (the move waits for the reconcile that
   * sees it).
   */
  toActOn(listed: StatefulSetPod, cached: StatefulSetPod | undefined): StatefulSetPod | undefined {
    const uid = listed.metadata.uid;
    if (cached === undefined || uid === undefined || cached.metadata.uid !== uid) return undefined;
    const p = this.#pending.get(uid);
    if (p === undefined) return cached;
    if (
      isResourceVersionAtLeast(p.resourceVersion, cached.metadata.resourceVersion ?? '') ||
      this.#expired(p)
    ) {
      this.#pending.delete(uid);
      return cached;
    }
    return undefined;
  }

  /** Pods with a write not seen yet (for tests). */
  get size(): number {
    return this.#pending.size;
  }

  #expired(p: Pending): boolean {
    return this.#now() - p.at >= this.#ttlMs;
  }
}
