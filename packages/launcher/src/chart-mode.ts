// Chart mode (`npm start -- --chart`): the system as the Helm chart in deploy/chart installs it, run on the local
// cluster under least privilege. `helm template` renders the chart with values for a local run; the launcher
// applies the rendered ServiceAccounts, RBAC, Secrets, CRDs and webhook configurations (URL mode through the
// chart's webhook.url value: a Service cannot route to a local process), starts the bundled NATS StatefulSet's
// three nodes as local nats-servers with the rendered nats.conf, and runs every Deployment's container as a
// local process with exactly its rendered env (mounted Secrets as local files) plus a kubeconfig holding a
// TokenRequest token of its own ServiceAccount, so a missing RBAC rule is a 403 in its log.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificateAuthority, issueServingCertificate } from '@kruise-ts/certs';
import {
  type KubeObject,
  localNatsConfig,
  localPod,
  parseManifests,
  type RenderedWorkload,
  renderedData,
  renderedWorkloads,
  template,
} from '@kruise-ts/deploy';
import { type ClusterInfo, freePorts, type NatsCluster, startNatsCluster } from '@kruise-ts/devcluster';
import type { ServiceSpec } from './services.ts';

export const chartRelease = 'kruise-ts';
export const chartNamespace = 'kruise-system';

export interface ChartModeOptions {
  /**
   * NATS over TLS (nats.tls.enabled): the launcher makes a CA and a server certificate for 127.0.0.1 with
   * packages/certs and applies them as the Secret an operator would provide (nats.tls.secretName).
   */
  natsTls?: boolean;
}

export interface PreparedChartMode {
  /** In start order, each with its fixed health port; env is the whole environment (nothing inherited). */
  specs: (ServiceSpec & { port: number })[];
  webhookUrl: string;
  natsUrls: string[];
  natsMonitorUrls: string[];
  /** The values the chart was rendered with (also in `<dir>/chart-mode/values.json`). */
  values: Record<string, unknown>;
  stop(): Promise<void>;
}

/** Kinds applied to the cluster; Deployments run as local processes, NATS as local servers. */
const appliedKinds = new Set([
  'ServiceAccount',
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
  'Secret',
  'CustomResourceDefinition',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
]);

type Kubectl = (args: string[], input?: string) => string;

export async function prepareChartMode(
  cluster: ClusterInfo,
  kubectl: Kubectl,
  order: readonly ServiceSpec[],
  options: ChartModeOptions = {},
): Promise<PreparedChartMode> {
  const root = join(cluster.dir, 'chart-mode');
  mkdirSync(root, { recursive: true });
  const names = order.map((s) => s.name);
  const [webhookPort, ...ports] = await freePorts(1 + names.length + 9);
  const httpPorts = ports.slice(0, names.length);
  const natsPorts = ports.slice(names.length);
  const nodes = [0, 1, 2].map((i) => ({
    clientPort: natsPorts[i * 3] as number,
    monitorPort: natsPorts[i * 3 + 1] as number,
    clusterPort: natsPorts[i * 3 + 2] as number,
  }));
  const webhookUrl = `https://127.0.0.1:${webhookPort}`;
  const tlsSecret = 'kruise-ts-nats-tls';
  const values = {
    logLevel: 'info',
    http: { host: '127.0.0.1', port: 8080 },
    otlp: { endpoint: cluster.otlpHttpEndpoint },
    // One local process per service: the chart's 2 replicas of each would be 14 node processes on a laptop.
    services: Object.fromEntries(
      names.map((n, i) => [n, { enabled: true, replicas: 1, httpPort: httpPorts[i] }]),
    ),
    webhook: { port: webhookPort, bindHost: '127.0.0.1', url: webhookUrl },
    nats: {
      mode: 'external',
      // One seed is enough: clients learn the other nodes from the cluster's INFO.
      url: `nats://127.0.0.1:${nodes[0]?.clientPort}`,
      streamReplicas: 3,
      tls: options.natsTls ? { enabled: true, secretName: tlsSecret } : { enabled: false, secretName: '' },
    },
  };
  const valuesFile = join(root, 'values.json');
  writeFileSync(valuesFile, `${JSON.stringify(values, null, 2)}\n`);
  const rendered = template({ release: chartRelease, namespace: chartNamespace, valuesFiles: [valuesFile] });
  // The bundled NATS (StatefulSet and nats.conf) as the chart renders it for the same values; its passwords
  // come from the first render's Secret (the one applied), as the StatefulSet's secretKeyRefs would.
  const natsRender = template({
    release: chartRelease,
    namespace: chartNamespace,
    valuesFiles: [valuesFile],
    set: { 'nats.mode': 'bundled', 'nats.bundled.replicas': '3' },
  });
  const extra: KubeObject[] = [];
  if (options.natsTls) {
    const ca = await createCertificateAuthority({ commonName: 'kruise-ts chart mode NATS CA' });
    const server = await issueServingCertificate(ca, { hosts: ['127.0.0.1', 'localhost'] });
    extra.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: tlsSecret, namespace: chartNamespace },
      type: 'kubernetes.io/tls',
      stringData: {
        'ca.crt': ca.certPem,
        'tls.crt': server.certPem,
        'tls.key': server.keyPem,
      },
    });
  }
  const data = renderedData([...rendered, ...extra, ...natsRender.filter((o) => o.kind === 'ConfigMap')]);

  kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: chartNamespace } }),
  );
  const applied = [...rendered.filter((o) => appliedKinds.has(o.kind)), ...extra];
  kubectl(
    ['apply', '--server-side', '--force-conflicts', '--field-manager=kruise-ts-chart-mode', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: applied }),
  );

  const nats = await startLocalNats(root, natsRender, data, nodes);
  try {
    const workloads = new Map(
      renderedWorkloads(rendered)
        .filter((w) => w.kind === 'Deployment')
        .map((w) => [w.app, w]),
    );
    const caData = adminCaData(cluster.kubeconfigPath);
    const specs: PreparedChartMode['specs'] = [];
    for (const spec of order) {
      const workload = workloads.get(spec.name);
      if (workload === undefined) continue;
      const plan = localPod(workload, 0, data, join(root, spec.name));
      for (const d of plan.dirs) mkdirSync(d, { recursive: true });
      for (const f of plan.files) writeFileSync(f.path, f.content, { mode: 0o600 });
      const kubeconfig = join(root, spec.name, 'kubeconfig');
      writeFileSync(
        kubeconfig,
        tokenKubeconfig(cluster.apiserverUrl, caData, serviceAccountToken(kubectl, workload)),
        {
          mode: 0o600,
        },
      );
      const port = Number(plan.env.KRUISE_TS_HTTP_PORT);
      const env = { ...hostBasics(), ...plan.env, KUBECONFIG: kubeconfig };
      specs.push({ name: spec.name, entry: spec.entry, port, env: () => env });
    }
    return {
      specs,
      webhookUrl,
      natsUrls: nats.urls,
      natsMonitorUrls: nats.monitorUrls,
      values,
      stop: () => nats.stop(),
    };
  } catch (err) {
    await nats.stop();
    throw err;
  }
}

