// Reading timestamps as Go's time.Parse(time.RFC3339, …) accepts them: the scheduled-at annotation Kruise
// writes, and the metav1.Time fields (creationTimestamp, status.startTime). A value Go would reject reads as
// undefined, which the callers treat like Kruise treats a parse error (the timestamp is ignored).

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|[+-]\d{2}:\d{2})$/;

function daysIn(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

/** Epoch milliseconds of an RFC 3339 timestamp, or undefined if Go would not parse it. */
export function parseRfc3339(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  const zone = m[8] as string;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  const millis = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  return d.getTime() + millis - offsetMinutes * 60_000;
}
