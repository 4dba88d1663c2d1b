// Go's time.ParseDuration, for robfig/cron's "@every <duration>": signed sequence of decimal numbers with
// optional fractions and a unit each (ns, us, µs, μs, ms, s, m, h), "0" alone allowed, int64 nanoseconds.
// BigInt keeps the nanosecond count exact up to Go's overflow limit.

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5 micro sign
  μs: 1_000n, // U+03BC Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const LIMIT = 1n << 63n;
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

export type GoDurationResult = { nanoseconds: bigint } | { error: string };

export function parseGoDuration(text: string): GoDurationResult {
  const invalid = { error: `time: invalid duration ${JSON.stringify(text)}` };
  let s = text;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return { nanoseconds: 0n };
  if (s === '') return invalid;
  let total = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || isDigit(s[0]))) return invalid;
    let i = 0;
    let whole = 0n;
    while (isDigit(s[i])) {
      if (whole > LIMIT / 10n) return invalid;
      whole = whole * 10n + BigInt(s.charCodeAt(i) - 48);
      if (whole > LIMIT) return invalid;
      i++;
    }
    const hadWhole = i > 0;
    s = s.slice(i);
    let fraction = 0n;
    let scale = 1;
    let hadFraction = false;
    if (s[0] === '.') {
      s = s.slice(1);
      let j = 0;
      let overflow = false;
      // Digits past int64 precision are dropped, not an error, as Go's leadingFraction does.
      while (isDigit(s[j])) {
        if (!overflow) {
          const next = fraction * 10n + BigInt(s.charCodeAt(j) - 48);
          if (fraction > (LIMIT - 1n) / 10n || next > LIMIT) overflow = true;
          else {
            fraction = next;
            scale *= 10;
          }
        }
        j++;
      }
      hadFraction = j > 0;
      s = s.slice(j);
    }
    if (!hadWhole && !hadFraction) return invalid;
    let u = 0;
    while (u < s.length && !(s[u] === '.' || isDigit(s[u]))) u++;
    if (u === 0) return { error: `time: missing unit in duration ${JSON.stringify(text)}` };
    const unitName = s.slice(0, u);
    s = s.slice(u);
    const unit = UNITS[unitName];
    if (unit === undefined)
      return { error: `time: unknown unit ${JSON.stringify(unitName)} in duration ${JSON.stringify(text)}` };
    if (whole > LIMIT / unit) return invalid;
    let value = whole * unit;
    if (fraction > 0n) {
      // Go converts through float64 here, truncating.
      value += BigInt(Math.trunc(Number(fraction) * (Number(unit) / scale)));
      if (value > LIMIT) return invalid;
    }
    total += value;
    if (total > LIMIT) return invalid;
  }
  if (negative) return { nanoseconds: -total };
  if (total > LIMIT - 1n) return invalid;
  return { nanoseconds: total };
}
