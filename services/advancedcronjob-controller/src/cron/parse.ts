// robfig/cron v3 ParseStandard (what Kruise reads AdvancedCronJob schedules with): five fields
// "minute hour day-of-month month day-of-week" or a descriptor, with an optional "TZ=<zone> " or
// "CRON_TZ=<zone> " prefix. Error texts are robfig's, so they read the same in logs.

import { timeZoneError } from '@kruise-ts/api';
import { parseGoDuration } from './go-duration.ts';

/** A five-field schedule as allowed values per field; the seconds field is always {0} with ParseStandard. */
export interface SpecSchedule {
  kind: 'spec';
  second: ReadonlySet<number>;
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dom: ReadonlySet<number>;
  month: ReadonlySet<number>;
  /** 0 = Sunday */
  dow: ReadonlySet<number>;
  /** Day-of-month was written with `*` or `?` (robfig's star bit): then both day fields must match. */
  domStar: boolean;
  dowStar: boolean;
  /** IANA zone whose wall clock the fields are matched against. */
  zone: string;
}

/** `@every <duration>`: a fixed delay from the previous time, whole seconds, at least one. */
export interface ConstantDelaySchedule {
  kind: 'every';
  delayMs: number;
}

export type CronSchedule = SpecSchedule | ConstantDelaySchedule;

export type ParseResult = { schedule: CronSchedule } | { error: string };

interface Bounds {
  min: number;
  max: number;
  names?: ReadonlyMap<string, number>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: new Map(
    ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((n, i) => [
      n,
      i + 1,
    ]),
  ),
};
const DOW: Bounds = {
  min: 0,
  max: 6,
  names: new Map(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((n, i) => [n, i])),
};

interface Field {
  values: Set<number>;
  star: boolean;
}

class CronSyntaxError extends Error {}

/** strconv.Atoi as robfig's mustParseInt reports it. */
function parseNonNegative(text: string): number {
  if (!/^[+-]?\d+$/.test(text))
    throw new CronSyntaxError(
      `failed to parse int from ${text}: strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`,
    );
  const big = BigInt(text);
  // Go's Atoi is int64.
  if (big > 0x7fffffffffffffffn || big < -0x8000000000000000n)
    throw new CronSyntaxError(
      `failed to parse int from ${text}: strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range`,
    );
  if (big < 0n) throw new CronSyntaxError(`negative number (${big}) not allowed: ${text}`);
  return Number(big);
}

function intOrName(text: string, bounds: Bounds): number {
  return bounds.names?.get(text.toLowerCase()) ?? parseNonNegative(text);
}

function parseRange(expr: string, bounds: Bounds, into: Field): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = (rangeAndStep[0] as string).split('-');
  let start: number;
  let end: number;
  // `*` and `?` mean the whole range; anything after a hyphen is then ignored, as in robfig.
  let star = lowAndHigh[0] === '*' || lowAndHigh[0] === '?';
  if (star) {
    start = bounds.min;
    end = bounds.max;
  } else {
    start = intOrName(lowAndHigh[0] as string, bounds);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = intOrName(lowAndHigh[1] as string, bounds);
    else throw new CronSyntaxError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = parseNonNegative(rangeAndStep[1] as string);
    // "N/step" runs from N to the field's maximum.
    if (lowAndHigh.length === 1) end = bounds.max;
    // A stepped star is not "every value", so it no longer counts as a star for the day rule.
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) {
    throw new CronSyntaxError(`too many slashes: ${expr}`);
  }
  if (start < bounds.min)
    throw new CronSyntaxError(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > bounds.max)
    throw new CronSyntaxError(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end)
    throw new CronSyntaxError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronSyntaxError(`step of range should be a positive number: ${expr}`);
  for (let v = start; v <= end; v += step) into.values.add(v);
  if (star) into.star = true;
}

function parseField(text: string, bounds: Bounds): Field {
  const field: Field = { values: new Set(), star: false };
  // Empty list items are dropped (Go's strings.FieldsFunc), so "1,,5" is "1,5".
  for (const expr of text.split(',')) if (expr !== '') parseRange(expr, bounds, field);
  return field;
}

