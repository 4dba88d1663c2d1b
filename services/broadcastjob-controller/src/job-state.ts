// Reading a BroadcastJob's lifecycle: finished or not (IsJobFinished), the active deadline
// (pastActiveDeadline) and the TTL after finishing (pastTTLDeadline). Missing policy fields read as the
// defaulting webhook would have set them (completionPolicy.type Always, failurePolicy.type FailFast).

import type { BroadcastJob } from './types.ts';

export type CompletionPolicyType = 'Always' | 'Never';
export type FailurePolicyType = 'Continue' | 'FailFast' | 'Pause';

export function completionType(job: BroadcastJob): CompletionPolicyType {
  return job.spec.completionPolicy?.type ?? 'Always';
}

export function failurePolicyType(job: BroadcastJob): FailurePolicyType {
  return job.spec.failurePolicy?.type ?? 'FailFast';
}

/** A Complete or Failed condition with status True; a Never job is never finished. */
export function isJobFinished(job: BroadcastJob): boolean {
  if (completionType(job) === 'Never') return false;
  return (job.status?.conditions ?? []).some(
    (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
}

function parseTime(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Milliseconds until the active deadline (≤ 0: past it); undefined without a deadline or a start time. */
export function activeDeadlineRemainingMs(
  job: BroadcastJob,
  startTime: string | undefined,
  now: number,
): number | undefined {
  const seconds = job.spec.completionPolicy?.activeDeadlineSeconds;
  const start = parseTime(startTime);
  if (seconds === undefined || start === undefined) return undefined;
  return start + seconds * 1000 - now;
}

/** Milliseconds until the TTL after completion runs out (≤ 0: past it); undefined without TTL or completionTime. */
export function ttlRemainingMs(job: BroadcastJob, now: number): number | undefined {
  const seconds = job.spec.completionPolicy?.ttlSecondsAfterFinished;
  const finished = parseTime(job.status?.completionTime);
  if (seconds === undefined || finished === undefined) return undefined;
  return finished + seconds * 1000 - now;
}
