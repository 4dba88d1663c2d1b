// One AdvancedCronJob reconcile as a pure decision (docs/behaviour/advancedcronjob.md#controller steps 1–8; Kruise's reconcileJob /
// reconcileBroadcastJob, which share their logic): from the ACJ, its children and the clock, the status to
// write, the finished children to prune, the active children to replace, the child to create and when to look
// again.
//
// The caller carries it out in Kruise's order: write the status (a failure ends the reconcile with an error);
// delete deleteForHistory (best effort, background propagation); unless paused, delete deleteActive
// (background; NotFound is fine, any other failure ends the reconcile with an error), then create `create`
// (a failure, AlreadyExists included, is a reconcile error, retried with backoff); finally requeue after
// requeueAfterMs if set.

import { formatRfc3339 } from '@kruise-ts/core';
import { findTemplateKind, newChild, templateError } from './child.ts';
import { childReference, classifyChildren, historyToDelete, isChildOf } from './children.ts';
import { getNextScheduleTime, isTooLate } from './schedule.ts';
import type {
  AcjChild,
  AdvancedCronJob,
  ChildKind,
  NewChild,
  Now,
  ObjectReference,
  TemplateKind,
} from './types.ts';
import { nowMs } from './types.ts';

export interface AdvancedCronJobPlanInput {
  acj: AdvancedCronJob;
  /**
   * Jobs (jobTemplate) or BroadcastJobs (broadcastJobTemplate) of the ACJ's namespace. Only those whose
   * controller ownerReference names this ACJ count, as with Kruise's field index.
   */
  children: readonly AcjChild[];
  now: Now;
  /**
   * The controller process's IANA zone (Go's time.Local): schedules without TZ / timeZone are read in it, and
   * scheduled-at annotations are printed in it. Default 'UTC'.
   */
  defaultZone?: string;
}

/** Why no child is created this round. */
export type SkipReason =
  /** No activation since the last run (or since creation / now − startingDeadlineSeconds). */
  | 'NoMissedRun'
  /** The missed run is more than startingDeadlineSeconds old. */
  | 'TooLate'
  /** concurrencyPolicy Forbid and a child is still active. */
  | 'Forbid'
  /** More than 100 activations were missed: logged, not retried (no requeue). */
  | 'TooManyMissed'
  /** The schedule does not parse: logged, not retried (no requeue). */
  | 'UnparsableSchedule'
  /** An imageListPullJobTemplate (or no template at all): not handled by this controller. */
  | 'UnsupportedTemplate';

export interface AdvancedCronJobPlanStatus {
  type: TemplateKind;
  /** References to the active children ([] when none; Kruise omits an empty list). */
  active: ObjectReference[];
  /** RFC 3339 UTC (metav1.Time); absent when no child carries a scheduled-at annotation. */
  lastScheduleTime?: string;
}

export interface AdvancedCronJobPlan {
  /** The whole status to write (Status().Update), every reconcile. */
  status: AdvancedCronJobPlanStatus;
  /** Finished children beyond the history limits: failed ones first, each oldest first. */
  deleteForHistory: AcjChild[];
  /** spec.paused: status and history only, nothing scheduled, no requeue. */
  paused: boolean;
  /** concurrencyPolicy Replace: the active children to delete before creating. */
  deleteActive: AcjChild[];
  /** The child for the missed run. */
  create?: NewChild;
  skipped?: SkipReason;
  /** Look again at the next activation; absent when paused, on errors, or when there is no next activation. */
  requeueAfterMs?: number;
  /** What Kruise logs and does not retry (TooManyMissed, UnparsableSchedule, UnsupportedTemplate). */
  error?: string;
  /** The run being started or skipped (epoch ms). */
  missedRun?: number;
  /** The next activation after now (epoch ms). */
  nextRun?: number;
}

export function planAdvancedCronJob(input: AdvancedCronJobPlanInput): AdvancedCronJobPlan {
  const { acj } = input;
  const now = nowMs(input.now);
  const zone = input.defaultZone ?? 'UTC';
  const paused = acj.spec.paused === true;
  const type = findTemplateKind(acj.spec);

  const unsupported = templateError(acj.spec);
  if (unsupported !== undefined || type === 'ImageListPullJob') {
    // Nothing here reads this kind's children: keep the stored status, with Kruise's type.
    const stored = acj.status;
    return {
      status: {
        type,
        active: structuredClone(stored?.active ?? []),
        ...(stored?.lastScheduleTime ? { lastScheduleTime: stored.lastScheduleTime } : {}),
      },
      deleteForHistory: [],
      paused,
      deleteActive: [],
      skipped: 'UnsupportedTemplate',
      error: unsupported ?? 'unsupported template',
    };
  }
  const kind: ChildKind = type;

  // Steps 1–2: classify, recompute lastScheduleTime and active from the children alone.
  const children = input.children.filter((child) => isChildOf(acj, child, kind));
  const classified = classifyChildren(children);
  const status: AdvancedCronJobPlanStatus = {
    type,
    active: classified.active.map((child) => childReference(child, kind)),
    ...(classified.lastScheduleTime === undefined
      ? {}
      : { lastScheduleTime: formatRfc3339(classified.lastScheduleTime) }),
  };

  // Step 3.
  const plan: AdvancedCronJobPlan = {
    status,
    deleteForHistory: historyToDelete(acj.spec, classified),
    paused,
    deleteActive: [],
  };

  // Step 4.
  if (paused) return plan;

  // Step 5.
  const schedule = getNextScheduleTime({
    acj,
    lastScheduleTime: classified.lastScheduleTime,
    now,
    defaultZone: zone,
  });
  if (!schedule.ok) return { ...plan, skipped: schedule.reason, error: schedule.error };
  if (schedule.nextRun !== undefined) {
    plan.nextRun = schedule.nextRun;
    plan.requeueAfterMs = schedule.nextRun - now;
  }

  // Step 6.
  const missedRun = schedule.missedRun;
  if (missedRun === undefined) return { ...plan, skipped: 'NoMissedRun' };
  plan.missedRun = missedRun;
  if (isTooLate(missedRun, acj.spec.startingDeadlineSeconds, now)) return { ...plan, skipped: 'TooLate' };

  // Step 7. An unset policy behaves as Allow.
  const policy = acj.spec.concurrencyPolicy;
  if (policy === 'Forbid' && classified.active.length > 0) return { ...plan, skipped: 'Forbid' };
  if (policy === 'Replace') plan.deleteActive = [...classified.active];

  // Step 8.
  const made = newChild(acj, missedRun, zone);
  if ('error' in made) return { ...plan, deleteActive: [], error: made.error };
  return { ...plan, create: made.child };
}
