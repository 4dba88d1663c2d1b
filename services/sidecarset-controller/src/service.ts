// The running controller. SidecarSets are cluster-scoped and one SidecarSet's maxUnavailable budget spans pods
// in every namespace, so the work cannot be split by the bus's namespace partitions: replicas elect one leader
// through a single lease (the runtime's partition leases with one partition). The leader holds the bus-fed
// caches — SidecarSets, Namespaces and Pods of all partitions, ControllerRevisions of the kruise namespace's
// partition — and reconciles; the others stand by with nothing cached and take over when its lease lapses.
import { assertBusConnected, partitionOf } from '@kruise-ts/bus';
import { ResourceVersionExpectations } from '@kruise-ts/core';
import {
  type CacheChange,
  FencedError,
  type HealthServer,
  ObjectCache,
  openControllerConnections,
  PartitionLeaseManager,
  runController,
  WorkQueue,
} from '@kruise-ts/runtime';
import type { Pod } from '@kruise-ts/sidecarset';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { Kvm } from '@nats-io/kv';
import { trace } from '@opentelemetry/api';
import { ClusterView } from './cluster-view.ts';
import type { ControllerConfig } from './config.ts';
import { CONTROLLER_REVISION, NAMESPACE, POD, SIDECARSET } from './kinds.ts';
import { KubeWriter } from './kube-writer.ts';
import { createReconciler } from './reconciler.ts';
import { RevisionOverlay } from './revisions.ts';
import { sidecarSetChanged, sidecarSetsForPodChange } from './triggers.ts';

export const CONTROLLER_NAME = 'sidecarset';
export const SERVICE_NAME = 'sidecarset-controller';
export const SERVICE_VERSION = '0.1.0';
const LEADER_PARTITION = 0;

export interface SidecarSetControllerService {
  readonly health: HealthServer;
  readonly memberId: string;
  isLeader(): boolean;
  /** Stops taking work, hands the lease off (draining reconciles), closes bus and server. */
  stop(): Promise<void>;
}

interface Leading {
  objects: ObjectCache;
  revisions: ObjectCache;
  view: ClusterView;
  inFlight: number;
  drained?: () => void;
}

