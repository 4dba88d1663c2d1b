// The e2e environment of one test file: the real cluster (the test command's, or a private one), the CloneSet
// CRD from deploy/crds, the real watcher service and this controller as child processes on a bus prefix of
// their own, and unique namespaces that are deleted afterwards.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  acquireCluster,
  type ClusterLease,
  type ClusterOptions,
  eventually,
  installCrds,
  requestJson,
  startCluster,
  startServiceProcess,
} from '@kruise-ts/devcluster';
import { AppsV1Api, CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, '..', '..', '..', '..', '..');

export const PARTITIONS = 4;
export const LEASE_TTL_MS = 3000;
export const WATCHED =
  'clonesets.apps.kruise.io,pods.core,persistentvolumeclaims.core,controllerrevisions.apps';

/** Installs the CloneSet CRD from deploy/crds (the committed manifest users apply). */
export async function ensureCloneSetCrd(kc: KubeConfig): Promise<void> {
  const crd = parse(readFileSync(join(repo, 'deploy', 'crds', 'apps.kruise.io_clonesets.yaml'), 'utf8')) as {
    metadata: { name: string };
  };
  await installCrds(kc, [crd]);
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Lines the process wrote to stdout (JSON log lines). */
  lines: string[];
  exited: Promise<number | null>;
}

export interface ControllerProcess extends ServiceProcess {
  /** Resolves with the health server's base URL once the controller logged its start. */
  url: Promise<string>;
}

export class Harness {
  readonly prefix = `cs${randomBytes(3).toString('hex')}`;
  readonly processes: ServiceProcess[] = [];
  readonly namespaces: string[] = [];
  cluster!: ClusterLease;
  kc!: KubeConfig;
  core!: CoreV1Api;
  apps!: AppsV1Api;
  custom!: CustomObjectsApi;
  /** The watchers started by start(), one per entry of its `watchers` option. */
  readonly watchers: ServiceProcess[] = [];
  /** The controller started by start(). */
  controller: ControllerProcess | undefined;
  #nsSeq = 0;

  /**
   * With `cluster`, a private cluster of that shape (e.g. zone-labelled nodes) instead of the test command's; the
   * services spawned here get its KRUISE_TS_* names from env(). With `watchers`, one watcher per entry (a
   * KRUISE_TS_WATCHER_RESOURCES list) instead of one for WATCHED: a test can then freeze the feed of one kind.
   */
  async start(
    options: { controller?: boolean; cluster?: ClusterOptions; watchers?: readonly string[] } = {},
  ): Promise<void> {
    if (options.cluster === undefined) {
      this.cluster = await acquireCluster();
    } else {
      const own = await startCluster(options.cluster);
      this.cluster = { ...own, release: () => own.stop() };
    }
    this.kc = new KubeConfig();
    this.kc.loadFromFile(this.cluster.kubeconfigPath);
    this.core = this.kc.makeApiClient(CoreV1Api);
    this.apps = this.kc.makeApiClient(AppsV1Api);
    this.custom = this.kc.makeApiClient(CustomObjectsApi);
    await ensureCloneSetCrd(this.kc);
    // The watcher first: it declares the bus topology; the controller then settles the lease TTL.
    for (const resources of options.watchers ?? [WATCHED]) this.watchers.push(this.startWatcher(resources));
    await eventually(
      'watcher started',
      async () => this.watchers.every((w) => w.lines.some((l) => l.includes('first list published'))),
      {
        timeoutMs: 60_000,
        intervalMs: 100,
      },
    );
    if (options.controller !== false) {
      this.controller = this.startController('ctrl-0');
      await this.controller.url;
    }
  }

  env(service: string): NodeJS.ProcessEnv {
    return {
      ...process.env,
      KRUISE_TS_KUBECONFIG: this.cluster.kubeconfigPath,
      KRUISE_TS_NATS_URL: this.cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: this.prefix,
      KRUISE_TS_PARTITIONS: String(PARTITIONS),
      KRUISE_TS_LEASE_TTL_MS: String(LEASE_TTL_MS),
      KRUISE_TS_HTTP_HOST: '127.0.0.1',
      KRUISE_TS_HTTP_PORT: '0',
      OTEL_SERVICE_NAME: service,
      OTEL_EXPORTER_OTLP_ENDPOINT: this.cluster.otlpHttpEndpoint,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      KRUISE_TS_LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    };
  }

  #spawn(service: 'watcher' | 'cloneset-controller', env: NodeJS.ProcessEnv, name: string): ServiceProcess {
    const lines: string[] = [];
    const started = startServiceProcess(service, env, {
      onLine: (line, stream) => {
        if (stream === 'stderr') {
          process.stderr.write(`[${name}] ${line}\n`);
          return;
        }
        lines.push(line);
        if (process.env.E2E_ECHO && line.includes(process.env.E2E_ECHO))
          process.stderr.write(`[${name}] ${line}\n`);
        if (/"level":"(warn|error|fatal)"/.test(line))
          process.stderr.write(`[${name}] ${line.slice(0, 2000)}\n`);
      },
    });
    const proc = { child: started.child, lines, exited: started.exited };
    this.processes.push(proc);
    return proc;
  }

  startWatcher(resources = WATCHED): ServiceProcess {
    return this.#spawn(
      'watcher',
      { ...this.env('watcher'), KRUISE_TS_WATCHER_RESOURCES: resources },
      resources === WATCHED ? 'watcher' : `watcher ${resources}`,
    );
  }

  startController(member: string, extra: NodeJS.ProcessEnv = {}): ControllerProcess {
    const proc = this.#spawn(
      'cloneset-controller',
      { ...this.env('cloneset-controller'), KRUISE_TS_MEMBER_ID: `${member}-${Date.now()}`, ...extra },
      member,
    );
    const url = eventually(
      `${member} started`,
      async () => {
        for (const line of proc.lines) {
          if (!line.includes('cloneset controller started')) continue;
          const port = (JSON.parse(line) as { port?: number }).port;
          if (port !== undefined) return `http://127.0.0.1:${port}`;
        }
        return undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    url.catch(() => {});
    return { ...proc, url };
  }

  /** A fresh namespace, deleted when the harness stops. */
  async namespace(tag: string): Promise<string> {
    const name = `${this.prefix}-${tag}-${this.#nsSeq++}`;
    await this.core.createNamespace({ body: { metadata: { name } } });
    this.namespaces.push(name);
    return name;
  }

  async stop(): Promise<void> {
    // CloneSets go first: the watcher of every later test file mirrors the whole cluster, so a CloneSet left in
    // a terminating namespace would be reconciled (and its pods recreated) by the next file's controller.
    for (const ns of this.namespaces) {
      await requestJson(this.kc, 'DELETE', `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/clonesets`).catch(
        () => {},
      );
    }
    for (const p of this.processes) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    }
    await Promise.race([
      Promise.all(this.processes.map((p) => p.exited)),
      new Promise((r) => setTimeout(r, 10_000)),
    ]);
    for (const p of this.processes) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    }
    for (const ns of this.namespaces) await this.core.deleteNamespace({ name: ns }).catch(() => {});
    await this.cluster?.release();
  }
}
