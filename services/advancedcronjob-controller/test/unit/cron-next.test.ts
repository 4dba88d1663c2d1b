// robfig/cron v3 Schedule.Next: the first activation strictly after a time. Rows marked "robfig" are from
// robfig's spec_test.go TestNext (seconds field dropped, as ParseStandard has none); every expectation was
// checked against robfig v3 itself. Times are UTC unless the row says otherwise.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { next } from '../../src/cron/next.ts';
import { parseStandard } from '../../src/cron/parse.ts';

interface Row {
  name: string;
  schedule: string;
  after: string;
  /** undefined: no activation within five years */
  want: string | undefined;
  defaultZone?: string;
}

function run(rows: Row[]) {
  for (const row of rows)
    it(`${row.name}: ${JSON.stringify(row.schedule)} after ${row.after} ⇒ ${row.want ?? 'none'}`, () => {
      const parsed = parseStandard(row.schedule, row.defaultZone);
      assert.ok('schedule' in parsed);
      const got = next(parsed.schedule, new Date(row.after));
      assert.equal(got === undefined ? undefined : got.toISOString().replace('.000Z', 'Z'), row.want);
    });
}

describe('next: field forms', () => {
  run([
    {
      name: 'robfig: 0/15 on the hour',
      schedule: '0/15 * * * *',
      after: '2012-07-09T14:45:00Z',
      want: '2012-07-09T15:00:00Z',
    },
    {
      name: 'robfig: strictly after, never the same minute',
      schedule: '0/15 * * * *',
      after: '2012-07-09T15:00:00Z',
      want: '2012-07-09T15:15:00Z',
    },
    {
      name: 'robfig: seconds before the minute',
      schedule: '0/15 * * * *',
      after: '2012-07-09T14:59:59Z',
      want: '2012-07-09T15:00:00Z',
    },
    {
      name: 'robfig: stepped range wraps to the next hour',
      schedule: '20-35/15 * * * *',
      after: '2012-07-09T15:45:00Z',
      want: '2012-07-09T16:20:00Z',
    },
    {
      name: 'robfig: wrap across midnight',
      schedule: '*/15 * * * *',
      after: '2012-07-09T23:46:00Z',
      want: '2012-07-10T00:00:00Z',
    },
    {
      name: 'robfig: wrap across the year',
      schedule: '* * * * *',
      after: '2012-12-31T23:59:45Z',
      want: '2013-01-01T00:00:00Z',
    },
    {
      name: 'a list of hours',
      schedule: '0 9,17 * * *',
      after: '2024-06-04T10:00:00Z',
      want: '2024-06-04T17:00:00Z',
    },
    {
      name: 'a stepped minute range',
      schedule: '10-40/10 * * * *',
      after: '2024-06-04T10:40:00Z',
      want: '2024-06-04T11:10:00Z',
    },
    {
      name: 'robfig: a month range',
      schedule: '0 0 9 Apr-Oct ?',
      after: '2012-07-09T23:35:00Z',
      want: '2012-08-09T00:00:00Z',
    },
    {
      name: 'robfig: names in month and weekday',
      schedule: '30 8 ? jul sun',
      after: '2012-07-09T00:00:00Z',
      want: '2012-07-15T08:30:00Z',
    },
    {
      name: 'weekday range by name skips the weekend',
      schedule: '0 12 * * MON-fri',
      after: '2024-06-08T10:00:00Z',
      want: '2024-06-10T12:00:00Z',
    },
    {
      name: 'a fractional start second is dropped',
      schedule: '* * * * *',
      after: '2024-06-04T10:00:59.999Z',
      want: '2024-06-04T10:01:00Z',
    },
  ]);
});

