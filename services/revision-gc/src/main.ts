// revision-gc: for every workload kind, a partitioned controller whose reconcile deletes the revisions
// revisionsToDelete() picks. Replicas split the partitions like every controller.
import { connectBus, ensureTopology, topology } from '@kruise-ts/bus';
import type { ControllerRevision } from '@kruise-ts/core';
import {
  createGracefulShutdown,
  KubeClient,
  NotFoundError,
  type PartitionedController,
  startHealthServer,
  startPartitionedController,
} from '@kruise-ts/runtime';
import { createLogger, createMetricsRegistry, setupTelemetry } from '@kruise-ts/telemetry';
import { AppsV1Api } from '@kubernetes/client-node';
import { configFromEnv } from './config.ts';
import { revisionsToDelete } from './prune.ts';
import { workloadKinds } from './workload-kinds.ts';

const config = configFromEnv();
const telemetry = setupTelemetry({ serviceName: 'revision-gc', serviceVersion: '0.1.0' });
const logger = createLogger({ name: 'revision-gc' });
const registry = createMetricsRegistry();
const shutdown = createGracefulShutdown({ logger });

const bus = await connectBus({
  servers: config.natsUrl,
  topology: topology({
    prefix: config.busPrefix,
    partitions: config.partitions,
    leaseTtlMs: config.leaseTtlMs,
  }),
  publisherId: config.memberId,
});
await ensureTopology(bus);
const kube = new KubeClient({ ...(config.kubeconfigPath ? { kubeconfigPath: config.kubeconfigPath } : {}) });
const apps = kube.api(AppsV1Api);
const revisionKind = { group: 'apps', kind: 'ControllerRevision' };
const podKind = { group: '', kind: 'Pod' };

const controllers: PartitionedController[] = [];
for (const kind of workloadKinds) {
  const workloadKind = { group: kind.group, kind: kind.kind };
  controllers.push(
    await startPartitionedController({
      name: kind.id,
      bus,
      memberId: config.memberId,
      kinds: [workloadKind, revisionKind, podKind],
      primary: workloadKind,
      workers: 2,
      registry,
      logger,
      // A revision or pod change can free a revision; the key is always the owning workload's.
      keysFor: ({ current, old }, cache) => {
        const obj = current ?? old;
        if (!obj) return [];
        if (obj.group === kind.group && obj.kind === kind.kind) return [`${obj.namespace}/${obj.name}`];
        if (!obj.controllerUid) return [];
        const owner = cache.list(workloadKind, obj.namespace).find((w) => w.uid === obj.controllerUid);
        return owner ? [`${owner.namespace}/${owner.name}`] : [];
      },
      reconcile: async ({ namespace, name, cache, fence, logger: log }) => {
        const workload = cache.get(workloadKind, namespace, name);
        if (!workload) return; // the garbage collector removes an owner's revisions with it
        const revisions = cache
          .ownedBy(workload.uid, revisionKind)
          .map((r) => r.object as unknown as ControllerRevision);
        const pods = cache.ownedBy(workload.uid, podKind).map((p) => p.object);
        for (const revision of revisionsToDelete({ kind, workload: workload.object, revisions, pods })) {
          fence();
          const revisionName = revision.metadata.name ?? '';
          try {
            await apps.deleteNamespacedControllerRevision({ namespace, name: revisionName });
            log?.info({ revision: revisionName }, 'pruned ControllerRevision');
          } catch (err) {
            if (!(err instanceof NotFoundError)) throw err;
          }
        }
      },
    }),
  );
}

const health = await startHealthServer({ host: config.http.host, port: config.http.port, registry });
logger.info({ url: health.url, kinds: workloadKinds.map((k) => k.kind) }, 'revision-gc running');
shutdown.register('health', async () => health.markShuttingDown());
shutdown.register('controllers', async () => {
  for (const c of controllers) await c.stop();
});
shutdown.register('bus', () => bus.close());
shutdown.register('telemetry', () => telemetry.shutdown());
shutdown.register('health-server', () => health.close());
