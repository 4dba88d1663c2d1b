// robfig/cron v3 Schedule.Next: the first activation strictly after a time. The five-field search is the
// same field-by-field walk robfig does (month, day, hour, minute, second; a field that wraps starts over),
// on the schedule zone's wall clock, so daylight-saving time behaves as it does in Kruise:
//  - hours are stepped as real hours, so a wall time inside a spring-forward gap never occurs and is skipped
//    (`30 2 * * *` in New York does not run on the spring-forward day);
//  - a wall time in a repeated fall-back hour matches at both occurrences (`0 1 * * *` in New York runs at
//    01:00 EDT and again at 01:00 EST).

import type { ConstantDelaySchedule, CronSchedule, SpecSchedule } from './parse.ts';
import { addDate, goDate, type WallClock, wallClock } from './zone.ts';

/** robfig gives up (returns Go's zero time) when nothing matches within five years. */
const YEAR_LIMIT = 5;

function dayMatches(s: SpecSchedule, w: WallClock): boolean {
  const dom = s.dom.has(w.day);
  const dow = s.dow.has(w.weekday);
  // With either day field a star, both must match (the star one always does); otherwise either one suffices.
  return s.domStar || s.dowStar ? dom && dow : dom || dow;
}

function nextConstantDelay(s: ConstantDelaySchedule, afterMs: number): number {
  // Drops the sub-second part so activations stay on whole seconds.
  return afterMs - (((afterMs % 1000) + 1000) % 1000) + s.delayMs;
}

function nextSpec(s: SpecSchedule, afterMs: number): number | undefined {
  const zone = s.zone;
  // Start at the next whole second; all arithmetic below is in Unix seconds.
  let t = Math.floor(afterMs / 1000) + 1;
  let w = wallClock(zone, t);
  const yearLimit = w.year + YEAR_LIMIT;
  // Once a field had to move, the lower fields restart from their minimum instead of the current time.
  let added = false;

  wrap: for (;;) {
    if (w.year > yearLimit) return undefined;

    while (!s.month.has(w.month)) {
      if (!added) {
        added = true;
        t = goDate(zone, w.year, w.month, 1);
      }
      t = addDate(zone, t, 0, 1, 0);
      w = wallClock(zone, t);
      if (w.month === 1) continue wrap;
    }

    while (!dayMatches(s, w)) {
      if (!added) {
        added = true;
        t = goDate(zone, w.year, w.month, w.day);
      }
      t = addDate(zone, t, 0, 0, 1);
      w = wallClock(zone, t);
      // Where midnight falls into a DST gap, the day starts at 01:00 (or 23:00 the day before): pull it back
      // to the day's start as robfig does.
      if (w.hour !== 0) {
        t += w.hour > 12 ? (24 - w.hour) * 3600 : -w.hour * 3600;
        w = wallClock(zone, t);
      }
      if (w.day === 1) continue wrap;
    }

    while (!s.hour.has(w.hour)) {
      if (!added) {
        added = true;
        t = goDate(zone, w.year, w.month, w.day, w.hour);
      }
      t += 3600;
      w = wallClock(zone, t);
      if (w.hour === 0) continue wrap;
    }

    while (!s.minute.has(w.minute)) {
      if (!added) {
        added = true;
        // Go's Truncate works on absolute (UTC) time.
        t -= ((t % 60) + 60) % 60;
      }
      t += 60;
      w = wallClock(zone, t);
      if (w.minute === 0) continue wrap;
    }

    while (!s.second.has(w.second)) {
      added = true;
      t += 1;
      w = wallClock(zone, t);
      if (w.second === 0) continue wrap;
    }

    return t * 1000;
  }
}

/** The schedule's first activation strictly after `after`; undefined when there is none within five years. */
export function next(schedule: CronSchedule, after: Date): Date | undefined {
  const ms =
    schedule.kind === 'every'
      ? nextConstantDelay(schedule, after.getTime())
      : nextSpec(schedule, after.getTime());
  return ms === undefined ? undefined : new Date(ms);
}
