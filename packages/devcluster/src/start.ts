// `npm start`: the local cluster in the foreground, and every kruise-ts service that exists so far
// (none yet: they are added here as they land). Ctrl-C stops everything.
import { clusterEnv, startCluster } from './index.ts';

console.error(
  'kruise-ts: starting the local cluster (the first run builds the control plane from source; see README)',
);
const cluster = await startCluster();
const { stop, ...info } = cluster;
console.log(`
kruise-ts local cluster is up.
  kube-apiserver   ${info.apiserverUrl}
  kubeconfig       ${info.kubeconfigPath}
  NATS JetStream   ${info.natsUrl}
  Jaeger query     ${info.jaegerQueryUrl}  (OTLP gRPC ${info.otlpGrpcEndpoint}, HTTP ${info.otlpHttpEndpoint})
  logs and data    ${info.dir}

In another shell:
${Object.entries(clusterEnv(info))
  .map(([k, v]) => `  export ${k}=${v}`)
  .join('\n')}
  kubectl get nodes      # any kubectl >= 1.34 works with this kubeconfig

Press Ctrl-C to stop.`);

const shutdown = async () => {
  console.error('\nstopping...');
  await stop();
  process.exit(0);
};
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
setInterval(() => {}, 1 << 30);
