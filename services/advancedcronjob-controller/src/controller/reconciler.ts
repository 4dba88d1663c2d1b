import { apiVersionOf } from '@kruise-ts/kube';
import {
  involvedObject,
  openWorkloadRound,
  type Stored,
  type WorkloadReconcile,
  type WorkloadReconcileDeps,
  workloadWriterOptions,
} from '@kruise-ts/runtime';
import { planAdvancedCronJob } from '../plan.ts';
import type { AdvancedCronJob } from '../types.ts';
import { CronJobWriter } from './cronjob-writer.ts';
import { ADVANCEDCRONJOB, BROADCASTJOB, JOB } from './kinds.ts';

export interface ReconcilerDeps extends WorkloadReconcileDeps {
  /** The zone schedules without TZ / timeZone are read in (Kruise: the controller process's). */
  defaultZone: string;
  now?: () => number;
}

export type CronJobReconcile = WorkloadReconcile;

const involved = (obj: Stored<AdvancedCronJob>) =>
  involvedObject(apiVersionOf(ADVANCEDCRONJOB), ADVANCEDCRONJOB.kind, obj);

// Status is compared as JSON with the empty active list omitted, as Kruise's serialisation omits it.
function sameStatus(a: AdvancedCronJob['status'], b: AdvancedCronJob['status']): boolean {
  const norm = (s: AdvancedCronJob['status']) =>
    JSON.stringify({ ...s, active: s?.active?.length ? s.active : undefined });
  return norm(a) === norm(b);
}

export function createCronJobReconcile(deps: ReconcilerDeps): CronJobReconcile {
  const now = deps.now ?? Date.now;
  return async (request) => {
    const { namespace, cache, fence, span, logger } = request;
    const round = openWorkloadRound(request, ADVANCEDCRONJOB, deps);
    if (!round.proceed) return round.result;
    const { key, workload: acj } = round;

    const children = [...cache.list(JOB, namespace), ...cache.list(BROADCASTJOB, namespace)].map(
      (c) => c.object,
    );
    const plan = planAdvancedCronJob({ acj, children, now: now(), defaultZone: deps.defaultZone });
    span.setAttributes({
      'kruise.advancedcronjob.active': plan.status.active.length,
      ...(plan.skipped === undefined ? {} : { 'kruise.advancedcronjob.skipped': plan.skipped }),
      ...(plan.missedRun === undefined
        ? {}
        : { 'kruise.advancedcronjob.missed_run': new Date(plan.missedRun).toISOString() }),
      ...(plan.nextRun === undefined
        ? {}
        : { 'kruise.advancedcronjob.next_run': new Date(plan.nextRun).toISOString() }),
    });
    const writer = new CronJobWriter(workloadWriterOptions(deps, request));

    // Kruise starts from a nil list and the field is omitempty: no running child, no field (advancedcronjob_types.go).
    const { active, ...merged } = { ...acj.status, ...plan.status };
    const status: NonNullable<AdvancedCronJob['status']> =
      active.length === 0 ? merged : { ...merged, active };
    if (plan.status.lastScheduleTime === undefined) delete status.lastScheduleTime;
    if (!sameStatus(acj.status, status)) await writer.writeStatus(acj, status);

    for (const child of plan.deleteForHistory) {
      try {
        await writer.deleteChild(child);
      } catch (err) {
        // Best effort, as in Kruise: the next reconcile tries again.
        logger?.warn(
          { err, key, child: child.metadata.name },
          'cannot delete a finished child beyond the history limit',
        );
      }
    }
    if (plan.error !== undefined) {
      logger?.error({ key, reason: plan.skipped }, plan.error);
      deps.recorder.record(involved(acj), 'Warning', plan.skipped ?? 'Error', plan.error, fence);
      return undefined;
    }
    if (plan.paused) return undefined;

    for (const child of plan.deleteActive) {
      if (await writer.deleteChild(child)) {
        deps.recorder.record(
          involved(acj),
          'Normal',
          'SuccessfulDelete',
          `Deleted job ${child.metadata.name}`,
          fence,
        );
      }
    }
    if (plan.create !== undefined) {
      try {
        await writer.createChild(plan.create);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        deps.recorder.record(
          involved(acj),
          'Warning',
          'FailedCreate',
          `Error creating job: ${message}`,
          fence,
        );
        throw new Error(
          `AdvancedCronJob ${key}: cannot create ${plan.create.kind} ${plan.create.metadata.name}`,
          {
            cause: err,
          },
        );
      }
      deps.recorder.record(
        involved(acj),
        'Normal',
        'SuccessfulCreate',
        `Created ${plan.create.kind.toLowerCase()} ${plan.create.metadata.name}`,
        fence,
      );
    }
    return plan.requeueAfterMs === undefined ? undefined : { requeueAfter: plan.requeueAfterMs };
  };
}
