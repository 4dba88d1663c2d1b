// Tests use the cluster the test command started (described in the environment); run alone, a test file
// starts a private one and stops it when released.
import { type ClusterInfo, type ClusterOptions, startCluster } from './cluster.ts';
import { clusterFromEnv } from './env.ts';

export interface ClusterLease extends ClusterInfo {
  release(): Promise<void>;
}

export async function acquireCluster(options: ClusterOptions = {}): Promise<ClusterLease> {
  const fromEnv = clusterFromEnv();
  if (fromEnv) return { ...fromEnv, release: async () => {} };
  const cluster = await startCluster(options);
  return { ...cluster, release: () => cluster.stop() };
}
