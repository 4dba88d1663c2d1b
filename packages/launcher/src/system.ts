// The whole kruise-ts system on a running cluster: the kruise-system namespace, the CRDs converting through the
// webhook server, and every service as its own process (logs in the cluster's directory). `npm start` and the
// cross-service e2e suite both start it this way, so what the tests check is what users run. Chart mode
// (src/chart-mode.ts) starts the same processes the way the Helm chart configures them instead.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCrdsWithConversionWebhook } from '@kruise-ts/api/crd';
import { bundleServices } from '@kruise-ts/deploy';
import { binaryPaths, type ClusterInfo, clusterEnv, eventually, freePort } from '@kruise-ts/devcluster';
import { startTraceUi, type TraceUi } from '@kruise-ts/trace-ui';
import { type ChartModeOptions, prepareChartMode } from './chart-mode.ts';
import { killChildrenOnSignal } from './children-on-signal.ts';
import { allInOneSpec, SERVICE_ENV, SERVICE_NODE_FLAGS, type ServiceSpec, serviceSpecs } from './services.ts';
import { removeLauncherState, writeLauncherState } from './state.ts';
import { LOCAL_SUPERVISION } from './supervision-plan.ts';
import { type Supervisor, startSupervisor } from './supervisor.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningService {
  name: string;
  healthUrl: string;
  logFile: string;
  /** The current process (changes on restart). */
  pid: number;
}

/** How one service is run instead of from this checkout, e.g. an older build for the version-skew tests. */
export interface ServiceLaunch {
  entry: string;
  /** The node binary; default this process's. */
  execPath?: string;
  /** Settings added to (and overriding) the ones the launcher gives it. */
  env?: Record<string, string>;
}

export interface SystemOptions {
  /** Services not to start (a test starts them itself). */
  omit?: readonly string[];
  /** Services to run from elsewhere. */
  replace?: Readonly<Record<string, ServiceLaunch>>;
  /**
   * Run each service from its TypeScript sources instead of its bundle (`dist/main.mjs`, ADR 36), e.g. to debug
   * with file names in stack traces. `npm start -- --sources`.
   */
  sources?: boolean;
  /** Every service in one process, `all-in-one` (packages/all-in-one), instead of one process each. */
  allInOne?: boolean;
  /**
   * dev (default): the launcher's own settings, admin credentials, the cluster's nats-server. chart: as the
   * Helm chart renders it, under each service's ServiceAccount, on three clustered nats-servers (chart-mode.ts).
   */
  mode?: 'dev' | 'chart';
  /** Chart mode's options (NATS over TLS). */
  chart?: ChartModeOptions;
  /**
   * Restart a service that exited or whose liveness fails, as the kubelet would (supervisor.ts); `npm start`
   * does. Default false: tests stop processes on purpose and restart them themselves.
   */
  supervise?: boolean;
}

export interface RunningSystem {
  mode: 'dev' | 'chart';
  webhookUrl: string;
  /** The NATS servers the services use (chart mode: its own three; dev: the cluster's). */
  natsUrls: string[];
  /** Their monitoring endpoints (/jsz, /healthz). */
  natsMonitorUrls: string[];
  /**
   * The trace UI over the cluster's Jaeger (packages/trace-ui). Undefined when its assets could not be fetched
   * (traceUiError says why): the system runs without it rather than not at all.
   */
  traceUi: Pick<TraceUi, 'url' | 'traceUrl'> | undefined;
  traceUiError?: string;
  services: RunningService[];
  /**
   * The settings every service got (cluster, bus, tracing), for processes a test starts beside them. Empty in
   * chart mode, where each service has only its own rendered env.
   */
  sharedEnv: Readonly<Record<string, string>>;
  /** kubectl against the cluster; throws with kubectl's stderr when it fails. */
  kubectl(args: string[], input?: string): string;
  /** SIGTERM to every service, newest first, waiting for each to exit. Leaves the cluster running. */
  stop(): Promise<void>;
  /** Sends a signal to one service's process (fault tests: SIGKILL, SIGSTOP, SIGCONT). */
  signal(name: string, signal: NodeJS.Signals): void;
  /** Starts a service again (after it was killed), on its port and log; resolves once it is healthy. */
  restart(name: string): Promise<void>;
  /**
   * Starts one more replica of a service on its own port and log, resolving once it is healthy, and returns
   * its name (`<name>#2`, …) for `signal` and `restart`. Stopped with the system.
   */
  addReplica(name: string): Promise<string>;
}

