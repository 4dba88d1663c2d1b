// The watcher's settings, from the environment (the settings table's KRUISE_TS_* names).
import { hostname } from 'node:os';
import { ConfigError, type Env, SettingsReader } from '@kruise-ts/runtime';
import { resourceId, type WatchedResource, watchedResources } from './kinds.ts';

export interface WatcherConfig {
  /** undefined: the default loading rules ($KUBECONFIG, in-cluster service account, else ~/.kube/config). */
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
  publishLingerMs: number;
  publishQuietMs: number;
  /** How long SIGTERM waits for queued publishes before closing the bus. */
  drainTimeoutMs: number;
  shutdownDeadlineMs: number;
  deprecations: readonly string[];
}

function selectedResources(wanted: string[] | undefined): readonly WatchedResource[] {
  if (wanted === undefined || wanted.length === 0) return watchedResources;
  const byId = new Map(watchedResources.map((r) => [resourceId(r), r]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `KRUISE_TS_WATCHER_RESOURCES names unknown resources ${unknown.join(', ')}; known: ${[...byId.keys()].join(', ')}`,
    );
  }
  return wanted.map((id) => byId.get(id)!);
}

export function configFromEnv(env: Env = process.env): WatcherConfig {
  const s = new SettingsReader(env, 'watcher');
  const config: WatcherConfig = {
    kubeconfigPath: s.kubeconfigPath(),
    natsUrl: s.string('KRUISE_TS_NATS_URL') ?? '',
    busPrefix: s.string('KRUISE_TS_BUS_PREFIX') ?? '',
    partitions: s.int('KRUISE_TS_PARTITIONS'),
    publisherId: `watcher/${s.string('POD_NAME') ?? `${hostname()}-${process.pid}`}`,
    http: s.httpServer(),
    resources: selectedResources(s.list('KRUISE_TS_WATCHER_RESOURCES')),
    stallTimeoutMs: s.int('KRUISE_TS_WATCHER_STALL_TIMEOUT_MS'),
    watchTimeoutSeconds: s.int('KRUISE_TS_WATCHER_WATCH_TIMEOUT_SECONDS'),
    pageSize: s.int('KRUISE_TS_WATCHER_PAGE_SIZE'),
    publishConcurrency: s.int('KRUISE_TS_WATCHER_PUBLISH_CONCURRENCY'),
    publishLingerMs: s.int('KRUISE_TS_WATCHER_PUBLISH_LINGER_MS'),
    publishQuietMs: s.int('KRUISE_TS_WATCHER_PUBLISH_QUIET_MS'),
    drainTimeoutMs: s.int('KRUISE_TS_WATCHER_DRAIN_TIMEOUT_MS'),
    shutdownDeadlineMs: s.int('KRUISE_TS_SHUTDOWN_DEADLINE_MS'),
    deprecations: [],
  };
  return { ...config, deprecations: s.deprecations };
}
