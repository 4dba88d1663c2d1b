// When an AdvancedCronJob should have run and when it runs next (docs/behaviour/advancedcronjob.md#controller step 5; Kruise's
// formatSchedule in advancedcronjob_utils.go and getNextSchedule in the Job/BroadcastJob reconcilers).

import { timeZoneError } from '@kruise-ts/api';
import { parseRfc3339 } from '@kruise-ts/kube';
import { next } from './cron/next.ts';
import { parseStandard } from './cron/parse.ts';
import type { AdvancedCronJob } from './types.ts';

/** Kruise gives up beyond this many missed runs rather than walk an unbounded history. */
export const MAX_MISSED_RUNS = 100;

export const TOO_MANY_MISSED_MESSAGE =
  'too many missed start times (> 100). Set or decrease .spec.startingDeadlineSeconds or check clock skew';

/** Go's zero time (0001-01-01T00:00:00Z): what an unset creationTimestamp reads as. */
const GO_ZERO_TIME_MS = -62_135_596_800_000;

/**
 * The schedule robfig parses: spec.timeZone becomes a "TZ=<zone> " prefix unless the schedule already names a
 * zone (any "TZ" in it). A zone Go cannot load is ignored, as Kruise only logs it.
 */
export function formatSchedule(spec: { schedule: string; timeZone?: string | null }): string {
  if (spec.schedule.includes('TZ')) return spec.schedule;
  if (spec.timeZone === undefined || spec.timeZone === null) return spec.schedule;
  if (timeZoneError(spec.timeZone) !== undefined) return spec.schedule;
  return `TZ=${spec.timeZone} ${spec.schedule}`;
}

export interface NextScheduleInput {
  acj: Pick<AdvancedCronJob, 'metadata' | 'spec'>;
  /** lastScheduleTime as just recomputed from the children (epoch ms); Kruise never reads the stored one. */
  lastScheduleTime: number | undefined;
  now: number;
  /** The controller process's zone, for schedules without a TZ prefix. */
  defaultZone?: string;
}

export type NextSchedule =
  | {
      ok: true;
      /** The most recent activation in (earliest, now]; undefined when none was missed. */
      missedRun?: number;
      /** The first activation after now; undefined when the schedule has none within five years. */
      nextRun?: number;
    }
  | { ok: false; reason: 'UnparsableSchedule' | 'TooManyMissed'; error: string };

/**
 * Walks the schedule from the last run (or the ACJ's creation) to now. With startingDeadlineSeconds, runs
 * older than now − deadline are not looked at. Only the latest missed run counts: catch-up runs collapse
 * into one.
 */
export function getNextScheduleTime(input: NextScheduleInput): NextSchedule {
  const { acj, now } = input;
  const parsed = parseStandard(formatSchedule(acj.spec), input.defaultZone ?? 'UTC');
  if ('error' in parsed)
    return {
      ok: false,
      reason: 'UnparsableSchedule',
      error: `unparsable schedule ${JSON.stringify(acj.spec.schedule)}: ${parsed.error}`,
    };
  const schedule = parsed.schedule;
  const after = (ms: number) => next(schedule, new Date(ms))?.getTime();

  let earliest = input.lastScheduleTime ?? parseRfc3339(acj.metadata?.creationTimestamp) ?? GO_ZERO_TIME_MS;
  const deadline = acj.spec.startingDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) earliest = Math.max(earliest, now - deadline * 1000);
  if (earliest > now) return { ok: true, ...optional('nextRun', after(now)) };

  let missedRun: number | undefined;
  let count = 0;
  for (let t = after(earliest); ; t = after(t)) {
    // robfig's "none within five years" is Go's zero time, which is before now: Kruise counts it as a missed
    // run and keeps walking from year 1, so it always ends in the too-many error.
    if (t === undefined) return tooManyMissed();
    if (t > now) break;
    missedRun = t;
    count++;
    if (count > MAX_MISSED_RUNS) return tooManyMissed();
  }
  return { ok: true, ...optional('missedRun', missedRun), ...optional('nextRun', after(now)) };
}

/** Whether the missed run is already more than startingDeadlineSeconds old (then it is not started). */
export function isTooLate(
  missedRun: number,
  startingDeadlineSeconds: number | null | undefined,
  now: number,
) {
  if (startingDeadlineSeconds === undefined || startingDeadlineSeconds === null) return false;
  return missedRun + startingDeadlineSeconds * 1000 < now;
}

function tooManyMissed(): NextSchedule {
  return { ok: false, reason: 'TooManyMissed', error: TOO_MANY_MISSED_MESSAGE };
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}
