// The watcher service as a test's child process, started the way every e2e harness starts a service
// (startServiceProcess) and ready once it has listed and published every resource it mirrors (/readyz 200).
import { eventually } from './eventually.ts';
import { type ServiceProcess, type ServiceProcessOptions, startServiceProcess } from './service-process.ts';

export interface WatcherProcessOptions extends ServiceProcessOptions {
  kubeconfigPath: string;
  natsUrl: string;
  busPrefix: string;
  /** Default 16, as the launcher runs it. */
  partitions?: number;
  /** `KRUISE_TS_WATCHER_RESOURCES`; default the watcher's own list. */
  resources?: readonly string[];
  /** More environment for the process (wins over the above). */
  env?: Record<string, string | undefined>;
  /** How long the first list may take before /readyz answers (default 60 s; a bench over many pods wants more). */
  readyTimeoutMs?: number;
}

export interface WatcherProcess extends ServiceProcess {
  /** The health/metrics listener (127.0.0.1, a free port the watcher picked). */
  readonly port: number;
}

export async function startWatcherProcess(options: WatcherProcessOptions): Promise<WatcherProcess> {
  const {
    kubeconfigPath,
    natsUrl,
    busPrefix,
    partitions,
    resources,
    env,
    readyTimeoutMs,
    ...processOptions
  } = options;
  const watcher = startServiceProcess(
    'watcher',
    {
      KRUISE_TS_KUBECONFIG: kubeconfigPath,
      KRUISE_TS_NATS_URL: natsUrl,
      KRUISE_TS_BUS_PREFIX: busPrefix,
      KRUISE_TS_PARTITIONS: String(partitions ?? 16),
      KRUISE_TS_HTTP_HOST: '127.0.0.1',
      KRUISE_TS_HTTP_PORT: '0',
      ...(resources === undefined ? {} : { KRUISE_TS_WATCHER_RESOURCES: resources.join(',') }),
      ...env,
    },
    processOptions,
  );
  try {
    // The "watcher started" line is at info level, which startServiceProcess sets unless env overrides it.
    const [, port] = await watcher.waitFor(/"port":(\d+)[^\n]*"msg":"watcher started"/, readyTimeoutMs);
    await eventually(
      'the watcher to be ready',
      async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok,
      // A short interval: benches time the first list by this wait.
      { timeoutMs: readyTimeoutMs ?? 60_000, intervalMs: 20 },
    );
    return { ...watcher, port: Number(port) };
  } catch (err) {
    // Never leave a half-started watcher behind.
    await watcher.stop();
    throw err;
  }
}
