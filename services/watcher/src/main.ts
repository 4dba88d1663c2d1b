// The watcher service: mirrors the watched kinds from the apiserver onto the bus until SIGTERM/SIGINT, then
// stops watching, lets queued publishes land, drains the bus and exits.
import { connectBus, ensureBusSettings, ensureStream, topology } from '@kruise-ts/bus';
import { createLogger, createMetricsRegistry, setupTelemetry } from '@kruise-ts/telemetry';
import { KubeConfig } from '@kubernetes/client-node';
import { apiserverSource } from './apiserver-stream.ts';
import { configFromEnv } from './config.ts';
import { startHttpServer } from './http-server.ts';
import { startWatcher } from './watcher.ts';

const serviceName = 'kruise-ts-watcher';
const logger = createLogger({ name: 'watcher' });
const config = configFromEnv();
const telemetry = setupTelemetry({ serviceName, serviceVersion: '0.1.0' });
const registry = createMetricsRegistry({ defaultLabels: { service: 'watcher' } });

const kc = new KubeConfig();
if (config.kubeconfigPath) kc.loadFromFile(config.kubeconfigPath);
else kc.loadFromDefault();
const source = apiserverSource(kc);

const bus = await connectBus({
  servers: config.natsUrl,
  topology: topology({ prefix: config.busPrefix, partitions: config.partitions }),
  publisherId: config.publisherId,
  waitOnFirstConnect: true,
});
// The partition count is cluster-wide: a watcher publishing to partitions the controllers do not read refuses
// to start. Only the object stream is the watcher's; the lease bucket and the event stream belong to their
// users, whose settings (e.g. the lease TTL) the watcher must not overwrite.
const busSettings = await ensureBusSettings(bus);
await ensureStream(bus.jsm, { ...bus.topology.objects.config, num_replicas: busSettings.replicas ?? 1 });

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
});

const http = await startHttpServer({
  ...config.http,
  registry,
  isLive: () => !bus.nc.isClosed(),
  // Not ready while the bus is disconnected: nothing it sees reaches the controllers.
  isReady: () => watcher.isReady() && bus.connected(),
  readyDetail: () => watcher.status(),
});
logger.info(
  {
    port: http.port,
    publisherId: config.publisherId,
    prefix: config.busPrefix,
    partitions: config.partitions,
    resources: watcher.resources.length,
    tracing: telemetry.enabled,
  },
  'watcher started',
);

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  try {
    await watcher.stop({ drainTimeoutMs: config.drainTimeoutMs });
    await bus.close();
    await source.close();
    await http.close();
    await telemetry.shutdown();
    logger.info('stopped');
  } catch (err) {
    logger.error({ err }, 'unclean shutdown');
    process.exitCode = 1;
  }
  process.exit();
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
