// cert-manager as its own process (services never import each other): devcluster's service process with the
// test's settings, its output also written to a log file for diagnosis while it runs (removed when the test
// stops it), stopped with SIGTERM (its graceful shutdown releases the lease).
import { createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort, startServiceProcess } from '@kruise-ts/devcluster';

export interface CertManagerProcess {
  readonly healthPort: number;
  readonly logFile: string;
  stop(): Promise<void>;
}

export async function startCertManagerProcess(env: Record<string, string>): Promise<CertManagerProcess> {
  const healthPort = await freePort();
  const logFile = join(tmpdir(), `cert-manager-${process.pid}-${healthPort}.log`);
  const log = createWriteStream(logFile);
  const service = startServiceProcess(
    'cert-manager',
    { ...env, KRUISE_TS_HTTP_PORT: String(healthPort) },
    { onLine: (line) => log.write(`${line}\n`) },
  );
  try {
    await eventually(
      `cert-manager health (log ${logFile})`,
      async () => {
        service.assertRunning();
        return (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).ok;
      },
      { timeoutMs: 30_000 },
    );
  } catch (err) {
    await service.stop();
    log.end();
    throw err;
  }
  return {
    healthPort,
    logFile,
    async stop() {
      await service.stop();
      log.end();
      rmSync(logFile, { force: true });
    },
  };
}
