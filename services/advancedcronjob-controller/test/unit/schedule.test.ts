// Kruise's formatSchedule and getNextSchedule (docs/behaviour/advancedcronjob.md#controller step 5; advancedcronjob_utils.go and the
// Job/BroadcastJob reconcilers), and TestScheduleWithTimeZone (advancedcronjob_controller_test.go).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { next } from '../../src/cron/next.ts';
import { parseStandard } from '../../src/cron/parse.ts';
import {
  formatSchedule,
  getNextScheduleTime,
  isTooLate,
  type NextSchedule,
  TOO_MANY_MISSED_MESSAGE,
} from '../../src/schedule.ts';
import { at, iso, makeAcj } from './fixtures.ts';

describe('formatSchedule', () => {
  const rows: { name: string; schedule: string; timeZone?: string; want: string }[] = [
    { name: 'no timeZone ⇒ unchanged', schedule: '0 10 * * ?', want: '0 10 * * ?' },
    {
      name: 'timeZone ⇒ TZ= prefix',
      schedule: '0 10 * * ?',
      timeZone: 'Asia/Shanghai',
      want: 'TZ=Asia/Shanghai 0 10 * * ?',
    },
    {
      name: 'schedule already has TZ= ⇒ timeZone ignored',
      schedule: 'TZ=UTC 0 10 * * ?',
      timeZone: 'Asia/Shanghai',
      want: 'TZ=UTC 0 10 * * ?',
    },
    {
      name: 'CRON_TZ= contains "TZ" too',
      schedule: 'CRON_TZ=UTC 0 10 * * ?',
      timeZone: 'Asia/Shanghai',
      want: 'CRON_TZ=UTC 0 10 * * ?',
    },
    {
      name: 'a zone Go cannot load is ignored (Kruise only logs it)',
      schedule: '0 10 * * ?',
      timeZone: 'Mars/Olympus',
      want: '0 10 * * ?',
    },
    {
      name: 'an empty timeZone loads as UTC, so it is prefixed',
      schedule: '@daily',
      timeZone: '',
      want: 'TZ= @daily',
    },
  ];
  for (const row of rows)
    it(`${row.name}: ${JSON.stringify(row.schedule)} + ${JSON.stringify(row.timeZone)} ⇒ ${JSON.stringify(row.want)}`, () => {
      assert.equal(formatSchedule({ schedule: row.schedule, timeZone: row.timeZone }), row.want);
    });
});

describe('TestScheduleWithTimeZone (controller in UTC)', () => {
  const rows: { schedule: string; timeZone?: string; previous: string; want: string }[] = [
    { schedule: '0 10 * * ?', previous: '2022-09-05T09:01:00Z', want: '2022-09-05T10:00:00Z' },
    { schedule: '0 10 * * ?', previous: '2022-09-05T11:01:00Z', want: '2022-09-06T10:00:00Z' },
    {
      schedule: '0 10 * * ?',
      timeZone: 'Asia/Shanghai',
      previous: '2022-09-05T09:01:00Z',
      want: '2022-09-06T02:00:00Z',
    },
    {
      schedule: '0 10 * * ?',
      timeZone: 'Asia/Shanghai',
      previous: '2022-09-06T01:01:00Z',
      want: '2022-09-06T02:00:00Z',
    },
    {
      schedule: 'TZ=Asia/Shanghai 0 10 * * ?',
      previous: '2022-09-06T01:01:00Z',
      want: '2022-09-06T02:00:00Z',
    },
  ];
  for (const row of rows)
    it(`${row.schedule}${row.timeZone ? ` with timeZone ${row.timeZone}` : ''} after ${row.previous} ⇒ ${row.want}`, () => {
      const parsed = parseStandard(formatSchedule(row));
      assert.ok('schedule' in parsed);
      assert.equal(next(parsed.schedule, new Date(row.previous))?.getTime(), at(row.want));
    });
});