async function startLocalNats(
  root: string,
  natsRender: readonly KubeObject[],
  data: ReadonlyMap<string, Record<string, string>>,
  nodes: readonly { clientPort: number; monitorPort: number; clusterPort: number }[],
): Promise<NatsCluster> {
  const sts = renderedWorkloads(natsRender).find((w) => w.kind === 'StatefulSet' && w.app === 'nats');
  if (sts === undefined) throw new Error('the chart rendered no NATS StatefulSet');
  const routePorts = nodes.map((n) => n.clusterPort);
  const clusterNodes = nodes.map((n, i) => {
    const plan = localPod(sts, i, data, join(root, 'nats', String(i)));
    for (const d of plan.dirs) mkdirSync(d, { recursive: true });
    for (const f of plan.files) writeFileSync(f.path, f.content, { mode: 0o600 });
    const configIndex = plan.args.indexOf('--config');
    const configFile = plan.args[configIndex + 1];
    if (configIndex < 0 || configFile === undefined) throw new Error('the NATS container has no --config');
    const conf = plan.files.find((f) => f.path === configFile)?.content;
    if (conf === undefined) throw new Error(`the NATS config ${configFile} is not a mounted file`);
    writeFileSync(configFile, localNatsConfig(conf, { ...n, routePorts, mounts: plan.mounts }), {
      mode: 0o600,
    });
    return {
      name: plan.podName,
      configFile,
      env: plan.env,
      clientUrl: `nats://127.0.0.1:${n.clientPort}`,
      monitorUrl: `http://127.0.0.1:${n.monitorPort}`,
    };
  });
  return startNatsCluster(root, clusterNodes);
}

/** A token of the workload's ServiceAccount from the TokenRequest API (as a projected token volume gets). */
function serviceAccountToken(kubectl: Kubectl, workload: RenderedWorkload): string {
  const sa = workload.podSpec.serviceAccountName;
  if (sa === undefined) throw new Error(`${workload.objectName} names no ServiceAccount`);
  return kubectl(['create', 'token', sa, '-n', workload.namespace, '--duration=24h']).trim();
}

function adminCaData(kubeconfigPath: string): string {
  const [config] = parseManifests(readFileSync(kubeconfigPath, 'utf8'));
  const clusters: unknown = config?.['clusters'];
  const first: unknown = Array.isArray(clusters) ? clusters[0] : undefined;
  const cluster: unknown = isRecord(first) ? first['cluster'] : undefined;
  const ca: unknown = isRecord(cluster) ? cluster['certificate-authority-data'] : undefined;
  if (typeof ca !== 'string') throw new Error(`${kubeconfigPath} has no certificate-authority-data`);
  return ca;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function tokenKubeconfig(server: string, caData: string, token: string): string {
  return `${JSON.stringify(
    {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'local', cluster: { server, 'certificate-authority-data': caData } }],
      users: [{ name: 'service-account', user: { token } }],
      contexts: [{ name: 'local', context: { cluster: 'local', user: 'service-account' } }],
      'current-context': 'local',
    },
    null,
    2,
  )}\n`;
}

/** What any process needs from its host beyond the pod's env (a container has PATH and HOME too). */
function hostBasics(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(
    keep.flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k] as string]])),
  );
}
