// The running controller: BroadcastJobs, their pods and the cluster's nodes from the bus-fed partitioned cache,
// the reconcile, health/metrics endpoints and an ordered stop.
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
import { jobKeysFor, observeExpectations } from './controller/cache-events.ts';
import { BROADCASTJOB, CACHED_KINDS } from './controller/kinds.ts';
import { createBroadcastJobReconcile } from './controller/reconciler.ts';

export const CONTROLLER_NAME = 'broadcastjob';
export const SERVICE_NAME = 'broadcastjob-controller';
export const SERVICE_VERSION = '0.1.0';

export interface BroadcastJobControllerService {
  readonly health: HealthServer;
  readonly memberId: string;
  /** Stops taking work, hands partitions off (draining reconciles), flushes Events, closes bus and server. */
  stop(): Promise<void>;
}

export async function startBroadcastJobController(
  config: ControllerConfig,
  deps: { logger: Logger; registry: Registry },
): Promise<BroadcastJobControllerService> {
  const { logger, registry } = deps;
  const tracer = trace.getTracer(SERVICE_NAME, SERVICE_VERSION);
  const connections = await openControllerConnections(config, { serviceName: SERVICE_NAME, registry });
  const { health, bus, kube } = connections;
  try {
    const expectationOptions = {
      timeoutMs: config.expectationTimeoutMs,
      onLeak: (leak: unknown) => logger.warn({ leak }, 'expectation not met within the timeout'),
    };
    const scale = new ScaleExpectations(expectationOptions);
    const versions = new ResourceVersionExpectations(expectationOptions);
    const recorder = new EventRecorder({
      kube,
      component: SERVICE_NAME,
      reportingInstance: config.memberId,
      logger,
    });
    const controller = await startPartitionedController({
      name: CONTROLLER_NAME,
      bus,
      memberId: config.memberId,
      kinds: CACHED_KINDS,
      primary: BROADCASTJOB,
      workers: config.workers,
      registry,
      logger,
      tracer,
      keysFor: (change, cache) => {
        observeExpectations(change, cache, scale);
        const cur = change.current;
        if (cur !== undefined)
          versions.observe({ metadata: { uid: cur.uid, resourceVersion: cur.resourceVersion } });
        return jobKeysFor(change, cache);
      },
      reconcile: createBroadcastJobReconcile({
        kube,
        scale,
        versions,
        recorder,
        assignPodsByScheduler: config.assignPodsByScheduler,
      }),
      onOwnershipChange: (e) => logger.info(e, 'partition ownership changed'),
    });
    health.addLivenessCheck('bus', () => {
      if (bus.nc.isClosed()) throw new Error('bus connection closed');
    });
    health.addReadinessCheck('bus', () => {
      if (bus.nc.isClosed()) throw new Error('bus connection closed');
    });
    logger.info(
      { member: config.memberId, port: health.port, partitions: config.partitions, prefix: config.busPrefix },
      'broadcastjob controller started',
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