describe('next: day-of-month / day-of-week rule (either matches unless one is a star)', () => {
  run([
    {
      name: 'both restricted ⇒ either: the Sunday comes first',
      schedule: '0 0 1,15 * Sun',
      after: '2024-06-03T00:00:00Z',
      want: '2024-06-09T00:00:00Z',
    },
    {
      name: 'day-of-week a star ⇒ day-of-month alone decides',
      schedule: '0 0 1,15 * *',
      after: '2024-06-03T00:00:00Z',
      want: '2024-06-15T00:00:00Z',
    },
    {
      name: 'day-of-month a star ⇒ day-of-week alone decides',
      schedule: '0 0 * * Sun',
      after: '2024-06-03T00:00:00Z',
      want: '2024-06-09T00:00:00Z',
    },
    {
      name: '`?` day-of-month ⇒ Mondays only',
      schedule: '0 0 ? * 1',
      after: '2024-06-04T00:00:00Z',
      want: '2024-06-10T00:00:00Z',
    },
    {
      name: 'robfig #70: */10 is not a star, so Sundays also match',
      schedule: '0 0 */10 * Sun',
      after: '2024-06-03T00:00:00Z',
      want: '2024-06-09T00:00:00Z',
    },
    {
      name: '1-31 written out is not a star ⇒ every day matches',
      schedule: '0 0 1-31 * 1',
      after: '2024-06-04T00:00:00Z',
      want: '2024-06-05T00:00:00Z',
    },
    {
      name: 'a stepped weekday 1/3 (Mon, Thu) or the 1st',
      schedule: '0 0 1 * 1/3',
      after: '2024-06-04T10:00:00Z',
      want: '2024-06-06T00:00:00Z',
    },
    {
      name: 'robfig: weekday restricted to a month',
      schedule: '0 0 * Feb Mon',
      after: '2012-07-09T23:35:00Z',
      want: '2013-02-04T00:00:00Z',
    },
    {
      name: 'robfig: Mon/2 is not a star ⇒ Feb 1 counts',
      schedule: '0 0 * Feb Mon/2',
      after: '2012-07-09T23:35:00Z',
      want: '2013-02-01T00:00:00Z',
    },
    {
      name: 'robfig: */5 or Monday in Apr/Aug/Oct',
      schedule: '0 0 */5 Apr,Aug,Oct Mon',
      after: '2012-07-09T23:35:00Z',
      want: '2012-08-01T00:00:00Z',
    },
  ]);
});

describe('next: months and leap years', () => {
  run([
    {
      name: 'the 31st skips 30-day months',
      schedule: '0 0 31 * *',
      after: '2024-04-01T00:00:00Z',
      want: '2024-05-31T00:00:00Z',
    },
    {
      name: 'Feb 29 waits for the next leap year',
      schedule: '0 0 29 2 *',
      after: '2024-03-01T00:00:00Z',
      want: '2028-02-29T00:00:00Z',
    },
    {
      name: 'robfig: Feb 29 four years out',
      schedule: '0 0 29 Feb ?',
      after: '2012-07-09T23:35:00Z',
      want: '2016-02-29T00:00:00Z',
    },
    {
      name: 'robfig: Feb 30 never comes',
      schedule: '0 0 30 Feb ?',
      after: '2012-07-09T23:35:00Z',
      want: undefined,
    },
    {
      name: 'robfig: Apr 31 never comes',
      schedule: '0 0 31 Apr ?',
      after: '2012-07-09T23:35:00Z',
      want: undefined,
    },
  ]);
});

describe('next: descriptors and @every', () => {
  run([
    { name: '@yearly', schedule: '@yearly', after: '2024-06-04T10:00:00Z', want: '2025-01-01T00:00:00Z' },
    { name: '@monthly', schedule: '@monthly', after: '2024-06-04T10:00:00Z', want: '2024-07-01T00:00:00Z' },
    {
      name: '@weekly is Sunday midnight',
      schedule: '@weekly',
      after: '2024-06-04T10:00:00Z',
      want: '2024-06-09T00:00:00Z',
    },
    { name: '@daily', schedule: '@daily', after: '2024-06-04T10:00:00Z', want: '2024-06-05T00:00:00Z' },
    { name: '@hourly', schedule: '@hourly', after: '2024-06-04T10:00:00Z', want: '2024-06-04T11:00:00Z' },
    {
      name: '@every counts from the given time, dropping its fraction',
      schedule: '@every 1h30m',
      after: '2024-06-04T10:00:00.500Z',
      want: '2024-06-04T11:30:00Z',
    },
    {
      name: '@every under a second is a second',
      schedule: '@every 500ms',
      after: '2024-06-04T10:00:00.250Z',
      want: '2024-06-04T10:00:01Z',
    },
    {
      name: '@every 1.5s is truncated to 1 s',
      schedule: '@every 1.5s',
      after: '2024-06-04T10:00:00Z',
      want: '2024-06-04T10:00:01Z',
    },
  ]);
});

