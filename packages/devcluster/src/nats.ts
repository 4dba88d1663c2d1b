// nats-server with JetStream on loopback, usable on its own (bus tests) or as part of the dev cluster.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { binaryPaths } from './binaries.ts';
import { httpGet } from './http-probe.ts';
import { freePorts } from './ports.ts';
import { type ManagedProcess, startProcess, waitUntil } from './process.ts';

export interface NatsServer {
  url: string;
  monitorUrl: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export interface NatsOptions {
  port?: number;
  /** Monitoring port; default a free one (a restart passes the previous one to keep `monitorUrl`). */
  monitorPort?: number;
  /**
   * A nats-server configuration file (e.g. the one the Helm chart renders, with its users and permissions) and
   * the environment its `$VARIABLES` come from. The host and ports given on the command line win over the
   * file's; the file must enable JetStream with a store directory of its own.
   */
  config?: { file: string; env?: Record<string, string> };
}

/**
 * Go's GC target for nats-server: at 50 its heap stays within half again of what it holds, where the default 100
 * let it keep ~65 MiB after a 500-pod rollout instead of ~50 (docs/performance.md); the Helm chart sets the same
 * (`nats.bundled.gogc`).
 */
export const NATS_GOGC = '50';

export async function startNats(dir: string, options: NatsOptions = {}): Promise<NatsServer> {
  const [port, monitor] = options.port
    ? [options.port, options.monitorPort ?? (await freePorts(1))[0]]
    : await freePorts(2);
  const storeDir = join(dir, 'jetstream');
  mkdirSync(storeDir, { recursive: true });
  const proc = startProcess(
    'nats-server',
    binaryPaths().natsServer,
    [
      ...(options.config ? ['-c', options.config.file] : []),
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-m',
      String(monitor),
      // A config file declares its own jetstream block (store_dir included): the flags would be duplicates.
      ...(options.config ? [] : ['-js', '-sd', storeDir]),
      '-n',
      'kruise-ts-dev',
    ],
    { dir, env: { GOGC: NATS_GOGC, ...options.config?.env } },
  );
  const monitorUrl = `http://127.0.0.1:${monitor}`;
  await waitUntil(
    'nats-server JetStream healthy',
    async () => (await httpGet(`${monitorUrl}/healthz?js-enabled-only=true`)).status === 200,
    { timeoutMs: 30_000, proc },
  );
  return { url: `nats://127.0.0.1:${port}`, monitorUrl, process: proc, stop: () => proc.stop() };
}
