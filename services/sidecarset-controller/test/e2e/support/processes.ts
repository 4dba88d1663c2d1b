// Child processes of the e2e harness: the watcher, the webhook server and this controller, each started from
// its package's entry point (services never import each other), with output kept for failure messages.
import { type ChildProcess, spawn } from 'node:child_process';
import { eventually } from '@kruise-ts/devcluster';

export interface ServiceProcess {
  readonly name: string;
  output(): string;
  /** Throws (with the output's tail) when the process has exited. */
  assertRunning(): void;
  /** Resolves once `pattern` appears in the output (checked every 100 ms). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

const entries = {
  watcher: new URL('../../../../watcher/src/main.ts', import.meta.url).pathname,
  'webhook-server': new URL('../../../../webhook-server/src/main.ts', import.meta.url).pathname,
  'sidecarset-controller': new URL('../../../src/main.ts', import.meta.url).pathname,
};

export function startService(name: keyof typeof entries, env: Record<string, string>): ServiceProcess {
  const child: ChildProcess = spawn(process.execPath, [entries[name]], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    // Bounded: enough to diagnose a failure.
    out = (out + d.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    output: () => out,
    assertRunning: () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${name} exited: ${out.slice(-3000)}`);
    },
    waitFor: (pattern, timeoutMs = 60_000) =>
      eventually(
        `${name}: ${pattern}`,
        async () => {
          if (child.exitCode !== null) throw new Error(`${name} exited: ${out.slice(-3000)}`);
          return pattern.exec(out) ?? undefined;
        },
        { timeoutMs, intervalMs: 100 },
      ),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