function all(bounds: Bounds): Field {
  const values = new Set<number>();
  for (let v = bounds.min; v <= bounds.max; v++) values.add(v);
  return { values, star: true };
}

const only = (v: number): Field => ({ values: new Set([v]), star: false });

function specSchedule(fields: [Field, Field, Field, Field, Field, Field], zone: string): SpecSchedule {
  const [second, minute, hour, dom, month, dow] = fields;
  return {
    kind: 'spec',
    second: second.values,
    minute: minute.values,
    hour: hour.values,
    dom: dom.values,
    month: month.values,
    dow: dow.values,
    domStar: dom.star,
    dowStar: dow.star,
    zone,
  };
}

function descriptor(spec: string, zone: string): CronSchedule {
  const midnight = [only(0), only(0), only(0)] as const;
  switch (spec) {
    case '@yearly':
    case '@annually':
      return specSchedule([...midnight, only(1), only(1), all(DOW)], zone);
    case '@monthly':
      return specSchedule([...midnight, only(1), all(MONTHS), all(DOW)], zone);
    case '@weekly':
      return specSchedule([...midnight, all(DOM), all(MONTHS), only(0)], zone);
    case '@daily':
    case '@midnight':
      return specSchedule([...midnight, all(DOM), all(MONTHS), all(DOW)], zone);
    case '@hourly':
      return specSchedule([only(0), only(0), all(HOURS), all(DOM), all(MONTHS), all(DOW)], zone);
  }
  const every = '@every ';
  if (spec.startsWith(every)) {
    const parsed = parseGoDuration(spec.slice(every.length));
    if ('error' in parsed) throw new CronSyntaxError(`failed to parse duration ${spec}: ${parsed.error}`);
    // cron.Every: under a second becomes a second; sub-second parts are dropped.
    const ns = parsed.nanoseconds < 1_000_000_000n ? 1_000_000_000n : parsed.nanoseconds;
    return { kind: 'every', delayMs: Number(ns / 1_000_000_000n) * 1000 };
  }
  throw new CronSyntaxError(`unrecognized descriptor: ${spec}`);
}

/** The zone Go's time.LoadLocation gives for `name`: "" and "UTC" are UTC, "Local" is the process zone. */
function loadZone(name: string, defaultZone: string): string {
  const err = timeZoneError(name);
  if (err !== undefined) throw new CronSyntaxError(`provided bad location ${name}: ${err}`);
  if (name === '' || name === 'UTC') return 'UTC';
  if (name === 'Local') return defaultZone;
  return name;
}

/**
 * Parse `spec` as robfig/cron v3 ParseStandard does. Schedules without a TZ prefix read the wall clock of
 * `defaultZone` — robfig's time.Local, i.e. the controller process's zone.
 */
export function parseStandard(spec: string, defaultZone = 'UTC'): ParseResult {
  try {
    if (spec.length === 0) throw new CronSyntaxError('empty spec string');
    let rest = spec;
    let zone = defaultZone;
    if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
      const space = rest.indexOf(' ');
      // robfig slices up to the first space and panics without one.
      if (space < 0) throw new CronSyntaxError(`missing schedule after time zone: ${spec}`);
      zone = loadZone(rest.slice(rest.indexOf('=') + 1, space), defaultZone);
      rest = rest.slice(space).trim();
    }
    if (rest.startsWith('@')) return { schedule: descriptor(rest, zone) };
    const fields = rest.split(/\s+/).filter((f) => f !== '');
    if (fields.length !== 5)
      throw new CronSyntaxError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
    const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
    return {
      schedule: specSchedule(
        [
          only(0),
          parseField(minute, MINUTES),
          parseField(hour, HOURS),
          parseField(dom, DOM),
          parseField(month, MONTHS),
          parseField(dow, DOW),
        ],
        zone,
      ),
    };
  } catch (err) {
    if (err instanceof CronSyntaxError) return { error: err.message };
    throw err;
  }
}
