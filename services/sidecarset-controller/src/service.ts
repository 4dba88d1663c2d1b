// The running controller. SidecarSets are cluster-scoped and one SidecarSet's maxUnavailable budget spans pods
// in every namespace, so the work cannot be split by the bus's namespace partitions: replicas elect one leader
// through the runtime's leader-elected controller (a single lease; hand-off drains reconciles). The leader holds the bus-fed
// caches — SidecarSets and Namespaces, Pods of all partitions, ControllerRevisions of the kruise namespace's
// partition — and reconciles; the others stand by with nothing cached and take over when its lease lapses.
// Pods are subscribed to only once a SidecarSet exists: until then no pod message reaches the process at all
// (a cluster without SidecarSets costs this service ~nothing per pod change, docs/performance.md), and the
// first reconcile of a SidecarSet waits for the pods' snapshot, so it still sees every existing pod.
// With container launch priority on, the leader also keeps ordered pods' barrier ConfigMaps (launch-barrier.ts)
// and so subscribes to pods from the start (docs/adr/0049-container-launch-priority-is-opt-in.md); those pods'
// keys (`<namespace>/<name>`) share the queue with the SidecarSets' names.
import { assertBusConnected, assertBusLive, partitionOf } from '@kruise-ts/bus';
import { ResourceVersionExpectations } from '@kruise-ts/core';
import {
  type CacheChange,
  type HealthServer,
  ObjectCache,
  objectOf,
  openControllerConnections,
  packageVersion,
  type SharedProcessParts,
  startLeaderElectedController,
  WorkQueue,
} from '@kruise-ts/runtime';
import type { Pod } from '@kruise-ts/sidecarset';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { trace } from '@opentelemetry/api';
import { ClusterView } from './cluster-view.ts';
import type { ControllerConfig } from './config.ts';
import { CONTROLLER_REVISION, NAMESPACE, POD, SIDECARSET } from './kinds.ts';
import { KubeWriter } from './kube-writer.ts';
import { LaunchBarriers, launchBarrierQueueKey, parseLaunchBarrierQueueKey } from './launch-barrier.ts';
import { createReconciler } from './reconciler.ts';
import { RevisionOverlay } from './revisions.ts';
import { sidecarSetChanged, sidecarSetsForPodChange } from './triggers.ts';

/** For a process composing this service with others (packages/all-in-one): its settings and cached kinds. */
export { configFromEnv } from './config.ts';
/** The kinds the leader caches (SidecarSets, Namespaces and Pods everywhere; revisions in the kruise namespace). */
export const CACHED_KINDS = [SIDECARSET, NAMESPACE, POD, CONTROLLER_REVISION];

export const CONTROLLER_NAME = 'sidecarset';
export const SERVICE_NAME = 'sidecarset-controller';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

export interface SidecarSetControllerService {
  readonly health: HealthServer;
  readonly memberId: string;
  isLeader(): boolean;
  /** Stops taking work, hands the lease off (draining reconciles), closes bus and server. */
  stop(): Promise<void>;
}

/** What the leader holds: the bus-fed caches and the reconcile reading them. */
interface Leading {
  objects: ObjectCache;
  revisions: ObjectCache;
  /**
   * Subscribes the pod cache to every partition (once; again after a failure) and resolves when it holds their
   * snapshot. Called by a reconcile of an existing SidecarSet before it reads pods.
   */
  podsSynced(): Promise<void>;
  /** Undoes what lead() added to the caches (stops them, or releases its share of the process's cache). */
  close(): Promise<void>;
  view: ClusterView;
  reconcile: ReturnType<typeof createReconciler>;
  /** Container launch priority's barriers; undefined when the setting is off. */
  barriers: LaunchBarriers | undefined;
}

