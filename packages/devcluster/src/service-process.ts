// A kruise-ts service as a child process of a test: started from its package's entry point (services never
// import each other), output kept (bounded) for failure messages, stopped with SIGTERM then SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The entry point of `services/<name>`. */
export function serviceEntry(name: string): string {
  return join(repoRoot, 'services', name, 'src', 'main.ts');
}

export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  output(): string;
  /** Throws (with the output's tail) when the process has exited. */
  assertRunning(): void;
  /** Resolves once `pattern` appears in the output (checked every 100 ms). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** The exit code once the process exited (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** The service's entry point; default `services/<name>/src/main.ts`. */
  entry?: string;
  /** Every complete line the process writes, as it comes (e.g. to keep them all, or echo warnings). */
  onLine?(line: string, stream: 'stdout' | 'stderr'): void;
  /** The node binary; default this process's (an older checkout brings its own). */
  execPath?: string;
}

export function startServiceProcess(
  name: string,
  env: Record<string, string | undefined>,
  options: ServiceProcessOptions = {},
): ServiceProcess {
  const entry = options.entry ?? serviceEntry(name);
  const child: ChildProcess = spawn(options.execPath ?? process.execPath, [entry], {
    env: { ...process.env, KRUISE_TS_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    // Bounded: enough to diagnose a failure.
    out = (out + d.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const onLine = options.onLine;
  if (onLine !== undefined) {
    for (const stream of ['stdout', 'stderr'] as const) {
      let partial = '';
      child[stream]?.on('data', (d: Buffer) => {
        partial += d.toString('utf8');
        const lines = partial.split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) onLine(line, stream);
      });
    }
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    exited,
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
