// @kruise-ts/advancedcronjob-controller: the AdvancedCronJob reconcile as pure decisions (docs/behaviour/advancedcronjob.md#advancedcronjob).
// planAdvancedCronJob is the entry point; the rest are its parts (robfig/cron v3 schedules, missed-run walk,
// children and history, the child object), exported for the service and for tests.

export {
  ACJ_API_VERSION,
  acjControllerRef,
  childName,
  findTemplateKind,
  type NewChildResult,
  newChild,
  templateError,
} from './child.ts';
export {
  ACJ_KIND,
  CHILD_TYPE,
  type ChildOutcome,
  type ClassifiedChildren,
  childOutcome,
  childReference,
  childrenBeyondLimit,
  classifyChildren,
  historyToDelete,
  isChildOf,
  SCHEDULED_AT_ANNOTATION,
  scheduledTimeOf,
} from './children.ts';
export { type GoDurationResult, parseGoDuration } from './cron/go-duration.ts';
export { next } from './cron/next.ts';
export {
  type ConstantDelaySchedule,
  type CronSchedule,
  type ParseResult,
  parseStandard,
  type SpecSchedule,
} from './cron/parse.ts';
export { formatRfc3339InZone } from './cron/zone.ts';
export {
  type AdvancedCronJobPlan,
  type AdvancedCronJobPlanInput,
  type AdvancedCronJobPlanStatus,
  planAdvancedCronJob,
  type SkipReason,
} from './plan.ts';

export {
  formatSchedule,
  getNextScheduleTime,
  isTooLate,
  MAX_MISSED_RUNS,
  type NextSchedule,
  type NextScheduleInput,
  TOO_MANY_MISSED_MESSAGE,
} from './schedule.ts';
export type * from './types.ts';
export { nowMs } from './types.ts';
