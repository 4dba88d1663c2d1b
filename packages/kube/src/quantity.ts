// Kubernetes resource.Quantity as it behaves across a Go JSON round trip: parsing ("500m", "1.5Gi", "1e3"),
// the exact value it keeps, and the string it marshals back to. Revision data goes through that round trip, so
// "1000m" is hashed as "1", "0.5" as "500m" and "2048Ki" as "2Mi", while strings Go judges canonical are kept
// verbatim (even "+100m").

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

export interface Quantity {
  /** The exact value is unscaled × 10^scale. */
  readonly unscaled: bigint;
  readonly scale: number;
  readonly format: QuantityFormat;
  /** The input string, kept when Go's parser recognises it as already canonical; it is then marshalled verbatim. */
  readonly cached?: string;
}

export class QuantityParseError extends Error {
  override name = 'QuantityParseError';
}

/** Go's resource.ParseQuantity errors (ErrFormatWrong, ErrSuffix), as Kruise's and k8s' messages carry them. */
export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

/** The text Go's ParseQuantity would have returned for a string parseQuantity refused. */
export function goQuantityError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.startsWith('unable to parse') ? QUANTITY_SUFFIX_ERROR : QUANTITY_FORMAT_ERROR;
}

// Values are rounded up to nano (10^-9) precision at most.
const NANO = -9;
// Decimal digits that always fit an int64.
const MAX_INT64_DIGITS = 18;
const MAX_INT64 = (1n << 63n) - 1n;

const DECIMAL_SUFFIXES: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]));

const SUFFIX_CHARS = 'eEinumkKMGTP';

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

interface SplitQuantity {
  positive: boolean;
  /** Sign, digits and fraction as written (the text an arbitrary-precision decimal would parse). */
  value: string;
  /** Integer digits without leading zeros ("0" when none). */
  num: string;
  denom: string;
  suffix: string;
}

function split(str: string): SplitQuantity {
  let pos = 0;
  const end = str.length;
  let positive = true;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') {
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };

  const numStart = pos;
  while (pos < end && isDigit(str[pos])) pos++;
  const num = str.slice(numStart, pos) || '0';
  if (pos >= end) return { positive, value: str, num, denom: '', suffix: '' };

  let denom = '';
  if (str[pos] === '.') {
    pos++;
    const denomStart = pos;
    while (pos < end && isDigit(str[pos])) pos++;
    denom = str.slice(denomStart, pos);
    if (pos >= end) return { positive, value: str, num, denom, suffix: '' };
  }
  const value = str.slice(0, pos);

  // Suffix: letters from the suffix alphabet, then an optional signed exponent.
  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(str[pos] as string)) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) throw new QuantityParseError(`quantities must match the regular expression (${str})`);
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

interface SuffixMeaning {
  base: 2 | 10;
  exponent: number;
  format: QuantityFormat;
}

function interpretSuffix(suffix: string): SuffixMeaning | undefined {
  const dec = DECIMAL_SUFFIXES[suffix];
  if (dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES[suffix];
  if (bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d+$/.test(suffix.slice(1))) {
    const exponent = Number(suffix.slice(1));
    // Go parses an int64 and then truncates it to int32; exponents that large are rejected here instead.
    if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 2 ** 31 - 1) return undefined;
    return { base: 10, exponent, format: 'DecimalExponent' };
  }
  return undefined;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** Parses a quantity string exactly as resource.ParseQuantity does; throws QuantityParseError when Go errors. */
export function parseQuantity(str: string): Quantity {
  if (str.length === 0) throw new QuantityParseError('quantities must match the regular expression (empty)');
  if (str === '0') return { unscaled: 0n, scale: 0, format: 'DecimalSI', cached: '0' };

  const { positive, value, num, denom, suffix } = split(str);
  const meaning = interpretSuffix(suffix);
  if (meaning === undefined) throw new QuantityParseError(`unable to parse quantity's suffix (${str})`);
  const { base, exponent } = meaning;
  let format = meaning.format;

  // Fast path (Go's int64Amount): small enough to hold exactly as int64 × 10^scale with scale ≥ nano.
  let precision: number;
  let scale = 0;
  let multiplier = 1n;
  if (base === 10) {
    scale = exponent;
    precision = MAX_INT64_DIGITS - (num.length + denom.length);
  } else if (denom.length === 0) {
    multiplier = 1n << BigInt(exponent);
    // Roughly the decimal digits left after multiplying by 2^exponent.
    precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
  } else {
    precision = -1;
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = num + denom;
      const magnitude = BigInt(shifted) * multiplier;
      if (magnitude <= MAX_INT64) {
        const unscaled = positive ? magnitude : -magnitude;
        // Go keeps the input string when it looks canonical already.
        const looksCanonical =
          format === 'BinarySI'
            ? exponent % 10 === 0 && (BigInt(shifted) & 7n) !== 0n
            : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return looksCanonical ? { unscaled, scale, format, cached: str } : { unscaled, scale, format };
      }
    }
  }

  // Slow path (Go's inf.Dec): arbitrary precision, rounded up (away from zero) to nano.
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) {
    throw new QuantityParseError(`quantities must match the regular expression (${str})`);
  }
  const frac = m[3] ?? '';
  let magnitude = BigInt(`${m[2]}${frac}` || '0');
  let valueScale = -frac.length;
  if (base === 10) valueScale += exponent;
  else magnitude <<= BigInt(exponent);

  if (magnitude !== 0n && valueScale < NANO) {
    const drop = NANO - valueScale;
    // Anything non-zero below a nano becomes one nano; avoid building huge powers for absurd exponents.
    if (drop > magnitude.toString().length) {
      magnitude = 1n;
    } else {
      const d = pow10(drop);
      magnitude = (magnitude + d - 1n) / d;
    }
    valueScale = NANO;
  }
  if (format === 'BinarySI') {
    if (compareMagnitude(magnitude, valueScale, MAX_INT64, 0) > 0) {
      magnitude = MAX_INT64;
      valueScale = 0;
    }
    if (magnitude !== 0n && compareMagnitude(magnitude, valueScale, 1n, 0) < 0) format = 'DecimalSI';
  }
  return { unscaled: positive ? magnitude : -magnitude, scale: valueScale, format };
}

