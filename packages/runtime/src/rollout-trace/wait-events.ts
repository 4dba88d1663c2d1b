// How a rollout's waits appear in its trace, the same for every workload kind: one `rollout.wait` span event per
// thing the reconcile found the rollout waiting for (`kruise.rollout.wait` reason, `kruise.rollout.wait.pods`,
// `kruise.rollout.wait.sample`, `kruise.rollout.wait.remaining_ms`), and `rollout complete` once. `kubectl kruise
// rollout why` reads exactly these names (packages/kubectl-kruise/src/why/critical-path.ts).
import type { Attributes, Span } from '@opentelemetry/api';
import type { ExpectationWait } from '../service/workload-controller.ts';
import type { Rollout } from './tracker.ts';

export const WAIT_EVENT = 'rollout.wait';
export const COMPLETE_EVENT = 'rollout complete';

export const WaitAttr = {
  reason: 'kruise.rollout.wait',
  pods: 'kruise.rollout.wait.pods',
  sample: 'kruise.rollout.wait.sample',
  remainingMs: 'kruise.rollout.wait.remaining_ms',
  podName: 'k8s.pod.name',
} as const;

/** Wait reasons every workload kind reports alike (kubectl-kruise reads them the same way). */
export const RolloutWaitReason = {
  Expectations: 'WaitingForExpectations',
  LifecycleHook: 'WaitingForLifecycleHook',
  InPlaceUpdate: 'WaitingForInPlaceUpdate',
  Readiness: 'WaitingForReadiness',
  MinReadySeconds: 'WaitingForMinReadySeconds',
  MaxUnavailable: 'MaxUnavailableReached',
  Partition: 'PartitionReached',
  Paused: 'Paused',
} as const;

/** A kind's wait reasons: the shared ones plus its own (e.g. CloneSet's in-place grace period). */
export function rolloutWaitReasons<const E extends Record<string, string>>(
  own: E,
): typeof RolloutWaitReason & E {
  return { ...RolloutWaitReason, ...own };
}

/** The reason strings of a `rolloutWaitReasons(…)` object. */
export type WaitReasonOf<T extends Record<string, string>> = T[keyof T];

export interface RolloutWait<R extends string = string> {
  reason: R;
  /** Pods concerned. */
  pods: number;
  /** Up to five of their names, for the span event. */
  sample: string[];
  /** When the earliest of them should stop waiting (minReadySeconds, grace period). */
  remainingMs?: number;
}

const SAMPLE = 5;

/** A wait on these pods; `remainingMs` when it ends by itself. */
export function waitOn<R extends string>(
  reason: R,
  pods: readonly { metadata: { name?: string } }[],
  remainingMs?: number,
): RolloutWait<R> {
  return {
    reason,
    pods: pods.length,
    sample: pods.slice(0, SAMPLE).map((p) => p.metadata.name ?? ''),
    ...(remainingMs === undefined ? {} : { remainingMs }),
  };
}

/** The `rollout.wait` event of `wait`; `attributes` add what only this wait says (e.g. which expectation). */
export function addWaitEvent(span: Span, wait: RolloutWait, attributes: Attributes = {}): void {
  span.addEvent(WAIT_EVENT, {
    [WaitAttr.reason]: wait.reason,
    [WaitAttr.pods]: wait.pods,
    [WaitAttr.sample]: wait.sample.join(','),
    ...(wait.remainingMs === undefined ? {} : { [WaitAttr.remainingMs]: wait.remainingMs }),
    ...attributes,
  });
}

/**
 * The `rollout.wait` event of a reconcile its expectations hold back: `workload` (`cloneset`, `statefulset`) when
 * its own last write is not in the cache yet, else the scale action still pending and whether it leaked.
 */
export function addExpectationsWaitEvent(span: Span, waiting: ExpectationWait, workload: string): void {
  span.addEvent(WAIT_EVENT, {
    [WaitAttr.reason]: RolloutWaitReason.Expectations,
    ...(waiting.expectation === 'workload'
      ? { 'kruise.expectation': workload }
      : {
          'kruise.expectation': waiting.expectation,
          'kruise.expectation.pending': waiting.pending,
          'kruise.expectation.leaked': waiting.leaked,
        }),
  });
}

/** Marks the rollout complete; the `rollout complete` event goes on the span the first time only. */
export function completeRollout(
  span: Span,
  rollout: Rollout,
  complete: (rollout: Rollout) => boolean,
  now: number,
): boolean {
  if (!complete(rollout)) return false;
  span.addEvent(COMPLETE_EVENT, {
    'kruise.rollout.duration_ms': (rollout.completedAt ?? now) - rollout.startedAt,
  });
  return true;
}

/** The wait that explains a stalled rollout best: the first by `priority`; reasons not listed never lead. */
export function leadingWait<R extends string>(
  waits: readonly RolloutWait<R>[],
  priority: readonly string[],
): RolloutWait<R> | undefined {
  const rank = (reason: string) => {
    const i = priority.indexOf(reason);
    return i < 0 ? priority.length : i;
  };
  const first = [...waits].sort((a, b) => rank(a.reason) - rank(b.reason))[0];
  return first !== undefined && rank(first.reason) < priority.length ? first : undefined;
}

/** When to look again because one of `selfEnding` waits (minReadySeconds, grace period) ends by itself. */
export function nextWakeMs(waits: readonly RolloutWait[], selfEnding: readonly string[]): number | undefined {
  const remaining = waits
    .filter((w) => selfEnding.includes(w.reason))
    .map((w) => w.remainingMs)
    .filter((v): v is number => v !== undefined);
  return remaining.length === 0 ? undefined : Math.min(...remaining);
}
