// The real OpenKruise manager as a contender: built from the Go module proxy at the version pinned in
// packages/devcluster/versions.json (`build-binaries.sh openkruise`, cached per machine, only when this
// benchmark needs it), its CRDs and webhook configurations read from the module at run time (nothing from the
// module is committed), run as a local process on 127.0.0.1. Webhooks run in URL mode: with WEBHOOK_HOST set,
// Kruise's webhook controller (pkg/webhook/util/controller/webhook_controller.go) writes a self-signed
// certificate for that IP into WEBHOOK_CERT_DIR and rewrites every webhook's clientConfig to
// https://WEBHOOK_HOST:WEBHOOK_PORT/<path> with its caBundle (pkg/webhook/util/configuration/configuration.go).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ClusterInfo, cacheDir, eventually, freePorts, versions } from '@kruise-ts/devcluster';
import { parseAllDocuments } from 'yaml';
import type { RunningContender } from './contender.ts';
import { type BenchKube, tryFetchMetrics } from './kube.ts';
import type { NamedPid } from './proc.ts';
import { reconcileTotal } from './prometheus.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MODULE = 'github.com/openkruise/kruise';
const NAMESPACE = 'kruise-system';

export function kruiseManagerPath(): string {
  return join(cacheDir(), 'bin', `openkruise-${versions.openkruise}`, 'kruise-manager');
}

