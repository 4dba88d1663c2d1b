// The watcher service as its own process (services never import each other), mirroring the kinds the
// SidecarSet cache reads onto this test's bus prefix. Ready once it has listed and published every resource.
import { eventually, type ServiceProcess, startServiceProcess } from '@kruise-ts/devcluster';

export type WatcherProcess = Pick<ServiceProcess, 'output' | 'stop'>;

export async function startWatcherProcess(options: {
  kubeconfigPath: string;
  natsUrl: string;
  busPrefix: string;
  partitions?: number;
  resources?: string[];
}): Promise<WatcherProcess> {
  const watcher = startServiceProcess('watcher', {
    KRUISE_TS_KUBECONFIG: options.kubeconfigPath,
    KRUISE_TS_NATS_URL: options.natsUrl,
    KRUISE_TS_BUS_PREFIX: options.busPrefix,
    KRUISE_TS_PARTITIONS: String(options.partitions ?? 16),
    KRUISE_TS_HTTP_HOST: '127.0.0.1',
    KRUISE_TS_HTTP_PORT: '0',
    KRUISE_TS_WATCHER_RESOURCES: (
      options.resources ?? ['sidecarsets.apps.kruise.io', 'namespaces.core']
    ).join(','),
  });
  try {
    const [, port] = await watcher.waitFor(/"port":(\d+)[^\n]*"msg":"watcher started"/);
    await eventually(
      'the watcher to be ready',
      async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok,
      {
        timeoutMs: 60_000,
      },
    );
  } catch (err) {
    await watcher.stop();
    throw err;
  }
  return watcher;
}
