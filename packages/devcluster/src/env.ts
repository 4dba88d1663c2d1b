// Passing a running cluster to other processes (tests, services) through environment variables.
import type { ClusterInfo } from './cluster.ts';

const keys = {
  kubeconfigPath: 'KRUISE_TS_KUBECONFIG',
  apiserverUrl: 'KRUISE_TS_APISERVER_URL',
  natsUrl: 'KRUISE_TS_NATS_URL',
  natsMonitorUrl: 'KRUISE_TS_NATS_MONITOR_URL',
  jaegerQueryUrl: 'KRUISE_TS_JAEGER_QUERY_URL',
  otlpGrpcEndpoint: 'KRUISE_TS_OTLP_GRPC_ENDPOINT',
  otlpHttpEndpoint: 'KRUISE_TS_OTLP_HTTP_ENDPOINT',
  dir: 'KRUISE_TS_CLUSTER_DIR',
} as const satisfies Record<keyof ClusterInfo, string>;

export function clusterEnv(info: ClusterInfo): Record<string, string> {
  const env: Record<string, string> = { KUBECONFIG: info.kubeconfigPath };
  for (const [field, key] of Object.entries(keys)) env[key] = info[field as keyof ClusterInfo];
  return env;
}

/** The cluster described by the environment, if a whole one is described there. */
export function clusterFromEnv(env: NodeJS.ProcessEnv = process.env): ClusterInfo | undefined {
  const info: Partial<ClusterInfo> = {};
  for (const [field, key] of Object.entries(keys)) {
    const value = env[key];
    if (value === undefined || value === '') return undefined;
    info[field as keyof ClusterInfo] = value;
  }
  return info as ClusterInfo;
}
