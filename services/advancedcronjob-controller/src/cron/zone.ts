// Wall-clock arithmetic in an IANA zone, shaped like the few Go time operations robfig/cron's Next uses
// (t.In(loc) field reads, time.Date, AddDate). Instants are whole Unix seconds; offsets come from Intl, which
// reads the same tz database Go does.

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday, as Go's time.Weekday. */
  weekday: number;
}

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']);
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Seconds since the epoch of a proleptic-Gregorian wall time read as UTC; fields may overflow as in Go's time.Date. */
export function wallSeconds(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  // setUTCFullYear, unlike Date.UTC, leaves years 0–99 alone (Go's zero time is in year 1).
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return Math.floor(d.getTime() / 1000);
}

/** The zone's UTC offset in seconds at the instant `unix`. */
export function offsetAt(zone: string, unix: number): number {
  if (UTC_ZONES.has(zone)) return 0;
  const parts = formatterFor(zone).formatToParts(new Date(unix * 1000));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' || era === 'B' ? 1 - field('year') : field('year');
  return (
    wallSeconds(year, field('month'), field('day'), field('hour'), field('minute'), field('second')) - unix
  );
}

export function wallClock(zone: string, unix: number): WallClock {
  const d = new Date((unix + offsetAt(zone, unix)) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/**
 * Go's time.Date in `zone`: the offset is looked up at the wall time read as UTC, then once more at the instant
 * that gives. So a wall time inside a spring-forward gap lands an hour *before* it (02:30 on a New York
 * spring-forward day ⇒ 01:30 EST) and an ambiguous fall-back wall time takes the earlier (summer) offset.
 */
export function goDate(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const wall = wallSeconds(year, month, day, hour, minute, second);
  const guess = offsetAt(zone, wall);
  return wall - offsetAt(zone, wall - guess);
}

/** Go's t.AddDate(years, months, days): the same wall clock shifted by calendar units, normalised by goDate. */
export function addDate(zone: string, unix: number, years: number, months: number, days: number): number {
  const w = wallClock(zone, unix);
  return goDate(zone, w.year + years, w.month + months, w.day + days, w.hour, w.minute, w.second);
}

/** RFC 3339 with the zone's offset at that instant, as Go's Format(time.RFC3339) prints a time in that zone. */
export function formatRfc3339InZone(unixMs: number, zone: string): string {
  const unix = Math.floor(unixMs / 1000);
  const offset = offsetAt(zone, unix);
  const w = new Date((unix + offset) * 1000).toISOString().slice(0, 19);
  if (offset === 0) return `${w}Z`;
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  // Go prints the offset to the minute; second-level (LMT) offsets are truncated the same way.
  return `${w}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
}