function compareMagnitude(a: bigint, aScale: number, b: bigint, bScale: number): number {
  const s = Math.min(aScale, bScale);
  const x = a * pow10(aScale - s);
  const y = b * pow10(bScale - s);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Numeric comparison of two quantities (Go's Quantity.Cmp). */
export function compareQuantities(a: Quantity, b: Quantity): number {
  return compareMagnitude(a.unscaled, a.scale, b.unscaled, b.scale);
}

/** The string Go marshals a parsed quantity to (Quantity.String / MarshalJSON). */
export function formatQuantity(q: Quantity): string {
  if (q.cached !== undefined) return q.cached;
  if (q.unscaled === 0n) return '0';

  let format = q.format;
  if (format === 'BinarySI') {
    const small =
      compareQuantities(q, { unscaled: -1024n, scale: 0, format }) > 0 &&
      compareQuantities(q, { unscaled: 1024n, scale: 0, format }) < 0;
    const integral = q.scale >= 0 || q.unscaled % pow10(-q.scale) === 0n;
    if (small || !integral) {
      format = 'DecimalSI';
    } else {
      let n = q.scale >= 0 ? q.unscaled * pow10(q.scale) : q.unscaled / pow10(-q.scale);
      let times = 0;
      while (abs(n) >= 1024n && n % 1024n === 0n) {
        n /= 1024n;
        times++;
      }
      return `${n}${BINARY_BY_EXPONENT.get(times * 10) ?? ''}`;
    }
  }

  // Decimal: strip trailing zeros into the exponent, then lower the exponent to a multiple of three.
  let n = q.unscaled;
  let e = q.scale;
  while (abs(n) >= 10n && n % 10n === 0n) {
    n /= 10n;
    e++;
  }
  while (e % 3 !== 0) {
    n *= 10n;
    e--;
  }
  if (format === 'DecimalExponent') return e === 0 ? `${n}` : `${n}e${e}`;
  // Kubernetes writes no suffix at all for decimal exponents outside n…E (e.g. "1000E" becomes "1").
  return `${n}${DECIMAL_BY_EXPONENT.get(e) ?? ''}`;
}

/**
 * What a quantity field holds after Go decodes and re-encodes it: strings are trimmed and parsed; a bare JSON number
 * is parsed from its text, which JavaScript no longer has, so its shortest decimal form stands in (identical for
 * ordinary literals; "1e3" written as a JSON number would differ).
 */
export function canonicalQuantity(input: string | number): string {
  const text = typeof input === 'number' ? String(input) : input.trim();
  return formatQuantity(parseQuantity(text));
}

/** NewMilliQuantity: `milli` thousandths, in `format`. */
export function milliQuantity(milli: bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
  return { unscaled: milli, scale: -3, format };
}

/** Quantity.MilliValue: the value in thousandths, rounded away from zero as Go's int64 path rounds. */
export function milliValue(q: Quantity): bigint {
  const shift = q.scale + 3;
  if (shift >= 0) return q.unscaled * pow10(shift);
  const d = pow10(-shift);
  const whole = q.unscaled / d;
  if (q.unscaled % d === 0n) return whole;
  return q.unscaled > 0n ? whole + 1n : whole - 1n;
}

/** Quantity.Add: exact; the result keeps the left side's format unless the left side is zero. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  const scale = Math.min(a.scale, b.scale);
  const unscaled = a.unscaled * pow10(a.scale - scale) + b.unscaled * pow10(b.scale - scale);
  return { unscaled, scale, format: a.unscaled === 0n ? b.format : a.format };
}

/** Quantity.Neg. */
export function negateQuantity(q: Quantity): Quantity {
  return { unscaled: -q.unscaled, scale: q.scale, format: q.format };
}

/**
 * Quantity.RoundUp(scale): a value finer than 10^scale is rounded up (away from zero) to it and loses the string it
 * was written as; a coarser one is left alone.
 */
export function roundUpQuantity(q: Quantity, scale: number): Quantity {
  if (q.scale >= scale) return q;
  const d = pow10(scale - q.scale);
  const whole = q.unscaled / d;
  const rest = q.unscaled % d;
  const unscaled = rest === 0n ? whole : q.unscaled > 0n ? whole + 1n : whole - 1n;
  return { unscaled, scale, format: q.format };
}

/**
 * k8s SetDefaults_ResourceList for one value, as a webhook's JSON answer carries it: rounded up to milli precision and
 * written the way Go writes the quantity ("1000m" becomes "1", "0.5m" becomes "1m"). An unreadable value is returned
 * unchanged (validation or the apiserver reports it).
 */
export function defaultResourceQuantity(value: string | number): string | number {
  try {
    const text = typeof value === 'number' ? String(value) : value.trim();
    return formatQuantity(roundUpQuantity(parseQuantity(text), -3));
  } catch (err) {
    if (err instanceof QuantityParseError) return value;
    throw err;
  }
}
