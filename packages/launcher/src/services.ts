// The services `npm start` runs, in start order, and the settings each gets. Services are processes started
// from their entry points: the launcher never imports a service. `--all-in-one` runs them all as one process
// (packages/all-in-one) with the union of their settings.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  COMPILE_CACHE_FLAG,
  EXPOSE_GC_FLAG,
  MAGLEV_TOP_TIER_FLAG,
  SERVICE_ENV,
  SERVICE_NODE_FLAGS,
} from '@kruise-ts/deploy';

/** Node flags and environment every service runs with; the images carry the same (deploy/src/services.ts). */
export { SERVICE_ENV, SERVICE_NODE_FLAGS };

export interface ServiceSpec {
  name: string;
  entry: string;
  /** Settings beyond the shared ones (cluster, bus, tracing). `port` is a free port for its health server. */
  env(port: number): Record<string, string>;
  /**
   * What the launcher waits for before starting the next: `/healthz` (default; the next service waits for what
   * it needs itself) or `/readyz` (everything in the process runs, e.g. the all-in-one's webhook server listens).
   */
  waitFor?: '/healthz' | '/readyz';
  /** Node options before the entry (V8 heap settings). */
  nodeArgs?: readonly string[];
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
      // Healthy comes before the HTTPS listener (it waits for its certificate): a restart counted as done at
      // /healthz once let the next CRD write reach a conversion webhook that was not listening yet.
      waitFor: '/readyz',
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

/**
 * What bin/kruise-ts-all-in-one passes too (packages/all-in-one); the compile cache as for every service. A small
 * young generation, and V8 favouring size: the process peaked at 140–152 MiB instead of 173–205 MiB under the
 * peer benchmark's 200-pod workload, at CPU within run-to-run noise (docs/adr/0024, amendment). Maglev as the
 * top tier (MAGLEV_TOP_TIER_FLAG): a peak about 10 MiB lower under the CloneSet of 500, CPU within the spread
 * (docs/adr/0024, third amendment).
 */
export const ALL_IN_ONE_NODE_ARGS = [
  '--max-semi-space-size=1',
  '--optimize-for-size',
  MAGLEV_TOP_TIER_FLAG,
  EXPOSE_GC_FLAG,
  COMPILE_CACHE_FLAG,
] as const;

/** The one process of every service (packages/all-in-one): each part reads its settings from the same env. */
export function allInOneSpec(repoRoot: string, webhookPort: number, dataDir?: string): ServiceSpec {
  const parts = serviceSpecs(repoRoot, webhookPort, dataDir);
  return {
    name: 'all-in-one',
    entry: join(repoRoot, 'packages', 'all-in-one', 'src', 'main.ts'),
    waitFor: '/readyz',
    nodeArgs: ALL_IN_ONE_NODE_ARGS,
    env: (port) => Object.assign({}, ...parts.map((p) => p.env(port))) as Record<string, string>,
  };
}
