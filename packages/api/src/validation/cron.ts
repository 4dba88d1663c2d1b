// Syntax of the schedules robfig/cron v3 ParseStandard accepts (what Kruise validates AdvancedCronJob schedules
// with), returning its error text: five fields or a descriptor, optional TZ=/CRON_TZ= prefix.
interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const months: Bounds = {
  min: 1,
  max: 12,
  names: {
    jan: 1,
    feb: 2,
    mar: 3,
    apr: 4,
    may: 5,
    jun: 6,
    jul: 7,
    aug: 8,
    sep: 9,
    oct: 10,
    nov: 11,
    dec: 12,
  },
};
const fieldBounds: Bounds[] = [
  { min: 0, max: 59 }, // seconds (ParseStandard fills in 0)
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  months,
  { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } },
];

function atoi(text: string): number {
  if (!/^[+-]?\d+$/.test(text))
    throw new Error(
      `failed to parse int from ${text}: strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`,
    );
  const n = Number(text);
  if (n < 0) throw new Error(`negative number (${n}) not allowed: ${text}`);
  return n;
}

function intOrName(text: string, bounds: Bounds): number {
  const named = bounds.names?.[text.toLowerCase()];
  return named ?? atoi(text);
}

function checkRange(expr: string, bounds: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowHigh = (rangeAndStep[0] ?? '').split('-');
  let start: number;
  let end: number;
  if (lowHigh[0] === '*' || lowHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
  } else {
    start = intOrName(lowHigh[0] ?? '', bounds);
    if (lowHigh.length === 1) end = start;
    else if (lowHigh.length === 2) end = intOrName(lowHigh[1] ?? '', bounds);
    else throw new Error(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = atoi(rangeAndStep[1] ?? '');
    if (lowHigh.length === 1) end = bounds.max;
  } else if (rangeAndStep.length > 2) {
    throw new Error(`too many slashes: ${expr}`);
  }
  if (start < bounds.min)
    throw new Error(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > bounds.max) throw new Error(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end) throw new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new Error(`step of range should be a positive number: ${expr}`);
}

const goDuration = /^[-+]?(((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+|0)$/;

function checkDescriptor(spec: string): void {
  const known = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
  if (known.includes(spec)) return;
  const every = '@every ';
  if (spec.startsWith(every)) {
    const duration = spec.slice(every.length);
    if (!goDuration.test(duration))
      throw new Error(`failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(duration)}`);
    return;
  }
  throw new Error(`unrecognized descriptor: ${spec}`);
}

/** Whether `name` is a time zone Go's time.LoadLocation would load; returns its error text otherwise. */
export function timeZoneError(name: string): string | undefined {
  if (name === '' || name === 'UTC' || name === 'Local') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    if (/^[A-Za-z]/.test(name)) return undefined;
  } catch {
    // fall through: unknown to the tz database
  }
  return `unknown time zone ${name}`;
}

/** robfig/cron v3 ParseStandard: undefined when `schedule` parses, else the parser's error text. */
export function cronScheduleError(schedule: string): string | undefined {
  let spec = schedule;
  if (spec.length === 0) return 'empty spec string';
  try {
    if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
      const space = spec.indexOf(' ');
      const eq = spec.indexOf('=');
      if (space < 0) return `invalid cron schedule: runtime error: slice bounds out of range [${eq + 1}:-1]`;
      const zone = spec.slice(eq + 1, space);
      const zoneError = timeZoneError(zone);
      if (zoneError) return `provided bad location ${zone}: ${zoneError}`;
      spec = spec.slice(space).trim();
    }
    if (spec.startsWith('@')) {
      checkDescriptor(spec);
      return undefined;
    }
    const fields = spec.split(/\s+/).filter((f) => f !== '');
    if (fields.length !== 5)
      return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
    ['0', ...fields].forEach((field, i) => {
      const bounds = fieldBounds[i] as Bounds;
      for (const expr of field.split(',')) checkRange(expr, bounds);
    });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
