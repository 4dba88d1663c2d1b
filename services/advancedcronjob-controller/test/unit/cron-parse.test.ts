// robfig/cron v3 ParseStandard (docs/behaviour/advancedcronjob.md#validation, #controller): which schedules parse, to which allowed values,
// and robfig's error texts (parser.go; cases after parser_test.go).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStandard, type SpecSchedule } from '../../src/cron/parse.ts';

const range = (from: number, to: number, step = 1) => {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
};

function spec(text: string, defaultZone?: string): SpecSchedule {
  const parsed = parseStandard(text, defaultZone);
  assert.ok('schedule' in parsed, `${text}: ${'error' in parsed ? parsed.error : ''}`);
  assert.equal(parsed.schedule.kind, 'spec');
  return parsed.schedule as SpecSchedule;
}

const sorted = (s: ReadonlySet<number>) => [...s].sort((a, b) => a - b);

describe('parseStandard: field forms', () => {
  const rows: { name: string; text: string; field: keyof SpecSchedule; want: number[]; star?: boolean }[] = [
    { name: 'a single minute', text: '5 * * * *', field: 'minute', want: [5] },
    { name: '`*` is the whole range', text: '* * * * *', field: 'hour', want: range(0, 23) },
    { name: 'a range a-b', text: '* 9-17 * * *', field: 'hour', want: range(9, 17) },
    { name: 'a list', text: '0,30 * * * *', field: 'minute', want: [0, 30] },
    { name: 'a stepped star */15', text: '*/15 * * * *', field: 'minute', want: [0, 15, 30, 45] },
    { name: 'N/step runs from N to the maximum', text: '5/20 * * * *', field: 'minute', want: [5, 25, 45] },
    { name: 'a stepped range a-b/step', text: '10-40/10 * * * *', field: 'minute', want: [10, 20, 30, 40] },
    {
      name: 'list of ranges and steps',
      text: '1-3,*/20 * * * *',
      field: 'minute',
      want: [0, 1, 2, 3, 20, 40],
    },
    {
      name: 'empty list items are dropped (strings.FieldsFunc)',
      text: '1,,2 * * * *',
      field: 'minute',
      want: [1, 2],
    },
    { name: 'month names, any case', text: '0 0 1 JAN-mar *', field: 'month', want: [1, 2, 3] },
    { name: 'month name list', text: '0 0 1 jun,Dec *', field: 'month', want: [6, 12] },
    { name: 'weekday names', text: '0 0 * * MON-fri', field: 'dow', want: [1, 2, 3, 4, 5] },
    { name: 'Sunday is 0', text: '0 0 * * sun', field: 'dow', want: [0] },
    { name: '`?` is a star too', text: '0 0 ? * 1', field: 'dom', want: range(1, 31) },
    { name: 'day of month 1–31', text: '0 0 */10 * *', field: 'dom', want: [1, 11, 21, 31] },
    { name: 'a leading + is accepted (strconv.Atoi)', text: '+5 * * * *', field: 'minute', want: [5] },
    {
      name: 'anything after a star and hyphen is ignored',
      text: '*-5 * * * *',
      field: 'minute',
      want: range(0, 59),
    },
    {
      name: 'fields may be separated by several spaces or tabs',
      text: '  7\t8  * * *',
      field: 'hour',
      want: [8],
    },
  ];
  for (const row of rows)
    it(`${row.name}: ${JSON.stringify(row.text)} ⇒ ${row.field} ${JSON.stringify(row.want)}`, () => {
      assert.deepEqual(sorted(spec(row.text)[row.field] as ReadonlySet<number>), row.want);
    });

  it('the seconds field is always {0} (ParseStandard has no seconds)', () => {
    assert.deepEqual(sorted(spec('* * * * *').second), [0]);
  });
});

describe('parseStandard: the star flag behind the day-of-month/day-of-week rule', () => {
  const rows: { text: string; domStar: boolean; dowStar: boolean; why: string }[] = [
    { text: '0 0 * * *', domStar: true, dowStar: true, why: 'both stars' },
    { text: '0 0 ? * 1', domStar: true, dowStar: false, why: '`?` counts as a star' },
    { text: '0 0 */1 * 1', domStar: true, dowStar: false, why: 'step 1 keeps the star' },
    { text: '0 0 */10 * 0', domStar: false, dowStar: false, why: 'a step > 1 drops the star' },
    { text: '0 0 1-31 * 1', domStar: false, dowStar: false, why: 'a full range written out is not a star' },
    { text: '0 0 1,* * 1', domStar: true, dowStar: false, why: 'a star anywhere in the list' },
  ];
  for (const row of rows)
    it(`${JSON.stringify(row.text)}: ${row.why}`, () => {
      const s = spec(row.text);
      assert.deepEqual([s.domStar, s.dowStar], [row.domStar, row.dowStar]);
    });
});

describe('parseStandard: descriptors (parseDescriptor)', () => {
  const rows: { text: string; want: Partial<Record<keyof SpecSchedule, number[]>> }[] = [
    { text: '@yearly', want: { minute: [0], hour: [0], dom: [1], month: [1], dow: range(0, 6) } },
    { text: '@annually', want: { minute: [0], hour: [0], dom: [1], month: [1], dow: range(0, 6) } },
    { text: '@monthly', want: { minute: [0], hour: [0], dom: [1], month: range(1, 12) } },
    { text: '@weekly', want: { minute: [0], hour: [0], dom: range(1, 31), dow: [0] } },
    { text: '@daily', want: { minute: [0], hour: [0], dom: range(1, 31), dow: range(0, 6) } },
    { text: '@midnight', want: { minute: [0], hour: [0], dom: range(1, 31), dow: range(0, 6) } },
    { text: '@hourly', want: { minute: [0], hour: range(0, 23), dom: range(1, 31) } },
  ];
  for (const row of rows)
    it(`${row.text} ⇒ ${JSON.stringify(row.want)}`, () => {
      const s = spec(row.text);
      for (const [field, values] of Object.entries(row.want))
        assert.deepEqual(sorted(s[field as keyof SpecSchedule] as ReadonlySet<number>), values, field);
    });
});

