// The whole local cluster: Kubernetes control plane with fake nodes, NATS JetStream and Jaeger.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { ensureBinaries } from './binaries.ts';
import { type ControlPlane, startControlPlane } from './control-plane.ts';
import { type Jaeger, startJaeger } from './jaeger.ts';
import { type NatsServer, startNats } from './nats.ts';
import { waitUntil } from './process.ts';
import { clusterDirPrefix, recordOwner, sweepStaleClusters } from './stale-clusters.ts';

export interface ClusterOptions {
  /** Number of fake (kwok) nodes to create. Default 2. */
  nodes?: number;
  /**
   * Spread the nodes round-robin over this many zones (`kwok-node-0` in zone-a, `kwok-node-1` in zone-b, …): each
   * node gets the well-known `topology.kubernetes.io/zone` and `topology.kubernetes.io/region` labels, for
   * topologySpreadConstraints. Default: no zone labels.
   */
  zones?: number;
  /** Build missing binaries first (slow on a cold machine). Default true. */
  build?: boolean;
  /** Keep the temp directory (logs, PKI, data) after stop, for debugging. Default false. */
  keepDir?: boolean;
}

export interface ClusterInfo {
  dir: string;
  kubeconfigPath: string;
  apiserverUrl: string;
  natsUrl: string;
  natsMonitorUrl: string;
  jaegerQueryUrl: string;
  otlpGrpcEndpoint: string;
  otlpHttpEndpoint: string;
}

export interface Cluster extends ClusterInfo {
  /** Fault tests: stops nats-server (its JetStream store stays on disk). */
  stopNats(): Promise<void>;
  /** Fault tests: starts nats-server again on the same ports and store. */
  startNats(): Promise<void>;
  /** Fault tests: restarts kube-apiserver on the same port (down `downMs` first), resolving once ready. */
  restartApiserver(downMs?: number): Promise<void>;
  /** Fault tests: compacts etcd at its current revision, so a watch resumed from before it gets 410 Gone. */
  compactEtcd(): Promise<number>;
  stop(): Promise<void>;
}

export const fakeNodeAnnotation = 'kwok.x-k8s.io/node';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (options.build !== false) await ensureBinaries();
  sweepStaleClusters();
  const dir = mkdtempSync(join(tmpdir(), clusterDirPrefix));
  recordOwner(dir);
  let controlPlane: ControlPlane | undefined;
  let nats: NatsServer | undefined;
  let jaeger: Jaeger | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await Promise.allSettled([controlPlane?.stop(), nats?.stop(), jaeger?.stop()]);
    if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => process.kill(process.pid, signal));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // Jaeger and NATS start while the control plane boots; the apiserver needs Jaeger's OTLP address first.
    const natsStarting = startNats(dir);
    jaeger = await startJaeger(dir);
    controlPlane = await startControlPlane(dir, { otlpGrpcEndpoint: jaeger.otlpGrpcEndpoint });
    nats = await natsStarting;
    await createFakeNodes(controlPlane.kubeconfigPath, options.nodes ?? 2, options.zones);
    const info: ClusterInfo = {
      dir,
      kubeconfigPath: controlPlane.kubeconfigPath,
      apiserverUrl: controlPlane.apiserverUrl,
      natsUrl: nats.url,
      natsMonitorUrl: nats.monitorUrl,
      jaegerQueryUrl: jaeger.queryUrl,
      otlpGrpcEndpoint: jaeger.otlpGrpcEndpoint,
      otlpHttpEndpoint: jaeger.otlpHttpEndpoint,
    };
    writeFileSync(join(dir, 'cluster.json'), `${JSON.stringify(info, null, 2)}\n`);
    const natsPort = Number(new URL(nats.url).port);
    const monitorPort = Number(new URL(nats.monitorUrl).port);
    const cp = controlPlane;
    return {
      ...info,
      stopNats: async () => {
        await nats?.stop();
      },
      startNats: async () => {
        if (nats?.process.isRunning()) return;
        nats = await startNats(dir, { port: natsPort, monitorPort });
      },
      restartApiserver: (downMs) => cp.restartApiserver(downMs),
      compactEtcd: () => compactEtcd(cp.etcdUrl),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export const ZONE_LABEL = 'topology.kubernetes.io/zone';
export const REGION_LABEL = 'topology.kubernetes.io/region';

/** The labels of fake node `index` (hostname, os, and with `zones` its zone and region). */
export function fakeNodeLabels(name: string, index: number, zones?: number): Record<string, string> {
  const labels: Record<string, string> = {
    type: 'kwok',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
  };
  if (zones !== undefined && zones > 0) {
    if (zones > 26) throw new Error(`zones: at most 26, got ${zones}`);
    labels[ZONE_LABEL] = `zone-${String.fromCharCode(97 + (index % zones))}`;
    labels[REGION_LABEL] = 'region-1';
  }
  return labels;
}

async function createFakeNodes(kubeconfigPath: string, count: number, zones?: number): Promise<void> {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  const names = Array.from({ length: count }, (_, i) => `kwok-node-${i}`);
  for (const [i, name] of names.entries()) {
    await core.createNode({
      body: {
        metadata: {
          name,
          annotations: { [fakeNodeAnnotation]: 'fake', 'node.alpha.kubernetes.io/ttl': '0' },
          labels: fakeNodeLabels(name, i, zones),
        },
      },
    });
  }
  await waitUntil(
    `${count} fake nodes Ready`,
    async () => {
      const list = await core.listNode();
      const ready = list.items.filter((n) =>
        n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
      );
      return ready.length >= count;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  // The apiserver taints new nodes not-ready; node-lifecycle-controller would lift the taint once the node
  // reports Ready. We do not run that controller (it would also start evicting pods whenever a loaded
  // 2-core machine delays a lease renewal), so we lift the taint ourselves.
  for (const name of names) {
    await core.patchNode(
      { name, body: { spec: { taints: null } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  }
}

/** Compacts etcd at its current revision through its JSON gateway; returns that revision. */
async function compactEtcd(etcdUrl: string): Promise<number> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${etcdUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`etcd ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { header?: { revision?: string } };
  };
  // Any range answers with the store's current revision in its header.
  const range = await post('/v3/kv/range', { key: Buffer.from('/').toString('base64'), limit: 1 });
  const revision = Number(range.header?.revision ?? 0);
  await post('/v3/kv/compaction', { revision: String(revision), physical: true });
  return revision;
}
