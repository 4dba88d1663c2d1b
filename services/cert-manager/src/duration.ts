// Kruise's CERTS_RENEW_BEFORE reads `30d`, `6m` (months of 30 days) and `1y`; the other duration settings use
// the runtime's one duration parser (`ms`, `s`, `m` = minutes, `h`, `d`).
import { parseDuration as parseSettingDuration } from '@kruise-ts/runtime';

const dayMs = 86_400_000;

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
  return parseSettingDuration(what, text);
}

/** Kruise's CERTS_RENEW_BEFORE: `30d`, `6m` (×30 days), `1y`; non-positive means "use the default". */
export function parseKruiseRenewBefore(text: string): number | undefined {
  const ms = parseWith(text, kruiseUnits, 'CERTS_RENEW_BEFORE');
  return ms > 0 ? ms : undefined;
}
