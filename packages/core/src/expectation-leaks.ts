// What expectations share: the timeout after which Kruise gives up waiting for the cache (its --expectation-timeout,
// 5 minutes by default) and a hook to count such leaks, so a metrics registry can be attached without this package
// depending on one.

export const DEFAULT_EXPECTATION_TIMEOUT_MS = 5 * 60_000;

export type ExpectationKind = 'scale' | 'resourceVersion';

export interface ExpectationLeak {
  kind: ExpectationKind;
  /** Controller key ("namespace/name") for scale expectations, object UID for resourceVersion expectations. */
  key: string;
  /** How long the expectation had been unsatisfied when it was found timed out. */
  unsatisfiedForMs: number;
}

/**
 * Called each time a check finds an expectation past its timeout — like Kruise's
 * cloneset_scale_expectation_leakage counter, which grows on every reconcile that meets a leaked expectation.
 */
export type ExpectationLeakHook = (leak: ExpectationLeak) => void;

export interface ExpectationOptions {
  timeoutMs?: number;
  /** Milliseconds clock; injectable for tests. */
  now?: () => number;
  onLeak?: ExpectationLeakHook;
}
