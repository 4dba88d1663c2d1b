// A clustered JetStream of local nats-servers, each from a configuration file of its own (e.g. the Helm chart's
// nats.conf made local: loopback listeners, routes to the other nodes, its own store directory). Ready once
// every node's JetStream is up and the cluster has elected a meta leader (streams at replicas 3 need it).
import { binaryPaths } from './binaries.ts';
import { httpGet } from './http-probe.ts';
import { type ManagedProcess, startProcess, waitUntil } from './process.ts';

export interface NatsClusterNode {
  /** Names its log file (`<name>.log` in `dir`). */
  name: string;
  configFile: string;
  /** The variables the file's `$NAMES` come from (server_name, passwords). */
  env: Record<string, string>;
  clientUrl: string;
  monitorUrl: string;
}

export interface NatsCluster {
  urls: string[];
  monitorUrls: string[];
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

export async function startNatsCluster(dir: string, nodes: readonly NatsClusterNode[]): Promise<NatsCluster> {
  const processes = nodes.map((n) =>
    startProcess(n.name, binaryPaths().natsServer, ['-c', n.configFile], { dir, env: n.env }),
  );
  const stop = async () => {
    await Promise.allSettled(processes.map((p) => p.stop()));
  };
  try {
    await Promise.all(
      nodes.map((n, i) =>
        waitUntil(
          `${n.name} JetStream enabled`,
          async () => (await httpGet(`${n.monitorUrl}/healthz?js-enabled-only=true`)).status === 200,
          { timeoutMs: 60_000, proc: processes[i] },
        ),
      ),
    );
    const first = nodes[0];
    if (first !== undefined && nodes.length > 1) {
      await waitUntil(
        'a JetStream meta leader',
        async () => {
          const r = await httpGet(`${first.monitorUrl}/jsz`);
          const body = JSON.parse(r.body) as { meta_cluster?: { leader?: string } };
          return r.status === 200 && (body.meta_cluster?.leader ?? '') !== '';
        },
        { timeoutMs: 60_000, intervalMs: 250 },
      );
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    urls: nodes.map((n) => n.clientUrl),
    monitorUrls: nodes.map((n) => n.monitorUrl),
    processes,
    stop,
  };
}