describe('next: zones', () => {
  run([
    {
      name: 'TZ= half-hour offset zone',
      schedule: 'TZ=Asia/Kolkata 30 9 * * *',
      after: '2024-06-04T10:00:00Z',
      want: '2024-06-05T04:00:00Z',
    },
    {
      name: 'CRON_TZ= New Year in Tokyo',
      schedule: 'CRON_TZ=Asia/Tokyo 0 0 1 1 *',
      after: '2024-06-04T10:00:00Z',
      want: '2024-12-31T15:00:00Z',
    },
    {
      name: 'no prefix ⇒ the controller zone',
      schedule: '0 10 * * *',
      defaultZone: 'Asia/Shanghai',
      after: '2022-09-05T09:01:00Z',
      want: '2022-09-06T02:00:00Z',
    },
    {
      name: 'TZ=Local ⇒ the controller zone',
      schedule: 'TZ=Local 0 10 * * *',
      defaultZone: 'Asia/Shanghai',
      after: '2022-09-05T09:01:00Z',
      want: '2022-09-06T02:00:00Z',
    },
    {
      name: 'an explicit zone wins over the controller zone',
      schedule: 'TZ=UTC 0 10 * * *',
      defaultZone: 'Asia/Shanghai',
      after: '2022-09-05T09:01:00Z',
      want: '2022-09-05T10:00:00Z',
    },
  ]);
});

describe('next: daylight-saving time in America/New_York', () => {
  run([
    // Spring forward, 2012-03-11: 02:00 EST jumps to 03:00 EDT (07:00Z).
    {
      name: 'robfig: hourly skips the missing 02:00 (01:00 EST ⇒ 03:00 EDT)',
      schedule: 'TZ=America/New_York 0 * * * *',
      after: '2012-03-11T06:00:00Z',
      want: '2012-03-11T07:00:00Z',
    },
    {
      name: 'robfig: 02:30 on the spring-forward day does not exist ⇒ next year',
      schedule: 'TZ=America/New_York 30 2 11 Mar ?',
      after: '2012-03-11T05:00:00Z',
      want: '2013-03-11T06:30:00Z',
    },
    {
      name: 'a daily 02:30 skips the spring-forward day',
      schedule: 'TZ=America/New_York 30 2 * * *',
      after: '2012-03-10T12:00:00Z',
      want: '2012-03-12T06:30:00Z',
    },
    {
      name: 'robfig: daily 02:00 ⇒ the day after, in EDT',
      schedule: 'TZ=America/New_York 0 2 * * *',
      after: '2012-03-11T05:00:00Z',
      want: '2012-03-12T06:00:00Z',
    },
    // Fall back, 2012-11-04: 02:00 EDT goes back to 01:00 EST (06:00Z); 01:xx happens twice.
    {
      name: 'robfig: hourly 01:00 EDT ⇒ 01:00 EST',
      schedule: 'TZ=America/New_York 0 * * * *',
      after: '2012-11-04T05:00:00Z',
      want: '2012-11-04T06:00:00Z',
    },
    {
      name: 'robfig: hourly 01:00 EST ⇒ 02:00 EST',
      schedule: 'TZ=America/New_York 0 * * * *',
      after: '2012-11-04T06:00:00Z',
      want: '2012-11-04T07:00:00Z',
    },
    {
      name: 'robfig: daily 01:00 runs again in the repeated hour',
      schedule: 'TZ=America/New_York 0 1 * * *',
      after: '2012-11-04T05:00:00Z',
      want: '2012-11-04T06:00:00Z',
    },
    {
      name: 'daily 01:00 after its second occurrence ⇒ the next day',
      schedule: 'TZ=America/New_York 0 1 * * *',
      after: '2012-11-04T06:00:00Z',
      want: '2012-11-05T06:00:00Z',
    },
    {
      name: 'robfig: 01:30 after 01:45 EDT ⇒ 01:30 EST',
      schedule: 'TZ=America/New_York 30 1 * * *',
      after: '2012-11-04T05:45:00Z',
      want: '2012-11-04T06:30:00Z',
    },
    {
      name: 'robfig: Sao Paulo midnight in a DST gap still finds the day',
      schedule: 'TZ=America/Sao_Paulo 0 9 10 * ?',
      after: '2018-10-17T09:00:00Z',
      want: '2018-11-10T11:00:00Z',
    },
  ]);
});
