// The e2e environment of the BroadcastJob controller: the real cluster (two kwok nodes, whose fake kubelet
// completes BroadcastJob pods a second after they run), the CRDs, and on a bus prefix of its own the real
// watcher and this controller as child processes. Jobs are created already defaulted by @kruise-ts/api (no
// webhook server here), in namespaces of their own that are deleted afterwards.
import { randomBytes } from 'node:crypto';
import { type BroadcastJobV1beta1, buildCrds, defaultBroadcastJobV1beta1 } from '@kruise-ts/api';
import { connectBus, topology } from '@kruise-ts/bus';
import {
  acquireCluster,
  type ClusterLease,
  eventually,
  requestJson,
  type ServiceProcess,
  startServiceProcess,
} from '@kruise-ts/devcluster';
import { CoreV1Api, CustomObjectsApi, KubeConfig, type V1Pod } from '@kubernetes/client-node';

const PARTITIONS = 4;
const ref = { group: 'apps.kruise.io', version: 'v1beta1', plural: 'broadcastjobs' } as const;

export type BroadcastJob = BroadcastJobV1beta1;
export type JobSpec = BroadcastJob['spec'];

export class Harness {
  readonly prefix = `bcj${randomBytes(3).toString('hex')}`;
  cluster!: ClusterLease;
  kc!: KubeConfig;
  core!: CoreV1Api;
  custom!: CustomObjectsApi;
  readonly services: ServiceProcess[] = [];
  readonly #namespaces: string[] = [];
  #seq = 0;

  async start(): Promise<void> {
    this.cluster = await acquireCluster();
    this.kc = new KubeConfig();
    this.kc.loadFromFile(this.cluster.kubeconfigPath);
    this.core = this.kc.makeApiClient(CoreV1Api);
    this.custom = this.kc.makeApiClient(CustomObjectsApi);
    for (const crd of buildCrds()) {
      // client-node's serialiser drops x-kubernetes-* keys: post the JSON as it is.
      const created = await requestJson(
        this.kc,
        'POST',
        '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
        crd,
      );
      if (created.status !== 201 && created.status !== 409) {
        throw new Error(`cannot install CRD ${crd.metadata.name}: ${JSON.stringify(created.body)}`);
      }
    }
    const env = {
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
    const watcher = startServiceProcess('watcher', {
      ...env,
      OTEL_SERVICE_NAME: 'watcher',
      KRUISE_TS_WATCHER_RESOURCES: 'broadcastjobs.apps.kruise.io,pods.core,nodes.core',
    });
    this.services.push(watcher);
    await watcher.waitFor(/first list published/);
    const controller = startServiceProcess('broadcastjob-controller', {
      ...env,
      OTEL_SERVICE_NAME: 'broadcastjob-controller',
    });
    this.services.push(controller);
    await controller.waitFor(/broadcastjob controller started/);
  }

  async namespace(tag: string): Promise<string> {
    const name = `${this.prefix}-${tag}-${this.#seq++}`;
    await this.core.createNamespace({ body: { metadata: { name } } });
    this.#namespaces.push(name);
    return name;
  }

  /** A job running `busybox` once per node, defaulted as the webhook would, with `spec` merged over it. */
  async createJob(namespace: string, name: string, spec: Partial<JobSpec> = {}): Promise<BroadcastJob> {
    const job = defaultBroadcastJobV1beta1({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'BroadcastJob',
      metadata: { name, namespace },
      spec: {
        template: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] },
        },
        ...spec,
      },
    } as BroadcastJob);
    return (await this.custom.createNamespacedCustomObject({ ...ref, namespace, body: job })) as BroadcastJob;
  }

  async getJob(namespace: string, name: string): Promise<BroadcastJob | undefined> {
    const got = await requestJson(
      this.kc,
      'GET',
      `/apis/apps.kruise.io/v1beta1/namespaces/${namespace}/broadcastjobs/${name}`,
    );
    return got.status === 200 ? (got.body as BroadcastJob) : undefined;
  }

  async patchJob(namespace: string, name: string, patch: Record<string, unknown>): Promise<void> {
    const res = await requestJson(
      this.kc,
      'PATCH',
      `/apis/apps.kruise.io/v1beta1/namespaces/${namespace}/broadcastjobs/${name}`,
      patch,
      'application/merge-patch+json',
    );
    if (res.status !== 200) throw new Error(`patch ${namespace}/${name}: ${JSON.stringify(res.body)}`);
  }

  /** Waits until the job's status satisfies `done`, returning the job. */
  waitForJob(
    namespace: string,
    name: string,
    what: string,
    done: (job: BroadcastJob) => boolean,
    timeoutMs = 60_000,
  ): Promise<BroadcastJob> {
    return eventually(
      `${namespace}/${name}: ${what}`,
      async () => {
        for (const s of this.services) s.assertRunning();
        const job = await this.getJob(namespace, name);
        return job !== undefined && done(job) ? job : undefined;
      },
      { timeoutMs, intervalMs: 250 },
    );
  }

  async pods(namespace: string): Promise<V1Pod[]> {
    return (await this.core.listNamespacedPod({ namespace })).items;
  }

  async stop(): Promise<void> {
    for (const ns of this.#namespaces) {
      await requestJson(
        this.kc,
        'DELETE',
        `/apis/apps.kruise.io/v1beta1/namespaces/${ns}/broadcastjobs`,
      ).catch(() => {});
    }
    for (const s of [...this.services].reverse()) await s.stop();
    for (const ns of this.#namespaces) await this.core.deleteNamespace({ name: ns }).catch(() => {});
    const bus = await connectBus({
      servers: this.cluster.natsUrl,
      topology: topology({ prefix: this.prefix, partitions: PARTITIONS }),
      publisherId: `test/${this.prefix}`,
    }).catch(() => undefined);
    if (bus !== undefined) {
      for (const s of [bus.topology.objects.stream, bus.topology.events.stream, bus.topology.leases.stream])
        await bus.jsm.streams.delete(s).catch(() => {});
      await bus.close();
    }
    await this.cluster?.release();
  }
}