describe('parseStandard: @every (cron.Every: whole seconds, at least one)', () => {
  const rows: { text: string; delayMs: number }[] = [
    { text: '@every 1h', delayMs: 3_600_000 },
    { text: '@every 1h30m', delayMs: 5_400_000 },
    { text: '@every 90s', delayMs: 90_000 },
    { text: '@every 1.5s', delayMs: 1_000 },
    { text: '@every 2m500ms', delayMs: 120_000 },
    { text: '@every .5h', delayMs: 1_800_000 },
    { text: '@every 500ms', delayMs: 1_000 },
    { text: '@every 0', delayMs: 1_000 },
    { text: '@every -5s', delayMs: 1_000 },
    { text: '@every 1µs', delayMs: 1_000 },
  ];
  for (const row of rows)
    it(`${JSON.stringify(row.text)} ⇒ every ${row.delayMs} ms`, () => {
      assert.deepEqual(parseStandard(row.text), { schedule: { kind: 'every', delayMs: row.delayMs } });
    });
});

describe('parseStandard: time zone prefix', () => {
  const rows: { text: string; defaultZone?: string; zone: string }[] = [
    { text: '0 10 * * ?', zone: 'UTC' },
    { text: '0 10 * * ?', defaultZone: 'Europe/Berlin', zone: 'Europe/Berlin' },
    { text: 'TZ=Asia/Shanghai 0 10 * * ?', zone: 'Asia/Shanghai' },
    { text: 'CRON_TZ=America/New_York 0 10 * * ?', defaultZone: 'Europe/Berlin', zone: 'America/New_York' },
    { text: 'TZ=UTC 0 10 * * ?', defaultZone: 'Europe/Berlin', zone: 'UTC' },
    { text: 'TZ=Local 0 10 * * ?', defaultZone: 'Europe/Berlin', zone: 'Europe/Berlin' },
    { text: 'TZ= 0 10 * * ?', defaultZone: 'Europe/Berlin', zone: 'UTC' },
    { text: 'TZ=Asia/Tokyo @daily', zone: 'Asia/Tokyo' },
  ];
  for (const row of rows)
    it(`${JSON.stringify(row.text)} with default ${row.defaultZone ?? 'UTC'} ⇒ read in ${row.zone}`, () => {
      assert.equal(spec(row.text, row.defaultZone).zone, row.zone);
    });

  it('TZ=Asia/Tokyo @every 1h: a constant delay has no zone', () => {
    assert.deepEqual(parseStandard('TZ=Asia/Tokyo @every 1h'), {
      schedule: { kind: 'every', delayMs: 3_600_000 },
    });
  });
});

describe('parseStandard: errors as robfig words them', () => {
  const rows: { text: string; error: string }[] = [
    { text: '', error: 'empty spec string' },
    { text: '* * * *', error: 'expected exactly 5 fields, found 4: [* * * *]' },
    { text: '0 * * * * *', error: 'expected exactly 5 fields, found 6: [0 * * * * *]' },
    { text: '60 * * * *', error: 'end of range (60) above maximum (59): 60' },
    { text: '* 24 * * *', error: 'end of range (24) above maximum (23): 24' },
    { text: '* * 0 * *', error: 'beginning of range (0) below minimum (1): 0' },
    { text: '* * 32 * *', error: 'end of range (32) above maximum (31): 32' },
    { text: '* * * 13 *', error: 'end of range (13) above maximum (12): 13' },
    { text: '* * * * 7', error: 'end of range (7) above maximum (6): 7' },
    { text: '5-1 * * * *', error: 'beginning of range (5) beyond end of range (1): 5-1' },
    { text: '*/0 * * * *', error: 'step of range should be a positive number: */0' },
    { text: '1-2-3 * * * *', error: 'too many hyphens: 1-2-3' },
    { text: '1/2/3 * * * *', error: 'too many slashes: 1/2/3' },
    {
      text: 'a * * * *',
      error: 'failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax',
    },
    {
      text: '* * * foo *',
      error: 'failed to parse int from foo: strconv.Atoi: parsing "foo": invalid syntax',
    },
    { text: '@every', error: 'unrecognized descriptor: @every' },
    {
      text: '@every 1x',
      error: 'failed to parse duration @every 1x: time: unknown unit "x" in duration "1x"',
    },
    { text: '@every ', error: 'failed to parse duration @every : time: invalid duration ""' },
    { text: '@daily ', error: 'unrecognized descriptor: @daily ' },
    { text: '@fortnightly', error: 'unrecognized descriptor: @fortnightly' },
    {
      text: 'TZ=Nowhere/City * * * * *',
      error: 'provided bad location Nowhere/City: unknown time zone Nowhere/City',
    },
  ];
  for (const row of rows)
    it(`${JSON.stringify(row.text)} ⇒ ${row.error}`, () => {
      assert.deepEqual(parseStandard(row.text), { error: row.error });
    });

  it('"TZ=UTC" with nothing after the zone is an error (robfig would panic slicing)', () => {
    assert.ok('error' in parseStandard('TZ=UTC'));
  });
});
