// ResourceVersion expectations (docs/behaviour/cloneset.md#reconcile-steps step 9): after the controller writes an object it expects the cache to
// show at least that resourceVersion before deciding on it again.

import { isResourceVersionAtLeast } from '@kruise-ts/kube';
import {
  DEFAULT_EXPECTATION_TIMEOUT_MS,
  type ExpectationLeakHook,
  type ExpectationOptions,
} from './expectation-leaks.ts';

/** What the expectations read from an object: its UID and resourceVersion (as in metadata). */
export interface VersionedObject {
  metadata: { uid?: string; resourceVersion?: string; namespace?: string };
}

export type VersionSatisfaction = { satisfied: true } | { satisfied: false; unsatisfiedForMs: number };

export type VersionCheck =
  | { proceed: true; leaked: false }
  | { proceed: false; leaked: false; requeueAfterMs: number }
  /**
   * Timed out (reported to onLeak). With onTimeout 'drop' (Kruise's handling of the update revision) the
   * expectation is deleted and the reconcile continues; with 'stop' (its handling of pods) the reconcile ends
   * without requeue and the expectation stays.
   */
  | { proceed: boolean; leaked: true };

export interface VersionCheckOptions {
  onTimeout: 'drop' | 'stop';
}

interface Entry {
  version: string;
  firstUnsatisfiedAt: number | undefined;
  /** Where the object lives, when the writer said (for forgetNamespaces). */
  namespace: string | undefined;
}

export class ResourceVersionExpectations {
  readonly #entries = new Map<string, Entry>();
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #onLeak: ExpectationLeakHook | undefined;

  constructor(options: ExpectationOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_EXPECTATION_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
    this.#onLeak = options.onLeak;
  }

  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** Records the version just written; an older version never lowers an existing expectation. */
  expect(obj: VersionedObject): void {
    const uid = obj.metadata.uid ?? '';
    const rv = obj.metadata.resourceVersion ?? '';
    let entry = this.#entries.get(uid);
    if (entry === undefined) {
      entry = { version: '', firstUnsatisfiedAt: undefined, namespace: obj.metadata.namespace };
      this.#entries.set(uid, entry);
    }
    if (isResourceVersionAtLeast(entry.version, rv)) entry.version = rv;
  }

  /** The cache shows this version: drop the expectation once it is reached. */
  observe(obj: VersionedObject): void {
    const uid = obj.metadata.uid ?? '';
    const entry = this.#entries.get(uid);
    if (entry !== undefined && isResourceVersionAtLeast(entry.version, obj.metadata.resourceVersion ?? '')) {
      this.#entries.delete(uid);
    }
  }

  /** IsSatisfied: the first unsatisfied check starts the timer. */
  isSatisfied(obj: VersionedObject): VersionSatisfaction {
    const uid = obj.metadata.uid ?? '';
    const entry = this.#entries.get(uid);
    if (entry === undefined) return { satisfied: true };
    if (isResourceVersionAtLeast(entry.version, obj.metadata.resourceVersion ?? '')) {
      this.#entries.delete(uid);
      return { satisfied: true };
    }
    const now = this.#now();
    entry.firstUnsatisfiedAt ??= now;
    return { satisfied: false, unsatisfiedForMs: now - entry.firstUnsatisfiedAt };
  }

  /** Observe then IsSatisfied, with the timeout handling of doReconcile step 9. */
  check(obj: VersionedObject, options: VersionCheckOptions): VersionCheck {
    this.observe(obj);
    const s = this.isSatisfied(obj);
    if (s.satisfied) return { proceed: true, leaked: false };
    if (s.unsatisfiedForMs < this.#timeoutMs) {
      return { proceed: false, leaked: false, requeueAfterMs: this.#timeoutMs - s.unsatisfiedForMs };
    }
    this.#onLeak?.({
      kind: 'resourceVersion',
      key: obj.metadata.uid ?? '',
      unsatisfiedForMs: s.unsatisfiedForMs,
    });
    if (options.onTimeout === 'drop') {
      this.delete(obj);
      return { proceed: true, leaked: true };
    }
    return { proceed: false, leaked: true };
  }

  delete(obj: VersionedObject): void {
    this.#entries.delete(obj.metadata.uid ?? '');
  }

  /**
   * Drops the expectations of objects in the namespaces `matches` accepts, and of objects whose namespace was
   * never recorded (it cannot be told whether they are in them): a replica losing a partition must not keep
   * waiting for versions the next owner's writes will move past.
   */
  forgetNamespaces(matches: (namespace: string) => boolean): void {
    for (const [uid, entry] of this.#entries) {
      if (entry.namespace === undefined || matches(entry.namespace)) this.#entries.delete(uid);
    }
  }

  /** Gauge: objects whose expectation has been unsatisfied for at least the timeout. */
  leakedCount(): number {
    const now = this.#now();
    let n = 0;
    for (const e of this.#entries.values()) {
      if (e.firstUnsatisfiedAt !== undefined && now - e.firstUnsatisfiedAt >= this.#timeoutMs) n++;
    }
    return n;
  }

  size(): number {
    return this.#entries.size;
  }
}