export async function startSystem(cluster: ClusterInfo, options: SystemOptions = {}): Promise<RunningSystem> {
  const kubectl = (args: string[], input?: string): string => {
    const r = spawnSync(binaryPaths().kubectl, ['--kubeconfig', cluster.kubeconfigPath, ...args], {
      input,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };

  const mode = options.mode ?? 'dev';
  if (mode === 'chart') {
    const order = serviceSpecs(repoRoot, 0);
    const chart = await prepareChartMode(cluster, kubectl, order, options.chart);
    return runServices(cluster, kubectl, options, {
      mode,
      specs: chart.specs,
      shared: {},
      inherit: false,
      webhookUrl: chart.webhookUrl,
      natsUrls: chart.natsUrls,
      natsMonitorUrls: chart.natsMonitorUrls,
      stopAfter: chart.stop,
    });
  }
  const webhookPort = await freePort();
  // Tolerates a second start on the same cluster (fault tests restart the whole system on a fresh bus).
  kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kruise-system' } }),
  );
  // The CRDs convert through our webhook; cert-manager fills in the caBundle once it made the CA (forced: on a
  // second start on one cluster cert-manager owns the caBundle field by then).
  const crds = buildCrdsWithConversionWebhook({
    url: `https://127.0.0.1:${webhookPort}/convert`,
    caBundle: '',
  });
  kubectl(
    ['apply', '--server-side', '--force-conflicts', '-f', '-'],
    crds.map((c) => JSON.stringify(c)).join('\n'),
  );

  const shared = {
    ...clusterEnv(cluster),
    OTEL_EXPORTER_OTLP_ENDPOINT: cluster.otlpHttpEndpoint,
    KRUISE_TS_HTTP_HOST: '127.0.0.1',
  };
  return runServices(cluster, kubectl, options, {
    mode,
    specs: options.allInOne
      ? [allInOneSpec(repoRoot, webhookPort, cluster.dir)]
      : serviceSpecs(repoRoot, webhookPort, cluster.dir),
    shared,
    inherit: true,
    webhookUrl: `https://127.0.0.1:${webhookPort}`,
    natsUrls: [cluster.natsUrl],
    natsMonitorUrls: [cluster.natsMonitorUrl],
    stopAfter: async () => {},
  });
}

interface Prepared {
  mode: 'dev' | 'chart';
  /** In start order; `port` fixes a service's health port (chart mode renders it), else a free one. */
  specs: (ServiceSpec & { port?: number })[];
  shared: Record<string, string>;
  /** Whether the services get this process's environment (dev) or only their own (chart). */
  inherit: boolean;
  webhookUrl: string;
  natsUrls: string[];
  natsMonitorUrls: string[];
  /** After the services stopped (chart mode's nats-servers). */
  stopAfter(): Promise<void>;
}

async function runServices(
  cluster: ClusterInfo,
  kubectl: (args: string[], input?: string) => string,
  options: SystemOptions,
  prepared: Prepared,
): Promise<RunningSystem> {
  const { shared } = prepared;
  const children: { name: string; child: ChildProcess; exited: Promise<void> }[] = [];
  const services: RunningService[] = [];
  let traceUi: TraceUi | undefined;
  let traceUiError: string | undefined;
  type Spec = ServiceSpec;
  const launched = new Map<string, { spec: Spec; port: number; override: ServiceLaunch | undefined }>();
  /** Bundle path by source entry, for the services this checkout runs (not `sources`, not replaced). */
  const bundles = new Map<string, string>();
  let supervisor: Supervisor | undefined;
  const releaseSignals = killChildrenOnSignal(
    () => children.map((c) => c.child),
    () => void supervisor?.stop(),
  );
  const stop = async () => {
    releaseSignals();
    await supervisor?.stop();
    removeLauncherState(cluster.dir);
    await traceUi?.stop();
    for (const { child, exited } of [...children].reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT'); // a stopped (SIGSTOP) process would not act on SIGTERM
        child.kill('SIGTERM');
      }
      await exited;
    }
    await prepared.stopAfter();
  };
  const current = (name: string) => {
    const entry = [...children].reverse().find((c) => c.name === name);
    if (entry === undefined) throw new Error(`no service ${name}`);
    return entry;
  };
  const launch = async (spec: Spec, port: number, override: ServiceLaunch | undefined) => {
    const logFile = join(cluster.dir, `${spec.name}.log`);
    const out = createWriteStream(logFile, { flags: 'a' });
    const args = [
      ...(spec.nodeArgs ?? SERVICE_NODE_FLAGS),
      override?.entry ?? bundles.get(spec.entry) ?? spec.entry,
    ];
    const child = spawn(override?.execPath ?? process.execPath, args, {
      // SERVICE_ENV as an image's ENV: under the environment and the pod's env.
      env: prepared.inherit
        ? {
            ...SERVICE_ENV,
            ...process.env,
            ...shared,
            OTEL_SERVICE_NAME: spec.name,
            ...spec.env(port),
            ...override?.env,
          }
        : { ...SERVICE_ENV, ...spec.env(port), ...override?.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    children.push({ name: spec.name, child, exited });
    const healthUrl = `http://127.0.0.1:${port}`;
    await eventually(
      `${spec.name} ${spec.waitFor === '/readyz' ? 'ready' : 'healthy'} (log ${logFile})`,
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${spec.name} exited with ${child.exitCode}; see ${logFile}`);
        return (await fetch(`${healthUrl}${spec.waitFor ?? '/healthz'}`)).ok;
      },
      { timeoutMs: spec.waitFor === '/readyz' ? 180_000 : 60_000, intervalMs: 300 },
    );
    const known = services.find((s) => s.name === spec.name);
    if (known === undefined) services.push({ name: spec.name, healthUrl, logFile, pid: child.pid ?? 0 });
    else known.pid = child.pid ?? 0;
  };
  try {
    const own = prepared.specs.filter(
      (s) =>
        !options.omit?.includes(s.name) &&
        options.replace?.[s.name] === undefined &&
        s.entry.endsWith(`${sep}src${sep}main.ts`),
    );
    if (!options.sources && own.length > 0) {
      const paths = await bundleServices(
        repoRoot,
        own.map((s) => s.entry),
      );
      for (const [i, s] of own.entries()) bundles.set(s.entry, paths[i] as string);
    }
    for (const spec of prepared.specs) {
      if (options.omit?.includes(spec.name)) continue;
      const override = options.replace?.[spec.name];
      const port = spec.port ?? (await freePort());
      launched.set(spec.name, { spec, port, override });
      await launch(spec, port, override);
    }
    try {
      traceUi = await startTraceUi({ jaegerQueryUrl: cluster.jaegerQueryUrl });
    } catch (err) {
      traceUiError =
        err instanceof Error ? `${err.message}${err.cause ? `: ${err.cause}` : ''}` : String(err);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const restart = async (name: string) => {
    const { child, exited } = current(name);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    const entry = launched.get(name);
    if (entry === undefined) throw new Error(`no service ${name}`);
    await launch(entry.spec, entry.port, entry.override);
  };
  if (options.supervise) {
    supervisor = startSupervisor({
      services: () =>
        services.map((s) => ({
          name: s.name,
          healthUrl: s.healthUrl,
          exited: () => {
            const { child } = current(s.name);
            return child.exitCode !== null || child.signalCode !== null;
          },
        })),
      restart,
      policy: LOCAL_SUPERVISION,
      log: (message) => console.error(`kruise-ts: ${message}`),
    });
  }
  const ui = traceUi === undefined ? undefined : { url: traceUi.url, traceUrl: traceUi.traceUrl };
  writeLauncherState(cluster.dir, {
    pid: process.pid,
    jaegerQueryUrl: cluster.jaegerQueryUrl,
    ...(ui === undefined ? {} : { traceUiUrl: ui.url }),
    webhookUrl: prepared.webhookUrl,
  });
  return {
    mode: prepared.mode,
    webhookUrl: prepared.webhookUrl,
    natsUrls: prepared.natsUrls,
    natsMonitorUrls: prepared.natsMonitorUrls,
    traceUi: ui,
    ...(traceUiError === undefined ? {} : { traceUiError }),
    services,
    sharedEnv: shared,
    kubectl,
    stop,
    signal: (name, signal) => {
      current(name).child.kill(signal);
    },
    addReplica: async (name) => {
      const entry = launched.get(name);
      if (entry === undefined) throw new Error(`no service ${name}`);
      const replicaName = `${name}#${children.filter((c) => c.name.startsWith(`${name}#`)).length + 2}`;
      const port = await freePort();
      // Its own health port and pod name (chart mode's rendered env names the first replica's).
      const own = (env: Record<string, string>) => ({
        ...env,
        KRUISE_TS_HTTP_PORT: String(port),
        ...(env.POD_NAME === undefined ? {} : { POD_NAME: `${env.POD_NAME}-${replicaName.split('#')[1]}` }),
      });
      const spec = { ...entry.spec, name: replicaName, env: () => own(entry.spec.env(port)) };
      launched.set(replicaName, { spec, port, override: entry.override });
      await launch(spec, port, entry.override);
      return replicaName;
    },
    restart,
  };
}
