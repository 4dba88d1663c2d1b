// What every command gets: its parsed arguments (after the command words), the apiserver client for the
// --kubeconfig/--context/-n it was given, and where to write.
import type { Kube } from '../kube/client.ts';
import type { ParsedArgs } from './args.ts';

export interface CommandContext {
  args: ParsedArgs;
  kube: () => Kube;
  out: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Injected for tests of the waiting loop; real time otherwise. */
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}
