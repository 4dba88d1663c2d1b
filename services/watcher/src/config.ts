// The watcher's settings, from the environment.
import { hostname } from 'node:os';
import { resourceId, type WatchedResource, watchedResources } from './kinds.ts';

export interface WatcherConfig {
  /** undefined: client-node's default (in-cluster service account, else ~/.kube/config). */
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  publisherId: string;
  http: { host: string; port: number };
  resources: readonly WatchedResource[];
  stallTimeoutMs: number;
  watchTimeoutSeconds: number;
  pageSize: number;
  publishConcurrency: number;
  /** How long SIGTERM waits for queued publishes before closing the bus. */
  drainTimeoutMs: number;
}

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer ≥ ${min}, got '${raw}'`);
  }
  return value;
}

function selectedResources(raw: string | undefined): readonly WatchedResource[] {
  if (raw === undefined || raw.trim() === '') return watchedResources;
  const wanted = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const byId = new Map(watchedResources.map((r) => [resourceId(r), r]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new Error(
      `KRUISE_TS_WATCHER_RESOURCES names unknown resources ${unknown.join(', ')}; known: ${[...byId.keys()].join(', ')}`,
    );
  }
  return wanted.map((id) => byId.get(id)!);
}

export function configFromEnv(env: Env = process.env): WatcherConfig {
  const port = positiveInt(env, 'KRUISE_TS_HTTP_PORT', 8080, 0);
  if (port > 65_535) throw new Error(`KRUISE_TS_HTTP_PORT must be a port number, got ${port}`);
  return {
    kubeconfigPath: env.KRUISE_TS_KUBECONFIG || env.KUBECONFIG || undefined,
    natsUrl: env.KRUISE_TS_NATS_URL || 'nats://127.0.0.1:4222',
    busPrefix: env.KRUISE_TS_BUS_PREFIX || 'kruise',
    partitions: positiveInt(env, 'KRUISE_TS_PARTITIONS', 16),
    publisherId: `watcher/${env.POD_NAME || `${hostname()}-${process.pid}`}`,
    http: { host: env.KRUISE_TS_HTTP_HOST || '127.0.0.1', port },
    resources: selectedResources(env.KRUISE_TS_WATCHER_RESOURCES),
    stallTimeoutMs: positiveInt(env, 'KRUISE_TS_WATCHER_STALL_TIMEOUT_MS', 180_000),
    watchTimeoutSeconds: positiveInt(env, 'KRUISE_TS_WATCHER_WATCH_TIMEOUT_SECONDS', 300),
    pageSize: positiveInt(env, 'KRUISE_TS_WATCHER_PAGE_SIZE', 500),
    publishConcurrency: positiveInt(env, 'KRUISE_TS_WATCHER_PUBLISH_CONCURRENCY', 64),
    drainTimeoutMs: positiveInt(env, 'KRUISE_TS_WATCHER_DRAIN_TIMEOUT_MS', 10_000, 0),
  };
}
