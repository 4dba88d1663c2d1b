// The services `npm start` runs, in start order, and the settings each gets. Services are processes started
// from their entry points: the launcher never imports a service.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface ServiceSpec {
  name: string;
  entry: string;
  /** Settings beyond the shared ones (cluster, bus, tracing). `port` is a free port for its health server. */
  env(port: number): Record<string, string>;
}

/** `dataDir`: where services keep local state across restarts (the webhook server's admission snapshot). */
export function serviceSpecs(repoRoot: string, webhookPort: number, dataDir?: string): ServiceSpec[] {
  const entry = (name: string) => join(repoRoot, 'services', name, 'src', 'main.ts');
  const specs: ServiceSpec[] = [
    {
      name: 'cert-manager',
      entry: entry('cert-manager'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port), WEBHOOK_HOSTS: '127.0.0.1,localhost' }),
    },
    {
      name: 'webhook-server',
      entry: entry('webhook-server'),
      env: (port) => ({
        KRUISE_TS_HTTP_PORT: String(port),
        WEBHOOK_PORT: String(webhookPort),
        WEBHOOK_REGISTER: 'true',
        WEBHOOK_HOST: '127.0.0.1',
        ...(dataDir === undefined ? {} : { KRUISE_TS_SNAPSHOT_DIR: join(dataDir, 'webhook-server') }),
      }),
    },
    { name: 'watcher', entry: entry('watcher'), env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }) },
    {
      name: 'cloneset-controller',
      entry: entry('cloneset-controller'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }),
    },
    {
      name: 'sidecarset-controller',
      entry: entry('sidecarset-controller'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }),
    },
    {
      name: 'broadcastjob-controller',
      entry: entry('broadcastjob-controller'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }),
    },
    {
      name: 'advancedcronjob-controller',
      entry: entry('advancedcronjob-controller'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }),
    },
    {
      name: 'statefulset-controller',
      entry: entry('statefulset-controller'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }),
    },
    {
      name: 'revision-gc',
      entry: entry('revision-gc'),
      env: (port) => ({ KRUISE_TS_HTTP_PORT: String(port) }),
    },
  ];
  // The system grows issue by issue; run what exists.
  return specs.filter((s) => existsSync(s.entry));
}
