// The cluster's shape from `npm run cluster -- up` arguments (src/cli.ts): how many fake nodes, over how many zones.
import type { ClusterOptions } from './cluster.ts';

/** `--nodes N` and `--zones N` after the command word (a positive integer each). */
export function shapeArgs(args: readonly string[]): Pick<ClusterOptions, 'nodes' | 'zones'> {
  const shape: Pick<ClusterOptions, 'nodes' | 'zones'> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (flag !== '--nodes' && flag !== '--zones') throw new Error(`unknown argument ${arg}`);
    const raw = inline ?? args[++i];
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got ${raw}`);
    shape[flag === '--nodes' ? 'nodes' : 'zones'] = n;
  }
  return shape;
}
