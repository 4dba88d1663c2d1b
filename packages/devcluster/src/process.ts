// Child processes of the dev cluster: each gets its own process group and log file, fails fast with the
// tail of its log when it dies during start-up, and is reliably stopped (TERM, then KILL).
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordChild } from './stale-clusters.ts';

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  /** Resolves once the process has exited. */
  readonly exited: Promise<number | null>;
  isRunning(): boolean;
  logTail(lines?: number): string;
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ManagedProcess>();

// Last resort: if the Node process exits without calling stop(), do not leave servers behind.
process.once('exit', () => {
  for (const p of live) killGroup(p.pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { dir: string; env?: NodeJS.ProcessEnv; cwd?: string },
): ManagedProcess {
  const logFile = join(options.dir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      cwd: options.cwd ?? options.dir,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', fd, fd],
      detached: true,
    });
  } finally {
    closeSync(fd);
  }
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = child.pid;
  recordChild(options.dir, pid);
  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      running = false;
      live.delete(managed);
      resolve(code);
    });
    child.on('error', () => {
      running = false;
      live.delete(managed);
      resolve(null);
    });
  });
  const managed: ManagedProcess = {
    name,
    pid,
    logFile,
    exited,
    isRunning: () => running,
    logTail(lines = 30) {
      try {
        return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
    async stop(graceMs = 10_000) {
      if (!running) return;
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // A process may leave children in its group; make sure none survive.
      killGroup(pid, 'SIGKILL');
    },
  };
  live.add(managed);
  return managed;
}

/** Polls `probe` until it returns true; fails early with the log tail if `proc` dies meanwhile. */
export async function waitUntil(
  description: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; proc?: ManagedProcess; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (options.proc && !options.proc.isRunning()) {
      throw new Error(
        `${options.proc.name} exited while waiting for ${description}:\n${options.proc.logTail()}`,
      );
    }
    try {
      if (await probe()) return;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 250));
  }
  const tail = options.proc ? `\n${options.proc.logTail()}` : '';
  throw new Error(`timed out after ${options.timeoutMs}ms waiting for ${description}${tail}`, {
    cause: lastError,
  });
}
