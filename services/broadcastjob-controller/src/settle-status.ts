// The counters Kruise actually writes when some planned writes fail. Each successful delete moves a pod from
// active to failed (deleteJobPods); each create call that returns — even with an error, only a timeout excepted —
// adds one to active (reconcilePods counts it before looking at the error). Phase, conditions and Events stay as
// planned, as they do in Kruise.

import type { BroadcastJobStatus } from '@kruise-ts/api';
import type { BroadcastJobPlan } from './plan.ts';

export interface WriteOutcome {
  /** Pods deleted successfully. */
  deleted: number;
  /** Create calls made that did not time out (successes and errors alike). */
  createCallsCounted: number;
}

export function settleStatus(plan: BroadcastJobPlan, outcome: WriteOutcome): BroadcastJobStatus | undefined {
  if (plan.status === undefined) return undefined;
  return {
    ...plan.status,
    active: plan.observed.active - outcome.deleted + outcome.createCallsCounted,
    failed: plan.observed.failed + outcome.deleted,
  };
}
