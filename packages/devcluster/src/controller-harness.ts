// The e2e environment of one controller service: the real cluster (the test command's, or a private one), the
// CRDs it needs, and on a bus prefix of its own the real watcher and the controller as child processes; unique
// namespaces that are deleted afterwards, with the bus streams of the prefix.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { installCrds } from './crds.ts';
import { eventually } from './eventually.ts';
import { requestJson } from './raw-request.ts';
import { type ServiceProcess, startServiceProcess } from './service-process.ts';
import { acquireCluster, type ClusterLease } from './shared-cluster.ts';

export interface ControllerHarnessOptions {
  /** The service under test, e.g. `broadcastjob-controller`. */
  controller: string;
  /**
   * KRUISE_TS_WATCHER_RESOURCES for the watcher, e.g. `broadcastjobs.apps.kruise.io,pods.core`; a list starts
   * one watcher per entry, so a test can freeze the feed of one kind.
   */
  watch: string | readonly string[];
  /** CustomResourceDefinitions to install (409 Conflict is fine: another suite did). */
  crds: readonly { metadata: { name: string } }[];
  /** Collections deleted before the namespaces go, e.g. `/apis/apps.kruise.io/v1beta1/namespaces/{ns}/broadcastjobs`. */
  cleanupCollections?: readonly string[];
  env?: Record<string, string>;
}

const PARTITIONS = 4;

/**
 * Watcher resource lists that feed `resource` through a watcher of its own and everything else in `watched`
 * through another (KRUISE_TS_WATCHER_RESOURCES entries): a test can then freeze that one kind's feed.
 */
export function watchApart(watched: string, resource: string): [others: string, alone: string] {
  const others = watched.split(',').filter((r) => r !== resource);
  return [others.join(','), resource];
}

export class ControllerHarness {
  readonly prefix: string;
  cluster!: ClusterLease;
  kc!: KubeConfig;
  core!: CoreV1Api;
  custom!: CustomObjectsApi;
  readonly services: ServiceProcess[] = [];
  /** The watchers, one per `watch` entry, in that order. */
  readonly watchers: ServiceProcess[] = [];
  /** The controller under test (the latest one after replaceController). */
  controller!: ServiceProcess;
  readonly #o: ControllerHarnessOptions;
  #env: Record<string, string> = {};
  readonly #namespaces: string[] = [];
  #seq = 0;

  constructor(options: ControllerHarnessOptions) {
    this.#o = options;
    this.prefix = `h${randomBytes(4).toString('hex')}`;
  }

  async start(): Promise<void> {
    this.cluster = await acquireCluster();
    this.kc = new KubeConfig();
    this.kc.loadFromFile(this.cluster.kubeconfigPath);
    this.core = this.kc.makeApiClient(CoreV1Api);
    this.custom = this.kc.makeApiClient(CustomObjectsApi);
    await installCrds(this.kc, this.#o.crds);
    this.#env = {
      KRUISE_TS_KUBECONFIG: this.cluster.kubeconfigPath,
      KRUISE_TS_NATS_URL: this.cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: this.prefix,
      KRUISE_TS_PARTITIONS: String(PARTITIONS),
      KRUISE_TS_LEASE_TTL_MS: '3000',
      KRUISE_TS_HTTP_HOST: '127.0.0.1',
      KRUISE_TS_HTTP_PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: this.cluster.otlpHttpEndpoint,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    for (const resources of typeof this.#o.watch === 'string' ? [this.#o.watch] : this.#o.watch) {
      const watcher = startServiceProcess('watcher', {
        ...this.#env,
        OTEL_SERVICE_NAME: 'watcher',
        KRUISE_TS_WATCHER_RESOURCES: resources,
      });
      this.services.push(watcher);
      this.watchers.push(watcher);
    }
    for (const watcher of this.watchers) await watcher.waitFor(/first list published/);
    await this.#startController();
  }

  async #startController(): Promise<void> {
    const controller = startServiceProcess(this.#o.controller, {
      ...this.#env,
      OTEL_SERVICE_NAME: this.#o.controller,
      ...this.#o.env,
    });
    this.services.push(controller);
    this.controller = controller;
    await controller.waitFor(/controller started/);
  }

  /**
   * kill -9 of the controller, then `between` (e.g. freeze a watcher, write out of band), then a new controller
   * process that takes its partitions over; resolves once the new one started.
   */
  async replaceController(between: () => Promise<void> = async () => {}): Promise<void> {
    const old = this.controller;
    old.child.kill('SIGKILL');
    await old.exited;
    this.services.splice(this.services.indexOf(old), 1);
    await between();
    await this.#startController();
  }

  /** controller_runtime_reconcile_total of the controller under test, summed over its series (its /metrics). */
  async reconciles(): Promise<number> {
    // The health port, from the start line (other lines may name other ports).
    const [, port] = await this.controller.waitFor(/"port":(\d+)[^\n]*controller started/);
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    let total = 0;
    for (const line of text.split('\n')) {
      if (line.startsWith('controller_runtime_reconcile_total'))
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return total;
  }

  /**
   * The reconcile count once it held still for `quietMs`: what a test reads before a change whose reconcile it
   * then waits for (`reconciles() > before`), so that a reconcile still running from earlier work is not taken
   * for it.
   */
  async settledReconciles(quietMs = 500, timeoutMs = 15_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let last = await this.reconciles();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      const now = await this.reconciles();
      if (now === last || Date.now() > deadline) return now;
      last = now;
    }
  }

  /** Throws when a service process has exited (with its output's tail). */
  assertRunning(): void {
    for (const s of this.services) s.assertRunning();
  }

  /** Reads every 250 ms until `done` holds, failing at once if a service process exited; returns the value. */
  waitUntil<T>(
    what: string,
    read: () => Promise<T | undefined>,
    done: (value: T) => boolean,
    timeoutMs = 60_000,
  ): Promise<T> {
    return eventually(
      what,
      async () => {
        this.assertRunning();
        const value = await read();
        return value !== undefined && done(value) ? value : undefined;
      },
      { timeoutMs, intervalMs: 250 },
    );
  }

  async namespace(tag: string): Promise<string> {
    const name = `${this.prefix}-${tag}-${this.#seq++}`;
    await this.core.createNamespace({ body: { metadata: { name } } });
    this.#namespaces.push(name);
    return name;
  }

  async stop(): Promise<void> {
    for (const ns of this.#namespaces) {
      for (const path of this.#o.cleanupCollections ?? []) {
        await requestJson(this.kc, 'DELETE', path.replace('{ns}', ns)).catch(() => {});
      }
    }
    for (const s of [...this.services].reverse()) await s.stop();
    for (const ns of this.#namespaces) await this.core.deleteNamespace({ name: ns }).catch(() => {});
    await this.#deleteStreams().catch(() => {});
    await this.cluster?.release();
  }

  /** The streams the services declared under this harness's prefix (objects, events, leases). */
  async #deleteStreams(): Promise<void> {
    const nc = await connect({ servers: this.cluster.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      const stem = this.prefix.toLowerCase();
      for await (const info of jsm.streams.list()) {
        if (info.config.name.toLowerCase().includes(stem)) await jsm.streams.delete(info.config.name);
      }
    } finally {
      await nc.close();
    }
  }
}
