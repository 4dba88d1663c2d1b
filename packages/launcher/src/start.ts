// `npm start`: brings up the local cluster (building it first on a new machine), starts the whole system on it
// (src/system.ts), and prints how to reach everything. Ctrl-C stops it all. `npm start -- --all-in-one` runs every
// service in one process (packages/all-in-one) instead of one process each. `npm start -- --chart` starts it as
// the Helm chart installs it (src/chart-mode.ts): per-service ServiceAccounts and NATS identities, 3 NATS nodes
// (`--nats-tls`: NATS over TLS with a local CA). Services run from their bundles (ADR 36); `--sources` runs them from
// their TypeScript instead.
import { binaryPaths, startCluster } from '@kruise-ts/devcluster';
import { startSystem } from './system.ts';

console.error('kruise-ts: starting the local cluster (a new machine first builds it from source, ~11 min)');
const allInOne = process.argv.slice(2).includes('--all-in-one');
const mode = process.argv.includes('--chart') ? 'chart' : 'dev';
const started = Date.now();
const cluster = await startCluster();
const { stop: stopCluster, ...info } = cluster;
let system: Awaited<ReturnType<typeof startSystem>>;
try {
  system = await startSystem(info, {
    mode,
    allInOne,
    sources: process.argv.includes('--sources'),
    chart: { natsTls: process.argv.includes('--nats-tls') },
    // As the kubelet in a cluster: a service that exits or fails its liveness is started again.
    supervise: true,
  });
} catch (err) {
  await stopCluster();
  throw err;
}

console.log(`
kruise-ts is up${mode === 'chart' ? ' in chart mode (deploy/chart rendered; each service under its own ServiceAccount)' : ''}, in ${((Date.now() - started) / 1000).toFixed(0)} s.
  kube-apiserver   ${info.apiserverUrl}
  kubeconfig       ${info.kubeconfigPath}
  NATS JetStream   ${system.natsUrls.join(' ')}
  Jaeger query     ${info.jaegerQueryUrl}/api/traces?service=${allInOne ? 'all-in-one' : 'watcher'}
  trace UI: ${system.traceUi?.url ?? `not running (${system.traceUiError})`}
  webhooks         ${system.webhookUrl}

Services:
${system.services.map((s) => `  ${s.name.padEnd(22)} health ${s.healthUrl}/healthz   log ${s.logFile}`).join('\n')}

In another shell:
  export KUBECONFIG=${info.kubeconfigPath}
  export KRUISE_TS_JAEGER_QUERY_URL=${info.jaegerQueryUrl}${system.traceUi === undefined ? '' : `\n  export KRUISE_TS_TRACE_UI_URL=${system.traceUi.url}`}
  alias kubectl=${binaryPaths().kubectl}
  kubectl apply -f <your Kruise YAML>      # e.g. a CloneSet from the OpenKruise docs
  kubectl get clonesets

Press Ctrl-C to stop everything.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.error('\nstopping...');
  await system.stop();
  await stopCluster();
  process.exit(0);
};
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
setInterval(() => {}, 1 << 30);
