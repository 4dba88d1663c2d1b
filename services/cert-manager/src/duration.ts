// Durations in settings. Kruise's CERTS_RENEW_BEFORE reads `30d`, `6m` (months of 30 days) and `1y`; the other
// settings use the usual `ms`, `s`, `m` (minutes), `h`, `d`.
const dayMs = 86_400_000;

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: dayMs };
const kruiseUnits: Record<string, number> = { d: dayMs, m: 30 * dayMs, y: 365 * dayMs };

function parseWith(text: string, table: Record<string, number>, what: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/.exec(text);
  const factor = match?.[2] === undefined ? undefined : table[match[2]];
  if (match === null || factor === undefined) {
    throw new Error(
      `${what} '${text}' is not a duration (number followed by one of ${Object.keys(table).join(', ')})`,
    );
  }
  return Number(match[1]) * factor;
}

/** `500ms`, `10s`, `5m`, `2h`, `30d`. */
export function parseDuration(text: string, what = 'duration'): number {
  return parseWith(text, units, what);
}

/** Kruise's CERTS_RENEW_BEFORE: `30d`, `6m` (×30 days), `1y`; non-positive means "use the default". */
export function parseKruiseRenewBefore(text: string): number | undefined {
  const ms = parseWith(text, kruiseUnits, 'CERTS_RENEW_BEFORE');
  return ms > 0 ? ms : undefined;
}
