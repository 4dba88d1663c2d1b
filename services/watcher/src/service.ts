// The running watcher: bus connection, the mirror of every watched kind, and its health/metrics server. Stop
// order: stop watching and let queued publishes land, close the bus, the apiserver source, then the server.
import { assertBusLive, connectBus, ensureBusSettings, ensureObjectStream, topology } from '@kruise-ts/bus';
import {
  ClusterConnection,
  currentBuild,
  loadClusterConfig,
  packageVersion,
  type SharedProcessParts,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { apiserverSource } from './apiserver-stream.ts';
import type { WatcherConfig } from './config.ts';
import { startHttpServer } from './http-server.ts';
import { startWatcher } from './watcher.ts';

/** For a process composing this service with others (packages/all-in-one): its settings. */
export { configFromEnv } from './config.ts';

export const SERVICE_NAME = 'watcher';
/** OpenTelemetry service.name (traces of the watcher are found under this name). */
export const TELEMETRY_NAME = 'kruise-ts-watcher';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

export async function startWatcherService(
  config: WatcherConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<{ stop(): Promise<void> }> {
  const { logger, registry, shared } = deps;
  const source = apiserverSource(
    new ClusterConnection(loadClusterConfig(config.kubeconfigPath || undefined)),
  );

  // In a process of several parts the bus is the process's (its view's close() leaves it open).
  const bus =
    shared?.bus ??
    (await connectBus({
      servers: config.natsUrl,
      topology: topology({ prefix: config.busPrefix, partitions: config.partitions }),
      publisherId: config.publisherId,
      waitOnFirstConnect: true,
      onObjectStreamReplaced: (err) =>
        logger.error({ err }, 'the object stream was replaced under the watcher'),
    }));
  try {
    // The partition count is cluster-wide: a watcher publishing to partitions the controllers do not read
    // refuses to start. Only the object stream is the watcher's; the lease bucket and the event stream belong to
    // their users, whose settings (e.g. the lease TTL) the watcher must not overwrite.
    const busSettings = await ensureBusSettings(bus);
    await ensureObjectStream(bus, busSettings.replicas ?? 1);
    // The stream it publishes into from now on; a replaced one fails its liveness (a restart lists everything).
    await bus.objectStreamIntact();

    const watcher = await startWatcher({
      bus,
      source,
      logger,
      registry,
      resources: config.resources,
      stallTimeoutMs: config.stallTimeoutMs,
      watchTimeoutSeconds: config.watchTimeoutSeconds,
      pageSize: config.pageSize,
      publishConcurrency: config.publishConcurrency,
      publishLingerMs: config.publishLingerMs,
      publishQuietMs: config.publishQuietMs,
    });

    const isLive = () => {
      try {
        assertBusLive(bus);
        return true;
      } catch {
        return false;
      }
    };
    // Not ready while the bus is disconnected: nothing it sees reaches the controllers.
    const isReady = () => watcher.isReady() && bus.connected();
    const http =
      shared === undefined
        ? await startHttpServer({
            ...config.http,
            registry,
            build: currentBuild(),
            isLive,
            isReady,
            readyDetail: () => watcher.status(),
          })
        : sharedHttp(shared, isLive, isReady, () => watcher.status());
    logger.info(
      {
        port: http.port,
        publisherId: config.publisherId,
        prefix: config.busPrefix,
        partitions: config.partitions,
        resources: watcher.resources.length,
      },
      'watcher started',
    );
    return {
      stop: async () => {
        await watcher.stop({ drainTimeoutMs: config.drainTimeoutMs });
        await bus.close();
        await source.close();
        await http.close();
        logger.info('stopped');
      },
    };
  } catch (err) {
    await bus.close().catch(() => {});
    await source.close().catch(() => {});
    throw err;
  }
}

/** The watcher's probes as checks of the process's health server (the all-in-one process). */
function sharedHttp(
  shared: SharedProcessParts,
  isLive: () => boolean,
  isReady: () => boolean,
  detail: () => unknown,
): { port: number; close(): Promise<void> } {
  shared.health.addLivenessCheck('bus', () => {
    if (!isLive()) throw new Error('bus connection closed, or the object stream was replaced');
  });
  shared.health.addReadinessCheck('mirror', () => {
    if (!isReady()) throw new Error(`not ready: ${JSON.stringify(detail())}`);
  });
  return { port: shared.health.port, close: async () => {} };
}