/** Builds the manager once per machine (minutes on 2 cores); a no-op when it is cached. */
export async function ensureKruiseManager(): Promise<string> {
  const bin = kruiseManagerPath();
  if (existsSync(bin)) return bin;
  const script = join(repoRoot, 'packages', 'devcluster', 'scripts', 'build-binaries.sh');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('bash', [script, 'openkruise'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => reject(new Error('could not run build-binaries.sh', { cause: err })));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build-binaries.sh openkruise exited with ${code}`)),
    );
  });
  return bin;
}

/** The verified module's directory in the Go module cache (downloaded by the build). */
export function kruiseModuleDir(): string {
  const out = execFileSync('go', ['mod', 'download', '-json', `${MODULE}@${versions.openkruise}`], {
    encoding: 'utf8',
    env: { ...process.env, GOTOOLCHAIN: 'local' },
  });
  const dir = (JSON.parse(out) as { Dir?: string }).Dir;
  if (dir === undefined) throw new Error(`go mod download ${MODULE}@${versions.openkruise} gave no Dir`);
  return dir;
}

type Doc = Record<string, unknown> & { kind?: string; metadata?: { name?: string } };
type Webhook = Record<string, unknown> & {
  name?: string;
  clientConfig?: { service?: Record<string, unknown> };
};

/**
 * Kruise's webhook configurations as its kustomization renders them: config/webhook/manifests.yaml with
 * patch_manifests.yaml's per-webhook selectors merged in, names prefixed `kruise-` (the names the webhook
 * controller looks up) and services pointing at kruise-system (rewritten to URLs by the manager).
 */
export function webhookConfigurations(moduleDir: string): Doc[] {
  const read = (file: string) =>
    parseAllDocuments(readFileSync(join(moduleDir, 'config', 'webhook', file), 'utf8'))
      .map((d) => d.toJS() as Doc | null)
      .filter((d): d is Doc => d !== null && typeof d === 'object');
  const base = read('manifests.yaml');
  const patches = read('patch_manifests.yaml');
  for (const doc of base) {
    const patch = patches.find((p) => p.kind === doc.kind && p.metadata?.name === doc.metadata?.name);
    const hooks = (doc.webhooks ?? []) as Webhook[];
    for (const ph of (patch?.webhooks ?? []) as Webhook[]) {
      const target = hooks.find((h) => h.name === ph.name);
      if (target !== undefined) Object.assign(target, ph);
    }
    for (const h of hooks) {
      const svc = h.clientConfig?.service;
      if (svc !== undefined) Object.assign(svc, { namespace: NAMESPACE, name: 'kruise-webhook-service' });
    }
    doc.metadata = { ...doc.metadata, name: `kruise-${doc.metadata?.name ?? ''}` };
  }
  return base;
}

export interface KruiseOptions {
  qps: number;
  burst: number;
  /** The workload's controller, whose metrics show it started (cloneset-controller, statefulset-controller). */
  controller: string;
}

export async function startKruise(
  cluster: ClusterInfo,
  kube: BenchKube,
  options: KruiseOptions,
): Promise<RunningContender> {
  const bin = await ensureKruiseManager();
  const moduleDir = kruiseModuleDir();
  kube.kubectl(['create', 'namespace', NAMESPACE]);
  const crdDir = join(moduleDir, 'config', 'crd', 'bases');
  const crds = readdirSync(crdDir).filter((f) => f.endsWith('.yaml'));
  // Server-side: the CRDs are too large for the last-applied annotation.
  kube.kubectl(['apply', '--server-side', ...crds.flatMap((f) => ['-f', join(crdDir, f)])]);
  kube.kubectl(['wait', '--for=condition=Established', '--timeout=60s', 'crd', '--all']);
  kube.kubectl(
    ['apply', '-f', '-'],
    webhookConfigurations(moduleDir)
      .map((d) => JSON.stringify(d))
      .join('\n'),
  );

  const [webhookPort, metricsPort, healthPort] = await freePorts(3);
  const certDir = join(cluster.dir, 'kruise-webhook-certs');
  mkdirSync(certDir, { recursive: true });
  const logFile = join(cluster.dir, 'kruise-manager.log');
  const fd = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(
      bin,
      [
        `--metrics-addr=127.0.0.1:${metricsPort}`,
        `--health-probe-addr=127.0.0.1:${healthPort}`,
        '--enable-leader-election=false',
        '--enable-pprof=false',
        `--rest-config-qps=${options.qps}`,
        `--rest-config-burst=${options.burst}`,
        // Off: what needs kruise-daemon (kwok is the kubelet) and what the workload does not use.
        '--feature-gates=KruiseDaemon=false,WorkloadSpread=false,PodUnavailableBudgetDeleteGate=false,PodProbeMarkerGate=false',
      ],
      {
        env: {
          ...process.env,
          KUBECONFIG: cluster.kubeconfigPath,
          POD_NAMESPACE: NAMESPACE,
          WEBHOOK_HOST: '127.0.0.1',
          WEBHOOK_PORT: String(webhookPort),
          WEBHOOK_CERT_DIR: certDir,
        },
        stdio: ['ignore', fd, fd],
      },
    );
  } finally {
    closeSync(fd);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${bin}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    const logTail = () => readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    const alive = () => {
      if (child.exitCode !== null)
        throw new Error(`kruise-manager exited with ${child.exitCode}:\n${logTail()}`);
    };
    await eventually(
      `kruise-manager ready (log ${logFile})`,
      async () => {
        alive();
        return (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    await eventually(
      'Kruise webhooks in URL mode',
      async () => {
        alive();
        const cfg = (await kube.ok(
          'GET',
          '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/kruise-mutating-webhook-configuration',
        )) as { webhooks?: { clientConfig?: { url?: string; caBundle?: string } }[] };
        return (cfg.webhooks ?? []).every((w) => w.clientConfig?.url && w.clientConfig.caBundle);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await eventually(
      `Kruise ${options.controller} started`,
      async () => {
        alive();
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        return text.includes(`controller="${options.controller}"`);
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const pids: NamedPid[] = [{ name: 'kruise-manager', pid }];
  return {
    name: 'Kruise',
    pids: () => pids,
    notCounted: ['nats-server and Jaeger (running, unused by Kruise)'],
    notes: [
      `OpenKruise ${versions.openkruise} manager, webhooks in URL mode (https://127.0.0.1:${webhookPort}), ` +
        `qps ${options.qps} burst ${options.burst}, leader election off, feature gates KruiseDaemon, ` +
        'WorkloadSpread, PodUnavailableBudgetDeleteGate, PodProbeMarkerGate off',
    ],
    stop,
    counters: async () => {
      const samples = await tryFetchMetrics(`http://127.0.0.1:${metricsPort}/metrics`);
      return samples === undefined ? undefined : { reconciles: reconcileTotal(samples, options.controller) };
    },
  };
}
