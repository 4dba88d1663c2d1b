// The command tree (names and flags as kruise-tools' pkg/cmd in openkruise/kruise-tools has them) and the exit
// code: 0 ok, 1 error with `error: <message>` on stderr (kubectl's own "Error from server (…)" lines as they are).
import { setTimeout as sleep } from 'node:timers/promises';
import { describeCommand } from '../commands/describe.ts';
import { rolloutHistoryCommand, rolloutUndoCommand } from '../commands/rollout-history.ts';
import { rolloutPauseCommand } from '../commands/rollout-pause.ts';
import { rolloutStatusCommand } from '../commands/rollout-status.ts';
import { rolloutWhyCommand } from '../commands/rollout-why.ts';
import { scaleCommand } from '../commands/scale.ts';
import { Kube } from '../kube/client.ts';
import { type FlagSpec, parseArgs, UsageError } from './args.ts';
import type { CommandContext } from './context.ts';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'kubeconfig' },
  { name: 'context' },
  { name: 'namespace', short: 'n' },
  { name: 'output', short: 'o' },
  { name: 'help', short: 'h', boolean: true },
  { name: 'watch', short: 'w', boolean: true },
  { name: 'timeout' },
  { name: 'revision' },
  { name: 'to-revision' },
  { name: 'delete-pods' },
  { name: 'pods' },
  { name: 'replicas' },
  { name: 'jaeger-url' },
  { name: 'trace-ui-url' },
  { name: 'trace-id' },
  { name: 'generation' },
];

export const USAGE = `kubectl-kruise controls OpenKruise workloads (CloneSet, Advanced StatefulSet) on kruise-ts.

Commands:
  rollout status   cloneset/NAME|asts/NAME [--watch=true] [--timeout=0]
  rollout pause    cloneset/NAME|asts/NAME
  rollout resume   cloneset/NAME|asts/NAME
  rollout history  cloneset/NAME|asts/NAME [--revision=N] [-o json|yaml|wide]
  rollout undo     cloneset/NAME|asts/NAME [--to-revision=N]
  rollout why      cloneset/NAME|asts/NAME [--jaeger-url=URL] [--trace-ui-url=URL] [--generation=N | --trace-id=ID] [-o json|yaml]
  scale            --delete-pods=POD1,POD2 [--replicas=N] cloneset/NAME
  scaledown        cloneset/NAME --pods=POD1,POD2
  describe         cloneset/NAME|asts/NAME

Global flags:
  --kubeconfig PATH   (else KUBECONFIG, else ~/.kube/config)
  --context NAME
  -n, --namespace NS
  -o, --output json|yaml|name|wide
`;

export interface RunIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
}

export async function run(argv: readonly string[], io: RunIo): Promise<number> {
  try {
    const args = parseArgs(argv, FLAGS);
    const [command, ...rest] = args.positionals;
    if (command === undefined || args.flags.get('help') === 'true' || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    const ctx: CommandContext = {
      args,
      kube: () => {
        const kubeconfig = args.flags.get('kubeconfig');
        const context = args.flags.get('context');
        const namespace = args.flags.get('namespace');
        return new Kube({
          ...(kubeconfig === undefined ? {} : { kubeconfig }),
          ...(context === undefined ? {} : { context }),
          ...(namespace === undefined ? {} : { namespace }),
        });
      },
      out: io.out,
      env: io.env,
      sleep: (ms) => sleep(ms),
      now: Date.now,
    };
    switch (command) {
      case 'rollout': {
        const [sub, ...resources] = rest;
        switch (sub) {
          case 'status':
            await rolloutStatusCommand(ctx, resources);
            break;
          case 'pause':
          case 'resume':
            await rolloutPauseCommand(ctx, resources, sub);
            break;
          case 'history':
            await rolloutHistoryCommand(ctx, resources);
            break;
          case 'undo':
            await rolloutUndoCommand(ctx, resources);
            break;
          case 'why':
            await rolloutWhyCommand(ctx, resources);
            break;
          default:
            throw new UsageError(`unknown command "${sub ?? ''}" for "kubectl-kruise rollout"`);
        }
        break;
      }
      case 'scale':
        await scaleCommand(ctx, rest, 'scale');
        break;
      case 'scaledown':
        await scaleCommand(ctx, rest, 'scaledown');
        break;
      case 'describe':
        await describeCommand(ctx, rest);
        break;
      default:
        throw new UsageError(`unknown command "${command}" for "kubectl-kruise"`);
    }
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    io.err(message.startsWith('Error from server') ? `${message}\n` : `error: ${message}\n`);
    if (err instanceof UsageError) io.err("See 'kubectl-kruise --help' for usage.\n");
    return 1;
  }
}