export async function startSidecarSetController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<SidecarSetControllerService> {
  const { logger, registry, shared } = deps;
  const tracer = trace.getTracer(SERVICE_NAME, SERVICE_VERSION);
  const connections = await openControllerConnections(config, {
    serviceName: SERVICE_NAME,
    registry,
    shared,
  });
  const { health, bus, kube } = connections;
  try {
    const versions = new ResourceVersionExpectations({
      timeoutMs: config.expectationTimeoutMs,
      onLeak: (leak) => logger.warn({ leak }, 'expectation not met within the timeout'),
    });
    const overlay = new RevisionOverlay();
    const queue = new WorkQueue<string>({ name: CONTROLLER_NAME, registry });
    let leader: { state(): Leading | undefined; fence(): void } | undefined;
    const fence = () => {
      if (leader === undefined) throw new Error('not started');
      leader.fence();
    };
    const writer = new KubeWriter({
      kube,
      fence,
      versions,
      instance: config.memberId,
      logger,
    });

    /** Queues the pod's barrier step when it has one to take (Kruise's shouldEnqueue). */
    const enqueueBarrier = (barriers: LaunchBarriers, pod: Pod, links?: ReturnType<typeof spanLinks>) => {
      if (!barriers.needed(pod)) return;
      queue.add(launchBarrierQueueKey(pod.metadata.namespace ?? '', pod.metadata.name ?? ''), links);
    };

    const onChange = (change: CacheChange) => {
      const obj = change.current ?? change.old;
      const state = leader?.state();
      if (obj === undefined || state === undefined) return;
      if (obj.group === SIDECARSET.group && obj.kind === SIDECARSET.kind) {
        if (sidecarSetChanged(change.old, change.current)) queue.add(obj.name, spanLinks(change));
      } else if (obj.group === POD.group && obj.kind === POD.kind) {
        const view = state.view;
        if (change.current === undefined && change.old !== undefined) {
          versions.delete({ metadata: { uid: change.old.uid } });
          state.barriers?.forget(change.old.uid);
        }
        if (state.barriers !== undefined && !change.snapshot) {
          const pod = objectOf(change.current, POD);
          if (pod !== undefined) enqueueBarrier(state.barriers, pod, spanLinks(change));
        }
        // Pod bodies are parsed on first read (runtime ObjectCache): with no SidecarSet, none is read.
        if (!view.hasSidecarSets()) return;
        // The snapshot read when the first SidecarSet appeared: its reconcile waits for all of it and reads it.
        if (change.snapshot) return;
        const old = objectOf(change.old, POD);
        const current = objectOf(change.current, POD);
        for (const name of sidecarSetsForPodChange(old, current, (n) => view.sidecarSet(n))) {
          queue.add(name, spanLinks(change));
        }
      }
    };

    const controller = await startLeaderElectedController<Leading>({
      name: CONTROLLER_NAME,
      bus,
      memberId: config.memberId,
      queue,
      workers: config.workers,
      registry,
      logger,
      tracer,
      lead: async () => {
        const revisionPartition = partitionOf(config.revisionNamespace, config.partitions);
        const partitions = Array.from({ length: config.partitions }, (_, p) => p);
        const reconcileWith = (objects: ObjectCache, pods: ObjectCache, revisions: ObjectCache) => {
          const view = new ClusterView(objects, pods, revisions, config.revisionNamespace);
          const reconcile = createReconciler({
            view,
            writer,
            versions,
            overlay,
            revisionNamespace: config.revisionNamespace,
          });
          const barriers = config.containerLaunchPriority
            ? new LaunchBarriers({ kube, fence, versions })
            : undefined;
          return { view, reconcile, barriers };
        };
        if (shared !== undefined) {
          // The process's cache holds these kinds (and others'): subscribe to ours, hold every partition.
          const own = new Set([SIDECARSET, NAMESPACE, POD].map((k) => `${k.kind}.${k.group}`));
          const unsubscribe = shared.cache.subscribe((change) => {
            const obj = change.current ?? change.old;
            if (obj !== undefined && own.has(`${obj.kind}.${obj.group}`)) onChange(change);
          });
          await shared.cache.addClusterScoped();
          await Promise.all(partitions.map((p) => shared.cache.addPartition(p)));
          const close = async () => {
            unsubscribe();
            await Promise.all(partitions.map((p) => shared.cache.removePartition(p)));
            await shared.cache.release();
          };
          // The process's cache holds pods for other controllers anyway: nothing to gain by waiting.
          const { view, reconcile, barriers } = reconcileWith(shared.cache, shared.cache, shared.cache);
          const podsSynced = () => Promise.resolve();
          return {
            objects: shared.cache,
            revisions: shared.cache,
            podsSynced,
            view,
            reconcile,
            barriers,
            close,
          };
        }
        // SidecarSets and Namespaces are cluster-scoped: the cluster scope alone holds them.
        const objects = new ObjectCache(bus, {
          kinds: [SIDECARSET, NAMESPACE],
          onChange,
          onError: (err) => logger.warn({ err }, 'cache feed error'),
        });
        // No partition added until a SidecarSet needs pods: a cache without partitions opens no feed.
        const pods = new ObjectCache(bus, {
          kinds: [POD],
          onChange,
          onError: (err) => logger.warn({ err }, 'pod cache feed error'),
        });
        let podsOpened: Promise<void> | undefined;
        const podsSynced = (why = 'a SidecarSet exists') => {
          podsOpened ??= (async () => {
            const started = performance.now();
            await Promise.all(partitions.map((p) => pods.addPartition(p)));
            logger.info(
              { pods: pods.size(), ms: Math.round(performance.now() - started) },
              `${why}: pods cached`,
            );
          })().catch((err: unknown) => {
            // The next reconcile asks again; partitions that did open return their snapshot at once then.
            podsOpened = undefined;
            throw new Error('cannot subscribe to pods', { cause: err });
          });
          return podsOpened;
        };
        const revisions = new ObjectCache(bus, {
          kinds: [CONTROLLER_REVISION],
          onError: (err) => logger.warn({ err }, 'revision cache feed error'),
        });
        // Events during the snapshot are routed once the state is in place; the full enqueue in onLeading
        // covers them.
        await objects.addClusterScoped();
        await revisions.addPartition(revisionPartition);
        const { view, reconcile, barriers } = reconcileWith(objects, pods, revisions);
        // Ordered pods may appear at any time: their barriers need every pod change from the start.
        if (barriers !== undefined) await podsSynced('container launch priority is on');
        const close = async () => {
          await Promise.all([objects.stop(), pods.stop(), revisions.stop()]);
        };
        return { objects, revisions, podsSynced, view, reconcile, barriers, close };
      },
      onLeading: (state) => {
        logger.info({ member: config.memberId }, 'leading: caches synced');
        for (const sidecarSet of state.view.sidecarSets()) queue.add(sidecarSet.metadata?.name ?? '');
        const { barriers } = state;
        if (barriers !== undefined) for (const pod of state.view.pods()) enqueueBarrier(barriers, pod);
      },
      resign: (state) => state.close(),
      reconcile: async (state, { key, logger: keyLogger }) => {
        const ordered = parseLaunchBarrierQueueKey(key);
        if (ordered !== undefined) {
          await state.barriers?.reconcile(state.view.pod(ordered.namespace, ordered.name), keyLogger);
          return undefined;
        }
        if (state.view.sidecarSet(key) !== undefined) await state.podsSynced();
        return state.reconcile(key, keyLogger);
      },
    });
    leader = controller;

    health.addReadinessCheck('leader-cache', () => assertBusConnected(bus));
    health.addLivenessCheck('bus', () => assertBusLive(bus));
    logger.info(
      { member: config.memberId, port: health.port, partitions: config.partitions, prefix: config.busPrefix },
      'sidecarset controller started',
    );
    return {
      health,
      memberId: config.memberId,
      isLeader: () => controller.isLeader(),
      stop: async () => {
        health.markShuttingDown();
        await controller.stop();
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
