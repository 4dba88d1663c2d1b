// cert-manager as its own process (services never import each other): started from its package's entry point
// with the test's settings, stopped with SIGTERM (its graceful shutdown releases the lease).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '@kruise-ts/devcluster';

export interface CertManagerProcess {
  readonly healthPort: number;
  readonly logFile: string;
  stop(): Promise<void>;
}

const entry = new URL('../../../cert-manager/src/main.ts', import.meta.url).pathname;

export async function startCertManagerProcess(env: Record<string, string>): Promise<CertManagerProcess> {
  const healthPort = await freePort();
  const logFile = join(tmpdir(), `cert-manager-${process.pid}-${healthPort}.log`);
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, KRUISE_TS_HTTP_PORT: String(healthPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(
    `cert-manager health (log ${logFile})`,
    async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).ok,
    { timeoutMs: 30_000 },
  );
  return {
    healthPort,
    logFile,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