export async function startSidecarSetController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry },
): Promise<SidecarSetControllerService> {
  const { logger, registry } = deps;
  const tracer = trace.getTracer(SERVICE_NAME, SERVICE_VERSION);
  const connections = await openControllerConnections(config, { serviceName: SERVICE_NAME, registry });
  const { health, bus, kube } = connections;
  try {
    const versions = new ResourceVersionExpectations({
      timeoutMs: config.expectationTimeoutMs,
      onLeak: (leak) => logger.warn({ leak }, 'expectation not met within the timeout'),
    });
    const overlay = new RevisionOverlay();
    const queue = new WorkQueue<string>({ name: CONTROLLER_NAME, registry });
    let leading: Leading | undefined;
    let leases: PartitionLeaseManager | undefined;
    const fence = () => {
      if (!leases?.owns(LEADER_PARTITION)) throw new FencedError(LEADER_PARTITION);
    };
    const writer = new KubeWriter({ kube, fence, versions });

    const onChange = (change: CacheChange) => {
      const obj = change.current ?? change.old;
      if (obj === undefined || leading === undefined) return;
      if (obj.group === SIDECARSET.group && obj.kind === SIDECARSET.kind) {
        if (sidecarSetChanged(change.old, change.current)) queue.add(obj.name, spanLinks(change));
      } else if (obj.group === POD.group && obj.kind === POD.kind) {
        const old = change.old?.object as unknown as Pod | undefined;
        const current = change.current?.object as unknown as Pod | undefined;
        if (current === undefined && old !== undefined) versions.delete(old);
        const view = leading.view;
        for (const name of sidecarSetsForPodChange(old, current, (n) => view.sidecarSet(n))) {
          queue.add(name, spanLinks(change));
        }
      }
    };

    const openCaches = async (): Promise<Leading> => {
      const objects = new ObjectCache(bus, {
        kinds: [SIDECARSET, NAMESPACE, POD],
        onChange,
        onError: (err) => logger.warn({ err }, 'cache feed error'),
      });
      const revisions = new ObjectCache(bus, {
        kinds: [CONTROLLER_REVISION],
        onError: (err) => logger.warn({ err }, 'revision cache feed error'),
      });
      const state: Leading = {
        objects,
        revisions,
        view: new ClusterView(objects, revisions, config.revisionNamespace),
        inFlight: 0,
      };
      // Events during the snapshot are routed once `leading` is set; the full enqueue below covers them.
      await objects.addClusterScoped();
      await Promise.all(Array.from({ length: config.partitions }, (_, p) => objects.addPartition(p)));
      await revisions.addPartition(partitionOf(config.revisionNamespace, config.partitions));
      return state;
    };

    const release = async (drain: boolean) => {
      const state = leading;
      leading = undefined;
      if (state === undefined) return;
      if (drain && state.inFlight > 0) await new Promise<void>((resolve) => (state.drained = resolve));
      await Promise.all([state.objects.stop(), state.revisions.stop()]);
    };

    const kv = await new Kvm(bus.js).open(bus.topology.leases.bucket);
    leases = new PartitionLeaseManager({
      kv,
      controller: `${CONTROLLER_NAME}-leader`,
      memberId: config.memberId,
      partitions: 1,
      ttlMs: bus.topology.leases.ttlMs,
      onAcquired: async () => {
        const state = await openCaches();
        leading = state;
        logger.info({ member: config.memberId }, 'leading: caches synced');
        for (const sidecarSet of state.view.sidecarSets()) queue.add(sidecarSet.metadata?.name ?? '');
      },
      onReleasing: async () => {
        logger.info({ member: config.memberId }, 'handing leadership off');
        await release(true);
      },
      onLost: () => {
        logger.warn({ member: config.memberId }, 'leader lease lost');
        void release(false);
      },
      onError: (err) => logger.warn({ err }, 'leader lease error'),
    });

    const reconcilers = new WeakMap<Leading, ReturnType<typeof createReconciler>>();
    const reconcileOne = (state: Leading, key: string, keyLogger: Logger | undefined) => {
      let reconcile = reconcilers.get(state);
      if (reconcile === undefined) {
        reconcile = createReconciler({
          view: state.view,
          writer,
          versions,
          overlay,
          revisionNamespace: config.revisionNamespace,
        });
        reconcilers.set(state, reconcile);
      }
      return reconcile(key, keyLogger);
    };
    const controller = runController({
      name: CONTROLLER_NAME,
      queue,
      workers: config.workers,
      registry,
      logger,
      tracer,
      reconcile: async ({ key, logger: keyLogger }) => {
        const state = leading;
        if (state === undefined || !leases?.owns(LEADER_PARTITION)) return undefined;
        state.inFlight++;
        try {
          return await reconcileOne(state, key, keyLogger);
        } finally {
          state.inFlight--;
          if (state.inFlight === 0) state.drained?.();
        }
      },
    });
    leases.start();

    health.addReadinessCheck('leader-cache', () => assertBusConnected(bus));
    health.addLivenessCheck('bus', () => {
      if (bus.nc.isClosed()) throw new Error('bus connection closed');
    });
    logger.info(
      { member: config.memberId, port: health.port, partitions: config.partitions, prefix: config.busPrefix },
      'sidecarset controller started',
    );
    return {
      health,
      memberId: config.memberId,
      isLeader: () => leading !== undefined && (leases?.owns(LEADER_PARTITION) ?? false),
      stop: async () => {
        health.markShuttingDown();
        await leases?.stop();
        await queue.shutDownWithDrain();
        await controller.stop();
        await release(false);
        await connections.close();
      },
    };
  } catch (err) {
    await connections.close();
    throw err;
  }
}

function spanLinks(change: CacheChange) {
  const spanContext = trace.getSpanContext(change.context);
  return spanContext ? { links: [spanContext] } : {};
}