describe('getNextScheduleTime', () => {
  interface Row {
    name: string;
    schedule?: string;
    timeZone?: string;
    created?: string | null;
    lastScheduleTime?: string;
    startingDeadlineSeconds?: number;
    now: string;
    defaultZone?: string;
    want: { missedRun?: string; nextRun?: string } | { reason: string; error?: string };
  }
  const rows: Row[] = [
    {
      name: 'nothing due yet ⇒ no missed run, next at 09:05',
      created: '2025-10-10T09:00:00Z',
      now: '2025-10-10T09:04:00Z',
      want: { nextRun: '2025-10-10T09:05:00Z' },
    },
    {
      name: 'one run due since creation',
      created: '2025-10-10T09:00:00Z',
      now: '2025-10-10T09:06:00Z',
      want: { missedRun: '2025-10-10T09:05:00Z', nextRun: '2025-10-10T09:10:00Z' },
    },
    {
      name: 'a run exactly at now counts as missed',
      created: '2025-10-10T09:00:00Z',
      now: '2025-10-10T09:05:00Z',
      want: { missedRun: '2025-10-10T09:05:00Z', nextRun: '2025-10-10T09:10:00Z' },
    },
    {
      name: '12 missed runs collapse into the latest',
      lastScheduleTime: '2025-10-10T09:00:00Z',
      now: '2025-10-10T10:02:00Z',
      want: { missedRun: '2025-10-10T10:00:00Z', nextRun: '2025-10-10T10:05:00Z' },
    },
    {
      name: 'lastScheduleTime wins over creationTimestamp',
      created: '2025-10-01T00:00:00Z',
      lastScheduleTime: '2025-10-10T09:55:00Z',
      now: '2025-10-10T10:02:00Z',
      want: { missedRun: '2025-10-10T10:00:00Z', nextRun: '2025-10-10T10:05:00Z' },
    },
    {
      name: 'exactly 100 missed runs are still walked',
      schedule: '* * * * *',
      lastScheduleTime: '2025-10-10T09:00:00Z',
      now: '2025-10-10T10:40:00Z',
      want: { missedRun: '2025-10-10T10:40:00Z', nextRun: '2025-10-10T10:41:00Z' },
    },
    {
      name: '101 missed runs ⇒ too many',
      schedule: '* * * * *',
      lastScheduleTime: '2025-10-10T09:00:00Z',
      now: '2025-10-10T10:41:00Z',
      want: { reason: 'TooManyMissed', error: TOO_MANY_MISSED_MESSAGE },
    },
    {
      name: 'startingDeadlineSeconds bounds the walk, so a day behind is not too many',
      schedule: '* * * * *',
      created: '2025-10-09T00:00:00Z',
      startingDeadlineSeconds: 600,
      now: '2025-10-10T10:41:30Z',
      want: { missedRun: '2025-10-10T10:41:00Z', nextRun: '2025-10-10T10:42:00Z' },
    },
    {
      name: 'startingDeadlineSeconds: a run older than now − deadline is not looked at',
      created: '2025-10-10T09:00:00Z',
      startingDeadlineSeconds: 60,
      now: '2025-10-10T10:02:00Z',
      want: { nextRun: '2025-10-10T10:05:00Z' },
    },
    {
      name: 'startingDeadlineSeconds: a run within the deadline is found',
      created: '2025-10-10T09:00:00Z',
      startingDeadlineSeconds: 300,
      now: '2025-10-10T10:02:00Z',
      want: { missedRun: '2025-10-10T10:00:00Z', nextRun: '2025-10-10T10:05:00Z' },
    },
    {
      name: 'creationTimestamp after now (clock skew) ⇒ only the next run',
      created: '2025-10-10T11:00:00Z',
      now: '2025-10-10T10:02:00Z',
      want: { nextRun: '2025-10-10T10:05:00Z' },
    },
    {
      name: 'timeZone Asia/Shanghai: 10:00 local is 02:00Z',
      schedule: '0 10 * * ?',
      timeZone: 'Asia/Shanghai',
      created: '2022-09-05T00:00:00Z',
      now: '2022-09-06T02:30:00Z',
      want: { missedRun: '2022-09-06T02:00:00Z', nextRun: '2022-09-07T02:00:00Z' },
    },
    {
      name: 'no TZ ⇒ the controller zone (defaultZone Asia/Shanghai)',
      schedule: '0 10 * * ?',
      defaultZone: 'Asia/Shanghai',
      created: '2022-09-05T00:00:00Z',
      now: '2022-09-06T02:30:00Z',
      want: { missedRun: '2022-09-06T02:00:00Z', nextRun: '2022-09-07T02:00:00Z' },
    },
    {
      name: 'a schedule that never fires ⇒ too many (Go walks its zero time)',
      schedule: '0 0 30 2 *',
      created: '2025-10-10T09:00:00Z',
      now: '2025-10-10T10:00:00Z',
      want: { reason: 'TooManyMissed' },
    },
    {
      name: 'no creationTimestamp and no last run ⇒ walk from year 1 ⇒ too many',
      created: null,
      now: '2025-10-10T10:00:00Z',
      want: { reason: 'TooManyMissed' },
    },
    {
      name: 'an unparsable schedule',
      schedule: '61 * * * *',
      now: '2025-10-10T10:00:00Z',
      want: {
        reason: 'UnparsableSchedule',
        error: 'unparsable schedule "61 * * * *": end of range (61) above maximum (59): 61',
      },
    },
  ];
  for (const row of rows)
    it(`${row.name}`, () => {
      const acj = makeAcj(
        {
          ...(row.schedule === undefined ? {} : { schedule: row.schedule }),
          ...(row.timeZone === undefined ? {} : { timeZone: row.timeZone }),
          ...(row.startingDeadlineSeconds === undefined
            ? {}
            : { startingDeadlineSeconds: row.startingDeadlineSeconds }),
        },
        row.created === undefined ? {} : { created: row.created },
      );
      const got: NextSchedule = getNextScheduleTime({
        acj,
        lastScheduleTime: row.lastScheduleTime === undefined ? undefined : at(row.lastScheduleTime),
        now: at(row.now),
        ...(row.defaultZone === undefined ? {} : { defaultZone: row.defaultZone }),
      });
      if ('reason' in row.want) {
        assert.equal(got.ok, false);
        assert.equal(!got.ok && got.reason, row.want.reason);
        if (row.want.error !== undefined) assert.equal(!got.ok && got.error, row.want.error);
        return;
      }
      assert.ok(got.ok);
      assert.deepEqual(
        {
          missedRun: got.missedRun === undefined ? undefined : iso(got.missedRun),
          nextRun: got.nextRun === undefined ? undefined : iso(got.nextRun),
        },
        { missedRun: row.want.missedRun, nextRun: row.want.nextRun },
      );
    });
});

describe('isTooLate (missedRun + startingDeadlineSeconds < now)', () => {
  const now = at('2025-10-10T10:00:00Z');
  const rows: { name: string; missedRun: string; deadline?: number; want: boolean }[] = [
    { name: 'no deadline ⇒ never too late', missedRun: '2025-10-01T00:00:00Z', want: false },
    {
      name: '61 s old with a 60 s deadline ⇒ too late',
      missedRun: '2025-10-10T09:58:59Z',
      deadline: 60,
      want: true,
    },
    {
      name: 'exactly at the deadline ⇒ still in time',
      missedRun: '2025-10-10T09:59:00Z',
      deadline: 60,
      want: false,
    },
    {
      name: 'deadline 0 and the run is now ⇒ in time',
      missedRun: '2025-10-10T10:00:00Z',
      deadline: 0,
      want: false,
    },
  ];
  for (const row of rows)
    it(row.name, () => assert.equal(isTooLate(at(row.missedRun), row.deadline, now), row.want));
});
