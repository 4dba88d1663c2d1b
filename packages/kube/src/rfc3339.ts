// RFC 3339 timestamps as Go's time.Parse(time.RFC3339, …) reads them — the parser behind metav1.Time's JSON and
// the timestamps Kruise writes into annotations. One parser for the two callers: the pod-template round trip
// (packages/core/src/pod-template-normalise.ts) and AdvancedCronJob's schedule and children.

// Go's general parser takes a one- or two-digit hour and a comma or a period before the fraction.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** A timestamp read as Go reads it: whole Unix seconds (UTC) and the fraction's digits as written. */
export interface Rfc3339Time {
  seconds: number;
  /** The digits after the separator; '' when there is none. */
  fraction: string;
}

/** Why Go rejects a text: it is not RFC 3339 at all, or a field is out of range (Feb 30, hour 24…). */
export type Rfc3339Error = 'syntax' | 'range';

function daysIn(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

export function readRfc3339(text: string): Rfc3339Time | Rfc3339Error {
  const m = RFC3339.exec(text);
  if (m === null) return 'syntax';
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return 'range';
  if (hour > 23 || minute > 59 || second > 59) return 'range';
  let offsetMinutes = 0;
  const zone = m[8] as string;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return 'range';
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return { seconds: d.getTime() / 1000 - offsetMinutes * 60, fraction: m[7] ?? '' };
}

/** Epoch milliseconds of an RFC 3339 timestamp, or undefined if Go would not parse it. */
export function parseRfc3339(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const t = readRfc3339(text);
  if (typeof t === 'string') return undefined;
  const millis = t.fraction === '' ? 0 : Math.floor(Number(`0.${t.fraction}`) * 1000);
  return t.seconds * 1000 + millis;
}
