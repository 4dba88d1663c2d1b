// kubectl's -o for objects a command acted on: json, yaml, name, or the default "<kind>.<group>/<name> <operation>".
import { stringify } from 'yaml';
import { UsageError } from './args.ts';

export type OutputFormat = 'json' | 'yaml' | 'name' | 'wide' | undefined;

export function outputFormat(raw: string | undefined, allowed: readonly string[]): OutputFormat {
  if (raw === undefined || raw === '') return undefined;
  if (!allowed.includes(raw)) {
    throw new UsageError(
      `unable to match a printer suitable for the output format "${raw}", allowed formats are: ${allowed.join(',')}`,
    );
  }
  return raw as OutputFormat;
}

/** Plain JSON (client-node returns Dates for timestamps; JSON.stringify writes them as RFC 3339). */
export function printObject(obj: unknown, format: 'json' | 'yaml'): string {
  const plain = JSON.parse(JSON.stringify(obj)) as unknown;
  return format === 'json' ? `${JSON.stringify(plain, null, 4)}\n` : stringify(plain);
}

export function printActed(obj: unknown, qualified: string, operation: string, format: OutputFormat): string {
  if (format === 'json' || format === 'yaml') return printObject(obj, format);
  if (format === 'name') return `${qualified}\n`;
  return `${qualified} ${operation}\n`;
}
