// The one parser per setting type. Every error names the variable and quotes the bad value, so a typo in a
// Deployment's env is found from the first log line.

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConfigError';
  }
}

export interface IntBounds {
  min: number;
  max?: number;
}

/** A safe integer in [min, max]. */
export function parseInteger(name: string, raw: string, bounds: IntBounds): number {
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  const text = raw.trim();
  const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < bounds.min || value > max) {
    throw new ConfigError(`${name} must be an integer in [${bounds.min}, ${max}], got '${raw}'`);
  }
  return value;
}

const durationUnits: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration in milliseconds, Go's `time.ParseDuration` syntax plus days: `500ms`, `10s`, `1h30m`, `1.5h`, `30d`;
 * `0` alone is zero. A bare number is refused: it would leave the unit to guesswork.
 */
export function parseDuration(name: string, raw: string, bounds: Partial<IntBounds> = {}): number {
  const text = raw.trim();
  let ms = 0;
  if (text !== '0') {
    const parts = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/.test(text)
      ? [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)]
      : [];
    if (parts.length === 0) {
      throw new ConfigError(`${name} '${raw}' is not a duration (e.g. 500ms, 10s, 5m, 1h30m, 30d)`);
    }
    for (const [, amount = '0', unit = 'ms'] of parts) ms += Number(amount) * (durationUnits[unit] ?? 1);
    ms = Math.round(ms);
  }
  const min = bounds.min ?? 0;
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  if (ms < min || ms > max) {
    throw new ConfigError(`${name} must be a duration in [${min} ms, ${max} ms], got '${raw}'`);
  }
  return ms;
}

/** `true` or `false` (any case), as Go's flag package reads a bool besides its 1/0/t/f spellings. */
export function parseBool(name: string, raw: string): boolean {
  const text = raw.trim().toLowerCase();
  if (text === 'true' || text === '1' || text === 't') return true;
  if (text === 'false' || text === '0' || text === 'f') return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

/** A comma-separated list; blanks around and between items are dropped. */
export function parseList(_name: string, raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** One of a fixed set of words. */
export function parseChoice<T extends string>(name: string, raw: string, choices: readonly T[]): T {
  const text = raw.trim();
  const found = choices.find((c) => c === text);
  if (found === undefined)
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got '${raw}'`);
  return found;
}
