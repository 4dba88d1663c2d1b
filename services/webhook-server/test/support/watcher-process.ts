// The watcher service as its own process (services never import each other), mirroring the kinds the
// SidecarSet cache reads onto this test's bus prefix. Ready once it has listed and published every resource.
import { type ChildProcess, spawn } from 'node:child_process';
import { eventually } from '@kruise-ts/devcluster';

export interface WatcherProcess {
  output(): string;
  stop(): Promise<void>;
}

const entry = new URL('../../../watcher/src/main.ts', import.meta.url).pathname;

export async function startWatcherProcess(options: {
  kubeconfigPath: string;
  natsUrl: string;
  busPrefix: string;
  partitions?: number;
  resources?: string[];
}): Promise<WatcherProcess> {
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      KRUISE_TS_KUBECONFIG: options.kubeconfigPath,
      KRUISE_TS_NATS_URL: options.natsUrl,
      KRUISE_TS_BUS_PREFIX: options.busPrefix,
      KRUISE_TS_PARTITIONS: String(options.partitions ?? 16),
      KRUISE_TS_HTTP_HOST: '127.0.0.1',
      KRUISE_TS_HTTP_PORT: '0',
      KRUISE_TS_WATCHER_RESOURCES: (
        options.resources ?? ['sidecarsets.apps.kruise.io', 'namespaces.core']
      ).join(','),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    // Enough to diagnose a failure without holding a long run's log.
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const port = await eventually(
      'the watcher process to listen',
      async () => {
        if (child.exitCode !== null) throw new Error(`watcher exited early: ${out.slice(-2000)}`);
        const m = /"port":(\d+)[^\n]*"msg":"watcher started"/.exec(out);
        return m ? Number(m[1]) : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    await eventually(
      'the watcher to be ready',
      async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok,
      {
        timeoutMs: 60_000,
      },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { output: () => out, stop };
}
