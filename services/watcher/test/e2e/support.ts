// Shared by the watcher's e2e tests: the real cluster and NATS, a bus on a unique prefix per test, the
// consumer's view of the object cache, the apiserver's view, and the watcher run in-process (as a child process
// it starts through devcluster's startWatcherProcess, like every other e2e harness).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Bus,
  connectBus,
  ensureTopology,
  type ObjectEvent,
  ObjectEventType,
  openObjectFeed,
  topology,
} from '@kruise-ts/bus';
import { eventually } from '@kruise-ts/devcluster';
import { ClusterConnection, loadClusterConfig } from '@kruise-ts/runtime';
import { createLogger, createMetricsRegistry, type Registry } from '@kruise-ts/telemetry';
import {
  ApiextensionsV1Api,
  KubeConfig,
  KubernetesObjectApi,
  loadAllYaml,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import { type ApiserverSource, apiserverSource, type ResourceSource } from '../../src/apiserver-stream.ts';
import { startWatcher, type Watcher, type WatcherOptions } from '../../src/watcher.ts';

export const serviceDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repoRoot = join(serviceDir, '..', '..');

export function suffix(): string {
  return randomBytes(3).toString('hex');
}

export function kubeConfig(path: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  return kc;
}

export const PARTITIONS = 4;

export interface TestBus extends Bus {
  dispose(): Promise<void>;
}

/** A bus on its own prefix (so tests sharing a NATS server never meet); dispose removes its streams. */
export async function testBus(
  natsUrl: string,
  prefix = `w${suffix()}`,
  publisherId = `test/${prefix}`,
): Promise<TestBus> {
  const bus = await connectBus({
    servers: natsUrl,
    topology: topology({ prefix, partitions: PARTITIONS }),
    publisherId,
    reconnectTimeWaitMs: 200,
  });
  await ensureTopology(bus);
  return {
    ...bus,
    async dispose() {
      for (const s of [bus.topology.objects.stream, bus.topology.events.stream, bus.topology.leases.stream]) {
        await bus.jsm.streams.delete(s).catch(() => {});
      }
      await bus.close();
    },
  };
}

/** Another connection to the same prefix (a second replica, or a consumer). */
export async function sameBus(natsUrl: string, prefix: string, publisherId: string): Promise<Bus> {
  return connectBus({
    servers: natsUrl,
    topology: topology({ prefix, partitions: PARTITIONS }),
    publisherId,
    reconnectTimeWaitMs: 200,
  });
}

const allPartitions = Array.from({ length: PARTITIONS }, (_, i) => i);
const goneTypes = new Set([
  ObjectEventType.OBJECT_EVENT_TYPE_DELETED,
  ObjectEventType.OBJECT_EVENT_TYPE_TOMBSTONE,
]);

/** `namespace/name uid@resourceVersion` for each object: what must match between bus and apiserver. */
export type View = Set<string>;

export function viewLine(namespace: string | undefined, name: string, uid: string, rv: string): string {
  return `${namespace ?? ''}/${name} ${uid}@${rv}`;
}

/** What a consumer sees: a snapshot of the live objects of `kind` (in `namespace`, when given) on the bus. */
export async function busView(
  bus: Bus,
  kind: { group: string; kind: string },
  namespace?: string,
): Promise<View> {
  const latest = new Map<string, ObjectEvent>();
  const feed = await openObjectFeed(bus, {
    partitions: allPartitions,
    kinds: [kind],
    onEvent: ({ event, snapshot }) => {
      if (snapshot) latest.set(`${event.namespace}/${event.name}`, event);
    },
  });
  await feed.synced;
  await feed.stop();
  const view: View = new Set();
  for (const e of latest.values()) {
    if (goneTypes.has(e.type)) continue;
    if (namespace !== undefined && e.namespace !== namespace) continue;
    view.add(viewLine(e.namespace, e.name, e.uid, e.resourceVersion));
  }
  return view;
}

/** What the apiserver has: the same lines from a list. */
export async function apiView(
  kc: KubeConfig,
  apiVersion: string,
  kind: string,
  namespace?: string,
): Promise<View> {
  const api = KubernetesObjectApi.makeApiClient(kc);
  const list = await api.list(apiVersion, kind, namespace);
  return new Set(
    list.items.map((o) =>
      viewLine(
        o.metadata?.namespace,
        o.metadata?.name ?? '',
        o.metadata?.uid ?? '',
        o.metadata?.resourceVersion ?? '',
      ),
    ),
  );
}

export function diffViews(bus: View, api: View): string {
  const missing = [...api].filter((l) => !bus.has(l));
  const extra = [...bus].filter((l) => !api.has(l));
  return `missing on the bus: ${missing.slice(0, 10).join('; ') || '-'} | extra on the bus: ${extra.slice(0, 10).join('; ') || '-'}`;
}

/** Waits until the consumer's view equals the apiserver's, exactly (same objects, same revisions). */
export async function viewsConverge(
  bus: Bus,
  kc: KubeConfig,
  what: { group: string; kind: string; apiVersion: string; namespace?: string },
  timeoutMs = 60_000,
): Promise<View> {
  let last = '';
  try {
    return await eventually(
      `the bus to mirror ${what.kind}s${what.namespace ? ` in ${what.namespace}` : ''}`,
      async () => {
        const [b, a] = await Promise.all([
          busView(bus, what, what.namespace),
          apiView(kc, what.apiVersion, what.kind, what.namespace),
        ]);
        last = diffViews(b, a);
        return b.size === a.size && [...a].every((l) => b.has(l)) ? a : undefined;
      },
      { timeoutMs, intervalMs: 500 },
    );
  } catch (err) {
    throw new Error(`views differ: ${last}`, { cause: err });
  }
}

export interface InProcessWatcher extends Watcher {
  registry: Registry;
  source: ApiserverSource;
  shutdown(): Promise<void>;
}

/** A watcher in this process on `bus`; `source` wraps the apiserver source (to gate or delay it). */
export async function inProcessWatcher(
  bus: Bus,
  kubeconfigPath: string,
  options: Partial<WatcherOptions> & { wrapSource?: (s: ResourceSource) => ResourceSource } = {},
): Promise<InProcessWatcher> {
  const { wrapSource, ...rest } = options;
  const registry = createMetricsRegistry({ processMetrics: false });
  const source = apiserverSource(new ClusterConnection(loadClusterConfig(kubeconfigPath)));
  const watcher = await startWatcher({
    bus,
    source: wrapSource ? wrapSource(source) : source,
    logger: createLogger({
      name: 'watcher',
      level: (process.env.KRUISE_TS_LOG_LEVEL as 'info' | undefined) ?? 'error',
    }),
    registry,
    ...rest,
  });
  let stopped: Promise<void> | undefined;
  return {
    ...watcher,
    registry,
    source,
    shutdown() {
      stopped ??= (async () => {
        await watcher.stop({ drainTimeoutMs: 5_000 });
        await source.close();
      })();
      return stopped;
    },
  };
}

export async function metricValue(
  registry: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const values = (metric?.values ?? []) as { value: number; labels: Record<string, string | number> }[];
  return values
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Kruise's CRDs from deploy/crds, when that directory exists; undefined otherwise. */
export function kruiseCrds(): V1CustomResourceDefinition[] | undefined {
  const dir = join(repoRoot, 'deploy', 'crds');
  if (!existsSync(dir)) return undefined;
  const crds: V1CustomResourceDefinition[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    // loadAllYaml yields client-node models (x-kubernetes-* as camelCase fields), which its API serializes back.
    for (const doc of loadAllYaml(
      readFileSync(join(dir, file), 'utf8'),
    ) as (V1CustomResourceDefinition | null)[]) {
      if (doc?.kind === 'CustomResourceDefinition') crds.push(doc);
    }
  }
  return crds.length > 0 ? crds : undefined;
}

/** Creates the CRDs that are missing (others may share the cluster and have installed them) and waits until served. */
export async function installCrds(kc: KubeConfig, crds: V1CustomResourceDefinition[]): Promise<void> {
  const api = kc.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    try {
      await api.createCustomResourceDefinition({ body: crd });
    } catch (err) {
      if ((err as { code?: number }).code !== 409) throw err;
    }
  }
  for (const crd of crds) {
    await eventually(`CRD ${crd.metadata?.name} established`, async () => {
      const c = await api.readCustomResourceDefinition({ name: crd.metadata?.name ?? '' });
      return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True');
    });
  }
}

export async function httpGet(port: number, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.text() };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]);
}
