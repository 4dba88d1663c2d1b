// The running controller: bus connection, partitioned controller over CloneSets, Pods, PVCs and
// ControllerRevisions fed by the watcher, the reconcile, health/metrics endpoints and an ordered stop.
import { assertBusConnected } from '@kruise-ts/bus';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import {
  EventRecorder,
  type HealthServer,
  openControllerConnections,
  startPartitionedController,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { trace } from '@opentelemetry/api';
import type { ControllerConfig } from './config.ts';
import { cloneSetKeysFor, observeExpectations } from './controller/cache-events.ts';
import { CACHED_KINDS, CLONESET } from './controller/kinds.ts';
import { controllerMetrics } from './controller/metrics.ts';
import { createCloneSetReconcile } from './controller/reconciler.ts';
import { recallFromBus } from './rollout/recall.ts';
import { RolloutTracker } from './rollout/rollout-trace.ts';

export const CONTROLLER_NAME = 'cloneset';
export const SERVICE_NAME = 'cloneset-controller';
export const SERVICE_VERSION = '0.1.0';

export interface CloneSetControllerService {
  readonly health: HealthServer;
  readonly memberId: string;
  /** Stops taking work, hands partitions off (draining reconciles), flushes events, closes bus and server. */
  stop(): Promise<void>;
}

export async function startCloneSetController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry },
): Promise<CloneSetControllerService> {
  const { logger, registry } = deps;
  const tracer = trace.getTracer(SERVICE_NAME, SERVICE_VERSION);
  const connections = await openControllerConnections(config, { serviceName: SERVICE_NAME, registry });
  const { health, bus, kube } = connections;
  try {
    const rollouts = new RolloutTracker({ recall: recallFromBus(bus, logger) });
    let metrics: ReturnType<typeof controllerMetrics> | undefined;
    const expectationOptions = {
      timeoutMs: config.expectationTimeoutMs,
      onLeak: (leak: Parameters<ReturnType<typeof controllerMetrics>['onLeak']>[0]) => {
        metrics?.onLeak(leak);
        logger.warn({ leak }, 'expectation not met within the timeout');
      },
    };
    const scale = new ScaleExpectations(expectationOptions);
    const versions = new ResourceVersionExpectations(expectationOptions);
    metrics = controllerMetrics(registry, {
      pendingScale: () => scale.size(),
      pendingVersions: () => versions.size(),
      rollouts: () => rollouts.size(),
    });
    const recorder = new EventRecorder({
      kube,
      component: SERVICE_NAME,
      reportingInstance: config.memberId,
      logger,
    });
    const reconcile = createCloneSetReconcile({
      kube,
      bus,
      scale,
      versions,
      rollouts,
      recorder,
      tracer,
      gates: config.gates,
    });
    let started = false;
    const controller = await startPartitionedController({
      name: CONTROLLER_NAME,
      bus,
      memberId: config.memberId,
      kinds: CACHED_KINDS,
      primary: CLONESET,
      workers: config.workers,
      registry,
      logger,
      tracer,
      keysFor: (change) => {
        observeExpectations(change, { scale, versions });
        const cur = change.current;
        const isCloneSet = cur !== undefined && cur.group === CLONESET.group && cur.kind === CLONESET.kind;
        if (isCloneSet && !change.snapshot && change.old?.generation !== cur.generation) {
          rollouts.noteGeneration(`${cur.namespace}/${cur.name}`, cur.generation, change.context);
        }
        return cloneSetKeysFor(change);
      },
      reconcile,
      // A lost partition's expectations go: the next owner decides afresh, and a regained one starts clean.
      forgetPartition: (inPartition) => {
        scale.forget((key) => inPartition(key.slice(0, Math.max(0, key.indexOf('/')))));
        versions.forgetNamespaces(inPartition);
      },
      onOwnershipChange: (e) => logger.info(e, 'partition ownership changed'),
    });
    started = true;
    health.addReadinessCheck('controller', () => {
      if (!started) throw new Error('controller not started');
      assertBusConnected(bus);
    });
    health.addLivenessCheck('bus', () => {
      if (bus.nc.isClosed()) throw new Error('bus connection closed');
    });
    logger.info(
      { member: config.memberId, port: health.port, partitions: config.partitions, prefix: config.busPrefix },
      'cloneset controller started',
    );
    return {
      health,
      memberId: config.memberId,
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
