// revision-gc: for every workload kind, a partitioned controller whose reconcile deletes the revisions
// revisionsToDelete() picks. Replicas split the partitions like every controller.

import { assertBusConnected, assertBusLive } from '@kruise-ts/bus';
import type { ControllerRevision } from '@kruise-ts/core';
import { CONTROLLER_REVISION, POD } from '@kruise-ts/kube';
import {
  deleteExactly,
  type HealthServer,
  ObjectCache,
  openControllerConnections,
  type PartitionedController,
  packageVersion,
  type SharedProcessParts,
  startPartitionedController,
  typedKind,
} from '@kruise-ts/runtime';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import type { RevisionGcConfig } from './config.ts';
import { mayPrune, revisionsToDelete } from './prune.ts';
import { revisionGcKeysFor } from './triggers.ts';
import { workloadKinds } from './workload-kinds.ts';

/** For a process composing this service with others (packages/all-in-one): its settings and cached kinds. */
export { configFromEnv } from './config.ts';

export const SERVICE_NAME = 'revision-gc';
/** The package.json version: what /version, the build-info gauge and the bus report. */
export const SERVICE_VERSION = packageVersion(import.meta.url);

const revisionKind = typedKind<ControllerRevision>(CONTROLLER_REVISION);
const podKind = POD;

/** The kinds revision-gc's cache holds: every workload kind, their ControllerRevisions and pods. */
export const CACHED_KINDS = [
  ...workloadKinds.map((k) => ({ group: k.group, kind: k.kind })),
  { group: revisionKind.group, kind: revisionKind.kind },
  { group: podKind.group, kind: podKind.kind },
];

export interface RevisionGcService {
  readonly health: HealthServer;
  stop(): Promise<void>;
}

export async function startRevisionGc(
  config: RevisionGcConfig,
  deps: { logger: Logger; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<RevisionGcService> {
  const { logger, registry } = deps;
  const connections = await openControllerConnections(config, {
    serviceName: SERVICE_NAME,
    registry,
    shared: deps.shared,
  });
  const { health, bus, kube } = connections;
  const revisionApi = kube.resource<object>(CONTROLLER_REVISION);
  const controllers: PartitionedController[] = [];
  const stopControllers = async () => {
    for (const c of controllers) await c.stop();
  };
  // One cache for every workload kind's controller: each pod and revision is held once per process.
  const cache =
    deps.shared?.cache ??
    new ObjectCache(bus, {
      kinds: CACHED_KINDS,
      // A partition's pods only once a workload there has more revisions than its limit (reconcile below).
      deferred: [podKind],
      onError: (err) => logger.warn({ err }, 'cache feed error'),
    });
  try {
    for (const kind of workloadKinds) {
      const workloadKind = { group: kind.group, kind: kind.kind };
      controllers.push(
        await startPartitionedController({
          name: kind.id,
          bus,
          memberId: config.memberId,
          kinds: [workloadKind, revisionKind, podKind],
          cache,
          primary: workloadKind,
          workers: config.workers,
          registry,
          logger,
          // Only a change that can free a revision; the key is always the owning workload's.
          keysFor: (change, cache) =>
            revisionGcKeysFor(kind, change, revisionKind, podKind, (uid) => {
              const owner = cache.getByUid(workloadKind, uid);
              return owner === undefined ? undefined : `${owner.namespace}/${owner.name}`;
            }),
          reconcile: async ({ namespace, name, partition, cache, fence, logger: log }) => {
            const workload = cache.get(workloadKind, namespace, name);
            if (!workload) return; // the garbage collector removes an owner's revisions with it
            const revisions = cache.ownedBy(workload.uid, revisionKind).map((r) => r.object);
            // Within the limit the pods decide nothing: they are held (and their changes read) only beyond it.
            if (!mayPrune(kind, workload.object, revisions.length)) return;
            await cache.demand(partition);
            const pods = cache.ownedBy(workload.uid, podKind);
            for (const revision of revisionsToDelete({ kind, workload: workload.object, revisions, pods })) {
              fence();
              const revisionName = revision.metadata.name ?? '';
              // uid and resourceVersion: a revision a rollback renumbered (or recreated) since is kept.
              const deleted = await deleteExactly(
                revision,
                (body) => revisionApi.delete({ namespace, name: revisionName, body }),
                { resourceVersion: true },
              );
              if (deleted) log?.info({ revision: revisionName }, 'pruned ControllerRevision');
            }
          },
        }),
      );
    }
  } catch (err) {
    await stopControllers();
    await connections.close();
    throw err;
  }
  health.addLivenessCheck('bus', () => assertBusLive(bus));
  health.addReadinessCheck('bus', () => assertBusConnected(bus));
  logger.info({ url: health.url, kinds: workloadKinds.map((k) => k.kind) }, 'revision-gc running');
  return {
    health,
    stop: async () => {
      health.markShuttingDown();
      await stopControllers();
      await connections.close();
    },
  };
}
