// Scale expectations (docs/behaviour/cloneset.md#watches, #reconcile-steps step 3): before creating or deleting a pod/PVC the controller records the
// name; informer events observe it. While anything is pending the CloneSet is not reconciled, so a lagging cache
// never causes duplicate creations or deletions.

import {
  DEFAULT_EXPECTATION_TIMEOUT_MS,
  type ExpectationLeakHook,
  type ExpectationOptions,
} from './expectation-leaks.ts';

export type ScaleAction = 'create' | 'delete';
const ACTIONS: readonly ScaleAction[] = ['create', 'delete'];

export interface PendingScale {
  action: ScaleAction;
  names: string[];
}

export type ScaleSatisfaction =
  | { satisfied: true }
  /** Only the first action with pending names is reported (create before delete), as in Kruise. */
  | { satisfied: false; unsatisfiedForMs: number; pending: PendingScale };

export type ScaleCheck =
  | { proceed: true }
  /** Still waiting: requeue when the timeout would be reached. */
  | { proceed: false; leaked: false; requeueAfterMs: number; pending: PendingScale }
  /**
   * Timed out (reported to onLeak). Kruise then skips the reconcile without requeue; with the
   * ForceDeleteTimeoutExpectation gate it drops the expectations and requeues after 10 s.
   */
  | { proceed: false; leaked: true; requeueAfterMs: number | undefined; pending: PendingScale };

export interface ScaleCheckOptions {
  /** ForceDeleteTimeoutExpectationGate: drop timed-out expectations and requeue after 10 s. */
  forceDeleteOnTimeout?: boolean;
}

const FORCE_DELETE_REQUEUE_MS = 10_000;

interface Entry {
  pending: Map<ScaleAction, Set<string>>;
  /** Set by the first check that finds the entry unsatisfied (not by expect), never reset while the entry lives. */
  firstUnsatisfiedAt: number | undefined;
}

export class ScaleExpectations {
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

  expect(controllerKey: string, action: ScaleAction, name: string): void {
    let entry = this.#entries.get(controllerKey);
    if (entry === undefined) {
      entry = { pending: new Map(), firstUnsatisfiedAt: undefined };
      this.#entries.set(controllerKey, entry);
    }
    let names = entry.pending.get(action);
    if (names === undefined) {
      names = new Set();
      entry.pending.set(action, names);
    }
    names.add(name);
  }

  /** Marks a name seen; once nothing is pending for the controller its entry (and its timer) is dropped. */
  observe(controllerKey: string, action: ScaleAction, name: string): void {
    const entry = this.#entries.get(controllerKey);
    const names = entry?.pending.get(action);
    if (entry === undefined || names === undefined) return;
    names.delete(name);
    for (const set of entry.pending.values()) if (set.size > 0) return;
    this.#entries.delete(controllerKey);
  }

  /** Whether `name` is still expected to be created or deleted under the controller. */
  isPending(controllerKey: string, action: ScaleAction, name: string): boolean {
    return this.#entries.get(controllerKey)?.pending.get(action)?.has(name) === true;
  }

  /** SatisfiedExpectations: starts the unsatisfied timer on first failure; a satisfied entry is dropped. */
  satisfied(controllerKey: string): ScaleSatisfaction {
    const entry = this.#entries.get(controllerKey);
    if (entry === undefined) return { satisfied: true };
    for (const action of ACTIONS) {
      const names = entry.pending.get(action);
      if (names !== undefined && names.size > 0) {
        const now = this.#now();
        entry.firstUnsatisfiedAt ??= now;
        return {
          satisfied: false,
          unsatisfiedForMs: now - entry.firstUnsatisfiedAt,
          pending: { action, names: [...names].sort() },
        };
      }
    }
    this.#entries.delete(controllerKey);
    return { satisfied: true };
  }

  /** The reconcile gate of doReconcile step 3, including the timeout handling and leak reporting. */
  check(controllerKey: string, options: ScaleCheckOptions = {}): ScaleCheck {
    const s = this.satisfied(controllerKey);
    if (s.satisfied) return { proceed: true };
    if (s.unsatisfiedForMs < this.#timeoutMs) {
      return {
        proceed: false,
        leaked: false,
        requeueAfterMs: this.#timeoutMs - s.unsatisfiedForMs,
        pending: s.pending,
      };
    }
    this.#onLeak?.({ kind: 'scale', key: controllerKey, unsatisfiedForMs: s.unsatisfiedForMs });
    if (options.forceDeleteOnTimeout === true) {
      this.delete(controllerKey);
      return { proceed: false, leaked: true, requeueAfterMs: FORCE_DELETE_REQUEUE_MS, pending: s.pending };
    }
    return { proceed: false, leaked: true, requeueAfterMs: undefined, pending: s.pending };
  }

  delete(controllerKey: string): void {
    this.#entries.delete(controllerKey);
  }

  /** Drops every controller key `matches` accepts (a lost partition's keys: the next owner decides afresh). */
  forget(matches: (controllerKey: string) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (matches(key)) this.#entries.delete(key);
  }

  /** A copy of what is pending for the controller, or undefined when nothing is recorded. */
  get(controllerKey: string): Record<ScaleAction, string[]> | undefined {
    const entry = this.#entries.get(controllerKey);
    if (entry === undefined) return undefined;
    const names = (a: ScaleAction) => [...(entry.pending.get(a) ?? [])].sort();
    return { create: names('create'), delete: names('delete') };
  }

  /** Gauge: controllers whose expectations have been unsatisfied for at least the timeout. */
  leakedCount(): number {
    const now = this.#now();
    let n = 0;
    for (const e of this.#entries.values()) {
      if (e.firstUnsatisfiedAt !== undefined && now - e.firstUnsatisfiedAt >= this.#timeoutMs) n++;
    }
    return n;
  }

  /** Gauge: controllers with any expectation recorded. */
  size(): number {
    return this.#entries.size;
  }
}
