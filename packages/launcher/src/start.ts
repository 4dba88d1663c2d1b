// `npm start`: brings up the local cluster (building it first on a new machine), installs the CRDs with
// conversion through the webhook server, starts every kruise-ts service that exists, and prints how to reach
// everything. Ctrl-C stops it all.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCrdsWithConversionWebhook } from '@kruise-ts/api';
import { binaryPaths, clusterEnv, eventually, freePort, startCluster } from '@kruise-ts/devcluster';
import { serviceSpecs } from './services.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

console.error('kruise-ts: starting the local cluster (a new machine first builds it from source, ~11 min)');
const cluster = await startCluster();
const { stop: stopCluster, ...info } = cluster;
const kubectl = (args: string[], input?: string) => {
  const r = spawnSync(binaryPaths().kubectl, ['--kubeconfig', info.kubeconfigPath, ...args], {
    input,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
};

const webhookPort = await freePort();
kubectl(['create', 'namespace', 'kruise-system']);
// The CRDs convert through our webhook; cert-manager fills in the caBundle once it made the CA.
const crds = buildCrdsWithConversionWebhook({
  url: `https://127.0.0.1:${webhookPort}/convert`,
  caBundle: '',
});
kubectl(['apply', '--server-side', '-f', '-'], crds.map((c) => JSON.stringify(c)).join('\n'));

const shared = {
  ...clusterEnv(info),
  NATS_URL: info.natsUrl,
  OTEL_EXPORTER_OTLP_ENDPOINT: info.otlpHttpEndpoint,
  KRUISE_TS_HTTP_HOST: '127.0.0.1',
  HEALTH_HOST: '127.0.0.1',
};
const children: { name: string; stop(): Promise<void> }[] = [];
const lines: string[] = [];
for (const spec of serviceSpecs(repoRoot, webhookPort)) {
  const port = await freePort();
  const logFile = join(info.dir, `${spec.name}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [spec.entry], {
    env: { ...process.env, ...shared, OTEL_SERVICE_NAME: spec.name, ...spec.env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  children.push({
    name: spec.name,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  await eventually(
    `${spec.name} healthy (log ${logFile})`,
    async () => {
      if (child.exitCode !== null)
        throw new Error(`${spec.name} exited with ${child.exitCode}; see ${logFile}`);
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    },
    { timeoutMs: 60_000, intervalMs: 300 },
  );
  lines.push(`  ${spec.name.padEnd(22)} health http://127.0.0.1:${port}/healthz   log ${logFile}`);
}

console.log(`
kruise-ts is up.
  kube-apiserver   ${info.apiserverUrl}
  kubeconfig       ${info.kubeconfigPath}
  NATS JetStream   ${info.natsUrl}
  Jaeger query     ${info.jaegerQueryUrl}/api/traces?service=watcher
  webhooks         https://127.0.0.1:${webhookPort}

Services:
${lines.join('\n')}

In another shell:
  export KUBECONFIG=${info.kubeconfigPath}
  alias kubectl=${binaryPaths().kubectl}
  kubectl apply -f <your Kruise YAML>      # e.g. a CloneSet from the OpenKruise docs
  kubectl get clonesets

Press Ctrl-C to stop everything.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.error('\nstopping...');
  for (const child of [...children].reverse()) await child.stop();
  await stopCluster();
  process.exit(0);
};
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
setInterval(() => {}, 1 << 30);
