// Command-line parsing as kubectl (cobra/pflag) does it: flags anywhere among the positionals, `--flag value`,
// `--flag=value`, `-n value`, `-nvalue`, boolean flags that take `--flag=false`, and `--` ending the flags. Pure.

export interface FlagSpec {
  /** Long name without dashes. */
  name: string;
  short?: string;
  boolean?: boolean;
}

export interface ParsedArgs {
  positionals: string[];
  /** Last value per long flag name; booleans as 'true' / 'false'. */
  flags: Map<string, string>;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const byLong = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short !== undefined).map((s) => [s.short as string, s]));
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    let spec: FlagSpec | undefined;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      spec = byLong.get(name);
      if (spec === undefined) throw new UsageError(`unknown flag: --${name}`);
      if (eq >= 0) inline = arg.slice(eq + 1);
    } else if (arg.startsWith('-') && arg.length > 1) {
      const short = arg.slice(1, 2);
      spec = byShort.get(short);
      if (spec === undefined) throw new UsageError(`unknown shorthand flag: '${short}' in ${arg}`);
      const rest = arg.slice(2);
      if (rest !== '') inline = rest.startsWith('=') ? rest.slice(1) : rest;
    } else {
      positionals.push(arg);
      continue;
    }
    if (spec.boolean === true) {
      const value = inline ?? 'true';
      if (value !== 'true' && value !== 'false') {
        throw new UsageError(`invalid argument "${value}" for "--${spec.name}" flag: expected true or false`);
      }
      flags.set(spec.name, value);
      continue;
    }
    if (inline === undefined) {
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(`flag needs an argument: --${spec.name}`);
      inline = next;
      i++;
    }
    flags.set(spec.name, inline);
  }
  return { positionals, flags };
}

/** A Go duration as kubectl's --timeout takes it ("0", "30s", "2m", "1h30m", "500ms"), in milliseconds. */
export function parseDuration(text: string): number {
  if (text === '0') return 0;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m === null) throw new UsageError(`invalid duration "${text}"`);
    total += Number(m[1]) * (unit[m[2] as string] as number);
    at = re.lastIndex;
  }
  if (text === '') throw new UsageError('invalid duration ""');
  return total;
}

export function intFlag(args: ParsedArgs, name: string): number | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw))
    throw new UsageError(`invalid argument "${raw}" for "--${name}" flag: not an integer`);
  return Number(raw);
}

export function boolFlag(args: ParsedArgs, name: string, fallback: boolean): boolean {
  const raw = args.flags.get(name);
  return raw === undefined ? fallback : raw === 'true';
}
