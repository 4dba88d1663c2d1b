// The whole kruise-ts system as a contender, started as `npm start` starts it (packages/launcher startSystem:
// every service as its own process, tracing on), counted with the cluster's nats-server, which only kruise-ts
// uses. Jaeger runs for both contenders and is listed, not counted.
import type { ClusterInfo } from '@kruise-ts/devcluster';
import { startSystem } from '@kruise-ts/launcher';
import type { RunningContender } from './contender.ts';
import { clusterProcesses, type NamedPid } from './proc.ts';

export async function startKruiseTs(cluster: ClusterInfo): Promise<RunningContender> {
  const system = await startSystem(cluster);
  const nats = clusterProcesses(cluster.dir).filter((p) => p.name === 'nats-server');
  return {
    name: 'kruise-ts',
    pids: (): NamedPid[] => [...system.services.map((s) => ({ name: s.name, pid: s.pid })), ...nats],
    notCounted: [
      'Jaeger (tracing on; spans exported to it)',
      'the trace UI (runs inside the benchmark process)',
    ],
    notes: ['every service as its own process (launcher startSystem), nats-server counted, tracing on'],
    stop: () => system.stop(),
  };
}
