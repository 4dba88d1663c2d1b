// The watcher: one reflector per watched resource, seeded from the bus, publishing through one ordered,
// monotonic publisher; ready when every served resource's first list is on the bus.
import { type Bus, recordListPublished } from '@kruise-ts/bus';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import type { ResourceSource } from './apiserver-stream.ts';
import type { BackoffOptions } from './backoff.ts';
import { crdResourceId, resourceId, type WatchedResource, watchedResources } from './kinds.ts';
import { watcherMetrics } from './metrics.ts';
import { BusPublisher } from './publisher.ts';
import { Reflector, type ReflectorStatus } from './reflector.ts';
import { seedFromBus } from './seed.ts';

export interface WatcherOptions {
  bus: Bus;
  source: ResourceSource;
  logger: Logger;
  registry: Registry;
  /** Default: every kind the controllers read (kinds.ts). */
  resources?: readonly WatchedResource[];
  /** Default 3 minutes: the apiserver sends a bookmark about once a minute on an idle watch. */
  stallTimeoutMs?: number;
  /** Default 300 (client-go's minimum watch timeout); each watch asks for [n, 2n) seconds. */
  watchTimeoutSeconds?: number;
  /** Default 500 (client-go's). */
  pageSize?: number;
  publishConcurrency?: number;
  /** See BusPublisherOptions.lingerMs. */
  publishLingerMs?: number;
  /** See BusPublisherOptions.quietMs. */
  publishQuietMs?: number;
  publishQueueCapacity?: number;
  /** Default 200 ms doubling to 30 s. */
  retry?: BackoffOptions;
  /** Default 1 s doubling to 30 s. */
  notInstalledRetry?: BackoffOptions;
  seedTimeoutMs?: number;
}

export interface Watcher {
  readonly resources: readonly WatchedResource[];
  /** Every resource has its first list on the bus, or is known not to be served. */
  isReady(): boolean;
  status(): ReflectorStatus[];
  /**
   * Stops every watch and waits up to `drainTimeoutMs` (default 10 s) for queued publishes, then abandons the
   * rest. Leaves the bus open; closing it is the caller's.
   */
  stop(options?: { drainTimeoutMs?: number }): Promise<void>;
}

const crdResource = 'customresourcedefinitions.apiextensions.k8s.io';
const decoder = new TextDecoder();

export async function startWatcher(options: WatcherOptions): Promise<Watcher> {
  const { bus, logger } = options;
  const resources = options.resources ?? watchedResources;
  const metrics = watcherMetrics(options.registry);
  const publisher = new BusPublisher({
    bus,
    metrics,
    logger: logger.child({ component: 'publisher' }),
    ...(options.publishConcurrency === undefined ? {} : { concurrency: options.publishConcurrency }),
    ...(options.publishLingerMs === undefined ? {} : { lingerMs: options.publishLingerMs }),
    ...(options.publishQuietMs === undefined ? {} : { quietMs: options.publishQuietMs }),
    ...(options.publishQueueCapacity === undefined ? {} : { capacity: options.publishQueueCapacity }),
  });

  const started = Date.now();
  const seeded = await seedFromBus(bus, resources, {
    ...(options.seedTimeoutMs === undefined ? {} : { timeoutMs: options.seedTimeoutMs }),
  });
  logger.info(
    {
      objects: [...seeded.values()].reduce((n, m) => n + m.size, 0),
      ms: Date.now() - started,
    },
    'read the object cache from the bus',
  );

  const reflectors = new Map<string, Reflector>();
  for (const resource of resources) {
    const id = resourceId(resource);
    const known = seeded.get(id);
    reflectors.set(
      id,
      new Reflector({
        resource,
        source: options.source,
        sink: publisher,
        logger,
        metrics,
        ...(known ? { known } : {}),
        // Only a list of the whole kind says the bus holds all of it (a narrowed watch is not HasSynced).
        ...(resource.namespace === undefined && resource.fieldSelector === undefined
          ? {
              onListPublished: async (resourceVersion: string) => {
                await recordListPublished(
                  bus,
                  { group: resource.group, kind: resource.kind },
                  resourceVersion,
                );
              },
            }
          : {}),
        stallTimeoutMs: options.stallTimeoutMs ?? 180_000,
        watchTimeoutSeconds: options.watchTimeoutSeconds ?? 300,
        pageSize: options.pageSize ?? 500,
        retry: options.retry ?? { initialMs: 200, maxMs: 30_000 },
        notInstalledRetry: options.notInstalledRetry ?? { initialMs: 1_000, maxMs: 30_000 },
        // A CRD that appears or changes (e.g. becomes Established) may make a waiting resource servable.
        ...(id === crdResource
          ? {
              onChange: (change) => {
                if (change.type === 'ADDED' || change.type === 'MODIFIED') {
                  // The spec is past the head a watch event's object holds: read from the published JSON.
                  const crd = JSON.parse(decoder.decode(change.json)) as Parameters<typeof crdResourceId>[0];
                  reflectors.get(crdResourceId(crd))?.wake();
                }
              },
            }
          : {}),
      }),
    );
  }
  seeded.clear();
  for (const reflector of reflectors.values()) reflector.start();

  let stopping: Promise<void> | undefined;
  return {
    resources,
    isReady: () => [...reflectors.values()].every((r) => r.isReady()),
    status: () => [...reflectors.values()].map((r) => r.status()),
    stop: (stopOptions = {}) => {
      stopping ??= (async () => {
        await Promise.all([...reflectors.values()].map((r) => r.stop()));
        const drainTimeoutMs = stopOptions.drainTimeoutMs ?? 10_000;
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          publisher.flush().then(() => true),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), drainTimeoutMs);
          }),
        ]);
        clearTimeout(timer);
        if (!drained) logger.warn({ pending: publisher.pending }, 'stopping with publishes still queued');
        publisher.stop();
      })();
      return stopping;
    },
  };
}
