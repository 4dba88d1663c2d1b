// A namespaced workload controller as a service: connections, scale and resourceVersion expectations, an Event
// recorder, and the partitioned controller over the bus-fed cache, with health checks and an ordered stop
// (not ready → hand partitions off, draining reconciles → flush Events → close bus and server). A controller
// brings only what is its own: the kinds it caches, which keys a change enqueues, and its reconcile.
import { assertBusConnected, assertBusLive, type Bus, type GroupKind } from '@kruise-ts/bus';
import {
  type ExpectationLeak,
  ResourceVersionExpectations,
  type ScaleAction,
  ScaleExpectations,
} from '@kruise-ts/core';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { type Tracer, trace } from '@opentelemetry/api';
import type { CacheChange, ObjectCache } from '../cache/object-cache.ts';
import type { ReconcileResult } from '../controller.ts';
import { EventRecorder } from '../events/event-recorder.ts';
import type { KubeClient } from '../kube/client.ts';
import {
  type OwedDeletes,
  type PartitionedReconcileRequest,
  startPartitionedController,
} from '../partitioned-controller.ts';
import type { HealthServer } from '../server/health-server.ts';
import { openControllerConnections } from './connections.ts';
import type { ControllerSettings } from './settings.ts';
import type { SharedProcessParts } from './shared.ts';

export interface WorkloadExpectations {
  scale: ScaleExpectations;
  versions: ResourceVersionExpectations;
}

export interface WorkloadReconcileDeps extends WorkloadExpectations {
  kube: KubeClient;
  recorder: EventRecorder;
  bus: Bus;
  tracer: Tracer;
}

/** What a workload's writer needs in one reconcile: the client, the fence before every write, and the expectations
 * its writes raise under the workload's `namespace/name` key. */
export interface WorkloadWriterOptions extends WorkloadExpectations {
  kube: KubeClient;
  key: string;
  namespace: string;
  fence: () => void;
}

/** The writer options of the workload a reconcile request is for. */
export function workloadWriterOptions(
  deps: Pick<WorkloadReconcileDeps, 'kube' | 'scale' | 'versions'>,
  request: Pick<PartitionedReconcileRequest, 'namespace' | 'name' | 'fence'>,
): WorkloadWriterOptions {
  const { namespace, name, fence } = request;
  return {
    kube: deps.kube,
    key: `${namespace}/${name}`,
    namespace,
    fence,
    scale: deps.scale,
    versions: deps.versions,
  };
}

/** What a reconcile waits for: our own last write of the workload, or pod creates/deletes not yet observed. */
export type ExpectationWait =
  | { expectation: 'workload' }
  | { expectation: ScaleAction; pending: number; leaked: boolean };

export type ExpectationGate =
  | { proceed: true }
  | { proceed: false; result: ReconcileResult | undefined; waiting: ExpectationWait };

/**
 * Kruise's first step of every workload reconcile: our own last write of the workload must show in the cache
 * (else look again in a second) and every pod create/delete we made must be observed (else wait, requeued at the
 * expectation timeout), so a lagging cache never makes us act twice.
 */
export function awaitExpectations(
  key: string,
  workload: { metadata?: { uid?: string; resourceVersion?: string } },
  expectations: WorkloadExpectations,
): ExpectationGate {
  const own = expectations.versions.check(
    workload as { metadata: { uid?: string; resourceVersion?: string } },
    {
      onTimeout: 'drop',
    },
  );
  if (!own.proceed) {
    return { proceed: false, result: { requeueAfter: 1000 }, waiting: { expectation: 'workload' } };
  }
  const scale = expectations.scale.check(key);
  if (scale.proceed) return { proceed: true };
  return {
    proceed: false,
    result: scale.requeueAfterMs === undefined ? undefined : { requeueAfter: scale.requeueAfterMs },
    waiting: { expectation: scale.pending.action, pending: scale.pending.names.length, leaked: scale.leaked },
  };
}

/** A workload controller's reconcile of one key. */
export type WorkloadReconcile = (
  request: PartitionedReconcileRequest,
) => Promise<ReconcileResult | undefined>;

