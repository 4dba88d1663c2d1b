// What every controller process opens first: its health/metrics server, the bus (declaring the topology) and
// a rate-limited kube client. Closed again in reverse if anything after them fails to start. In a process that
// runs several parts (shared.ts) the bus and the server are the process's, handed in, and closing leaves them.
import {
  type Bus,
  connectBus,
  DEFAULT_LEASE_TTL_MS,
  ensureTopology,
  topology,
  withStoredLeaseTtl,
} from '@kruise-ts/bus';
import type { Registry } from '@kruise-ts/telemetry';
import { KubeClient } from '../kube/client.ts';
import { type HealthServer, startHealthServer } from '../server/health-server.ts';
import type { BusSettings } from '../settings/reader.ts';
import type { ControllerSettings, ProcessSettings } from './settings.ts';
import type { SharedProcessParts } from './shared.ts';

export interface ControllerConnections {
  health: HealthServer;
  bus: Bus;
  kube: KubeClient;
  /** Closes the bus, then the health server; never throws. */
  close(): Promise<void>;
}

export async function openControllerConnections(
  settings: ControllerSettings,
  o: { serviceName: string; registry: Registry; shared?: SharedProcessParts | undefined },
): Promise<ControllerConnections> {
  const kube = () =>
    new KubeClient({
      ...(settings.kubeconfigPath === undefined ? {} : { kubeconfigPath: settings.kubeconfigPath }),
      qps: settings.kubeQps,
      burst: settings.kubeBurst,
      userAgent: `kruise-ts/${o.serviceName}`,
    });
  if (o.shared !== undefined) {
    const { bus, health } = o.shared;
    return { health, bus, kube: kube(), close: async () => {} };
  }
  const health = await startHealthServer({ ...settings.http, registry: o.registry });
  let bus: Bus;
  try {
    bus = await connectProcessBus(settings, o.serviceName);
  } catch (err) {
    await health.close().catch(() => {});
    throw err;
  }
  const connected = bus;
  return {
    health,
    bus: connected,
    kube: kube(),
    close: async () => {
      await connected.close().catch(() => {});
      await health.close().catch(() => {});
    },
  };
}

/**
 * The process's bus with its streams and lease buckets declared, publishing as `<serviceName>/<memberId>`;
 * closed again if declaring them fails.
 */
export function connectProcessBus(
  settings: Pick<ProcessSettings, 'natsUrl' | 'busPrefix' | 'partitions' | 'leaseTtlMs' | 'memberId'>,
  serviceName: string,
): Promise<Bus> {
  return connectDeclared({
    servers: settings.natsUrl,
    prefix: settings.busPrefix,
    partitions: settings.partitions,
    // Unset: the bus's TTL, or the default for a new bus (docs/adr/0044-longer-lease-ttl-declared-on-create.md).
    ...(settings.leaseTtlMs === undefined
      ? { proposedLeaseTtlMs: DEFAULT_LEASE_TTL_MS }
      : { leaseTtlMs: settings.leaseTtlMs }),
    publisherId: `${serviceName}/${settings.memberId}`,
  });
}

/** The process's health server when it runs several parts (a view whose close() is a no-op), else its own. */
export async function openHealthServer(
  http: { host: string; port: number },
  registry: Registry,
  shared?: SharedProcessParts | undefined,
): Promise<HealthServer> {
  return shared?.health ?? (await startHealthServer({ ...http, registry }));
}

/**
 * The bus of a service that also runs without one (cert-manager, webhook-server): the process's when it runs
 * several parts (declared by the process), else its own, declared, when a NATS URL is set, else none.
 */
export async function connectOptionalBus(
  nats: BusSettings | undefined,
  o: { publisherId: string; shared?: SharedProcessParts | undefined },
): Promise<Bus | undefined> {
  if (o.shared?.bus !== undefined) return o.shared.bus;
  if (nats === undefined) return undefined;
  return connectDeclared({
    servers: nats.url,
    prefix: nats.prefix,
    partitions: nats.partitions,
    publisherId: o.publisherId,
  });
}

async function connectDeclared(o: {
  servers: string;
  prefix: string;
  partitions: number;
  leaseTtlMs?: number;
  proposedLeaseTtlMs?: number;
  publisherId: string;
}): Promise<Bus> {
  const bus = await connectBus({
    servers: o.servers,
    topology: topology({
      prefix: o.prefix,
      partitions: o.partitions,
      ...(o.leaseTtlMs === undefined ? {} : { leaseTtlMs: o.leaseTtlMs }),
      ...(o.proposedLeaseTtlMs === undefined ? {} : { proposedLeaseTtlMs: o.proposedLeaseTtlMs }),
    }),
    publisherId: o.publisherId,
    waitOnFirstConnect: true,
  });
  try {
    const { settings } = await ensureTopology(bus);
    // The object stream this process's caches fill from: one replaced later fails its liveness (assertBusLive).
    await bus.objectStreamIntact();
    // Leases are held by the TTL the bus stored, which this process may have adopted rather than declared.
    return { ...bus, topology: withStoredLeaseTtl(bus.topology, settings) };
  } catch (err) {
    await bus.close().catch(() => {});
    throw err;
  }
}
