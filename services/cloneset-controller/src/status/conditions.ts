// CloneSet status conditions (docs/behaviour/cloneset.md#status-fields, #status): Progressing with its reasons, FailedScale/FailedUpdate, and Kruise's
// SetCloneSetCondition, which leaves a condition untouched when neither status nor reason changes.

import { formatRfc3339 } from '@kruise-ts/core';
import type { CloneSetCondition, Now } from '../types.ts';

export const CloneSetConditionType = {
  Progressing: 'Progressing',
  FailedScale: 'FailedScale',
  FailedUpdate: 'FailedUpdate',
} as const;

export const ProgressingReason = {
  Available: 'CloneSetAvailable',
  Paused: 'CloneSetPaused',
  PartitionAvailable: 'ProgressPartitionAvailable',
  DeadlineExceeded: 'ProgressDeadlineExceeded',
  Updated: 'CloneSetUpdated',
} as const;

export function getCloneSetCondition(
  conditions: readonly CloneSetCondition[] | undefined,
  type: string,
): CloneSetCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

export function newCloneSetCondition(
  type: string,
  status: string,
  reason: string,
  message: string,
  now: Now,
): CloneSetCondition {
  const t = formatRfc3339(now);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

/**
 * SetCloneSetCondition: unchanged status and reason keep the old condition as it is; same status with a new
 * reason keeps lastTransitionTime; the condition moves to the end of the list.
 */
export function setCloneSetCondition(
  conditions: readonly CloneSetCondition[] | undefined,
  condition: CloneSetCondition,
): CloneSetCondition[] {
  const current = getCloneSetCondition(conditions, condition.type);
  if (
    current !== undefined &&
    current.status === condition.status &&
    (current.reason ?? '') === (condition.reason ?? '')
  ) {
    return [...(conditions ?? [])];
  }
  const next = { ...condition };
  if (
    current !== undefined &&
    current.status === condition.status &&
    current.lastTransitionTime !== undefined
  ) {
    next.lastTransitionTime = current.lastTransitionTime;
  }
  return [...(conditions ?? []).filter((c) => c.type !== condition.type), next];
}

export function removeCloneSetCondition(
  conditions: readonly CloneSetCondition[] | undefined,
  type: string,
): CloneSetCondition[] {
  return (conditions ?? []).filter((c) => c.type !== type);
}

/** FailedScale / FailedUpdate after a failed step: status True, no reason, the error as message. */
export function failureCondition(
  type: 'FailedScale' | 'FailedUpdate',
  message: string,
  now: Now,
): CloneSetCondition {
  return { type, status: 'True', lastTransitionTime: formatRfc3339(now), message };
}