export interface WorkloadControllerOptions {
  /** Work-queue, lease and metric name, e.g. `broadcastjob`. */
  controllerName: string;
  /** Process name: Event source, user agent, tracer, publisher id, e.g. `broadcastjob-controller`. */
  serviceName: string;
  serviceVersion: string;
  settings: ControllerSettings;
  logger: Logger;
  registry: Registry;
  kinds: readonly GroupKind[];
  /** Of these kinds only objects without a controller or controlled by `primary` are cached (e.g. Pod). */
  controlled?: readonly GroupKind[];
  /**
   * Of these kinds (e.g. Pod), those held in a partition only once it holds a `primary` object
   * (PartitionedControllerOptions.deferred).
   */
  deferred?: readonly GroupKind[];
  primary: GroupKind;
  /**
   * The keys a change enqueues, and what it tells the scale expectations. Every object's resourceVersion is
   * already observed for the versions expectations before this is called.
   */
  keysFor(change: CacheChange, cache: ObjectCache, expectations: WorkloadExpectations): string[];
  /** Built once, before the first `keysFor` call. */
  reconciler(deps: WorkloadReconcileDeps): WorkloadReconcile;
  /** Called, besides a warning log line, for every expectation found past its timeout (e.g. a leak counter). */
  onExpectationLeak?(leak: ExpectationLeak): void;
  /** The process's bus, cache and health server when it runs other parts too; absent: the controller opens its own. */
  shared?: SharedProcessParts | undefined;
  /** Deletes the controller owes, inherited by a successor (PartitionedControllerOptions.owed). */
  owed?: OwedDeletes;
}

export interface WorkloadControllerService {
  readonly health: HealthServer;
  readonly memberId: string;
  stop(): Promise<void>;
}

export async function startWorkloadController(
  o: WorkloadControllerOptions,
): Promise<WorkloadControllerService> {
  const { settings, logger, registry } = o;
  const tracer = trace.getTracer(o.serviceName, o.serviceVersion);
  const connections = await openControllerConnections(settings, {
    serviceName: o.serviceName,
    registry,
    shared: o.shared,
  });
  const { health, bus, kube } = connections;
  try {
    const expectationOptions = {
      timeoutMs: settings.expectationTimeoutMs,
      onLeak: (leak: ExpectationLeak) => {
        o.onExpectationLeak?.(leak);
        logger.warn({ leak }, 'expectation not met within the timeout');
      },
    };
    const expectations: WorkloadExpectations = {
      scale: new ScaleExpectations(expectationOptions),
      versions: new ResourceVersionExpectations(expectationOptions),
    };
    const recorder = new EventRecorder({
      kube,
      component: o.serviceName,
      reportingInstance: settings.memberId,
      logger,
    });
    const reconcile = o.reconciler({ kube, recorder, bus, tracer, ...expectations });
    const controller = await startPartitionedController({
      name: o.controllerName,
      bus,
      memberId: settings.memberId,
      kinds: o.kinds,
      ...(o.shared === undefined ? {} : { cache: o.shared.cache }),
      ...(o.controlled ? { controlled: o.controlled } : {}),
      ...(o.deferred ? { deferred: o.deferred } : {}),
      ...(o.owed ? { owed: o.owed } : {}),
      primary: o.primary,
      workers: settings.workers,
      registry,
      logger,
      tracer,
      keysFor: (change, cache) => {
        const cur = change.current;
        if (cur !== undefined) {
          expectations.versions.observe({ metadata: { uid: cur.uid, resourceVersion: cur.resourceVersion } });
        }
        return o.keysFor(change, cache, expectations);
      },
      reconcile,
      forgetPartition: (inPartition) => {
        expectations.scale.forget((key) => inPartition(key.slice(0, Math.max(0, key.indexOf('/')))));
        expectations.versions.forgetNamespaces(inPartition);
      },
      onOwnershipChange: (e) => logger.info(e, 'partition ownership changed'),
    });
    health.addLivenessCheck('bus', () => assertBusLive(bus));
    // Ready once the controller runs (it started above) and while its bus is connected: disconnected, the cache no
    // longer follows the cluster (writes stay fenced by leases).
    health.addReadinessCheck('controller', () => assertBusConnected(bus));
    logger.info(
      {
        member: settings.memberId,
        port: health.port,
        partitions: settings.partitions,
        prefix: settings.busPrefix,
      },
      `${o.controllerName} controller started`,
    );
    return {
      health,
      memberId: settings.memberId,
      stop: async () => {
        health.markShuttingDown();
        await controller.stop();
        await recorder.flush();
        await connections.close();
      },
    };
  } catch (err) {
    await connections.close();
    throw err;
  }
}
