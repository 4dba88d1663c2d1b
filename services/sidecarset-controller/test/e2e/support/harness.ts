// The e2e environment of the SidecarSet controller: a real cluster, the CRDs, and on a bus prefix of its own
// the watcher, the webhook server (pod injection + SidecarSet defaulting, registered in URL mode for this
// run's namespaces and SidecarSets only) and the controller, all as child processes.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCrds } from '@kruise-ts/api/crd';
import { connectBus, topology } from '@kruise-ts/bus';
import { createCertificateAuthority, issueServingCertificate } from '@kruise-ts/certs';
import { acquireCluster, type ClusterLease, eventually, freePort, installCrds } from '@kruise-ts/devcluster';
import { plain } from '@kruise-ts/kube';
import type { Pod, SidecarSet } from '@kruise-ts/sidecarset';
import {
  AdmissionregistrationV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1Pod,
} from '@kubernetes/client-node';
import { type ServiceProcess, startService } from './processes.ts';

export const PARTITIONS = 4;
const group = 'apps.kruise.io';
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

export interface Harness {
  cluster: ClusterLease;
  kc: KubeConfig;
  core: CoreV1Api;
  apps: AppsV1Api;
  custom: CustomObjectsApi;
  run: string;
  scope: { key: string; value: string };
  revisionNamespace: string;
  services: ServiceProcess[];
  namespace(labels?: Record<string, string>): Promise<string>;
  createSidecarSet(name: string, spec: Record<string, unknown>): Promise<SidecarSet>;
  getSidecarSet(name: string): Promise<SidecarSet>;
  patchSidecarSet(name: string, patch: Record<string, unknown>): Promise<SidecarSet>;
  /** Waits until the webhook injects this SidecarSet's container (its cache follows the bus). */
  waitInjectable(namespace: string, labels: Record<string, string>, container: string): Promise<void>;
  /** Creates pods and waits until the fake kubelet runs all of them (Running, Ready, statuses for all). */
  createRunningPods(
    namespace: string,
    prefix: string,
    count: number,
    labels: Record<string, string>,
  ): Promise<Pod[]>;
  listPods(namespace: string): Promise<Pod[]>;
  /** Stops the controller and starts a new one, which leads with empty caches; resolves once it leads. */
  restartController(): Promise<ServiceProcess>;
  cleanup(): Promise<void>;
}

export interface HarnessOptions {
  /** KRUISE_TS_CONTAINER_LAUNCH_PRIORITY for the webhook server and the controller. */
  containerLaunchPriority?: boolean;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const launchPriority = {
    KRUISE_TS_CONTAINER_LAUNCH_PRIORITY: String(options.containerLaunchPriority ?? false),
  };
  const cluster = await acquireCluster();
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  const apps = kc.makeApiClient(AppsV1Api);
  const custom = kc.makeApiClient(CustomObjectsApi);
  const admission = kc.makeApiClient(AdmissionregistrationV1Api);
  const run = randomBytes(3).toString('hex');
  const scope = { key: 'kruise-ts.e2e/run', value: run };
  const prefix = `ssc${run}`;
  const revisionNamespace = `ssc-sys-${run}`;
  const webhookName = `ssc-e2e-${run}`;
  const namespaces: string[] = [];
  const sidecarSets: string[] = [];
  const services: ServiceProcess[] = [];
  const certDir = mkdtempSync(join(tmpdir(), 'ssc-certs-'));

  let controllers = 0;
  let busEnv: Record<string, string> = {};
  const startController = async () => {
    const controller = startService('sidecarset-controller', {
      ...busEnv,
      ...launchPriority,
      KRUISE_TS_LEASE_TTL_MS: '3000',
      KRUISE_TS_MEMBER_ID: `ssc-${run}-${controllers++}`,
      POD_NAMESPACE: revisionNamespace,
    });
    services.push(controller);
    await controller.waitFor(/"msg":"leading: caches synced"/);
    return controller;
  };

  const cleanup = async () => {
    await admission.deleteMutatingWebhookConfiguration({ name: webhookName }).catch(() => {});
    for (const name of sidecarSets) {
      await custom
        .deleteClusterCustomObject({ group, version: 'v1beta1', plural: 'sidecarsets', name })
        .catch(() => {});
    }
    for (const s of [...services].reverse()) await s.stop();
    for (const ns of namespaces) await core.deleteNamespace({ name: ns }).catch(() => {});
    const bus = await connectBus({
      servers: cluster.natsUrl,
      topology: topology({ prefix, partitions: PARTITIONS }),
      publisherId: `test/${prefix}`,
    }).catch(() => undefined);
    if (bus) {
      for (const s of [bus.topology.objects.stream, bus.topology.events.stream, bus.topology.leases.stream])
        await bus.jsm.streams.delete(s).catch(() => {});
      await bus.close();
    }
    rmSync(certDir, { recursive: true, force: true });
    await cluster.release();
  };

  try {
    await installCrds(kc, buildCrds());
    await core.createNamespace({ body: { metadata: { name: revisionNamespace } } });
    namespaces.push(revisionNamespace);

    const ca = await createCertificateAuthority();
    const serving = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
    writeFileSync(join(certDir, 'tls.crt'), serving.certPem);
    writeFileSync(join(certDir, 'tls.key'), serving.keyPem);

    busEnv = {
      KRUISE_TS_KUBECONFIG: cluster.kubeconfigPath,
      KRUISE_TS_NATS_URL: cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: prefix,
      KRUISE_TS_PARTITIONS: String(PARTITIONS),
      KRUISE_TS_HTTP_HOST: '127.0.0.1',
      KRUISE_TS_HTTP_PORT: '0',
    };
    const watcher = startService('watcher', {
      ...busEnv,
      KRUISE_TS_WATCHER_RESOURCES: [
        'sidecarsets.apps.kruise.io',
        'namespaces.core',
        'pods.core',
        'controllerrevisions.apps',
      ].join(','),
    });
    services.push(watcher);
    await watcher.waitFor(/"msg":"watcher started"/);

    const webhookPort = await freePort();
    const webhookHealth = await freePort();
    const webhook = startService('webhook-server', {
      KUBECONFIG: cluster.kubeconfigPath,
      KRUISE_TS_NATS_URL: cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: prefix,
      KRUISE_TS_PARTITIONS: String(PARTITIONS),
      WEBHOOK_CERT_DIR: certDir,
      WEBHOOK_PORT: String(webhookPort),
      KRUISE_TS_HTTP_PORT: String(webhookHealth),
      POD_NAMESPACE: revisionNamespace,
      KRUISE_TS_LOG_LEVEL: 'warn',
      ...launchPriority,
    });
    services.push(webhook);
    await eventually(
      'webhook server ready',
      async () => {
        webhook.assertRunning();
        const res = await fetch(`http://127.0.0.1:${webhookHealth}/readyz`).catch(() => undefined);
        return res?.ok;
      },
      { timeoutMs: 60_000 },
    );

    const caBundle = Buffer.from(ca.certPem).toString('base64');
    const common = {
      admissionReviewVersions: ['v1'],
      sideEffects: 'None',
      failurePolicy: 'Fail',
      timeoutSeconds: 10,
      matchPolicy: 'Equivalent',
      reinvocationPolicy: 'Never',
    };
    await admission.createMutatingWebhookConfiguration({
      body: {
        metadata: { name: webhookName },
        webhooks: [
          {
            ...common,
            name: 'mpod.kb.io',
            clientConfig: { url: `https://127.0.0.1:${webhookPort}/mutate-pod`, caBundle },
            rules: [
              {
                apiGroups: [''],
                apiVersions: ['v1'],
                resources: ['pods'],
                operations: ['CREATE'],
                scope: 'Namespaced',
              },
            ],
            namespaceSelector: { matchLabels: { [scope.key]: scope.value } },
          },
          {
            ...common,
            name: 'msidecarset.kb.io',
            clientConfig: {
              url: `https://127.0.0.1:${webhookPort}/mutate-apps-kruise-io-sidecarset`,
              caBundle,
            },
            rules: [
              {
                apiGroups: [group],
                apiVersions: ['v1alpha1', 'v1beta1'],
                resources: ['sidecarsets'],
                operations: ['CREATE', 'UPDATE'],
                scope: 'Cluster',
              },
            ],
            objectSelector: { matchLabels: { [scope.key]: scope.value } },
          },
        ],
      },
    });

    await startController();
  } catch (err) {
    await cleanup().catch(() => {});
    throw err;
  }

  const harness: Harness = {
    cluster,
    kc,
    core,
    apps,
    custom,
    run,
    scope,
    revisionNamespace,
    services,
    async namespace(labels = {}) {
      const name = `ssc-${run}-${randomBytes(3).toString('hex')}`;
      await core.createNamespace({
        body: { metadata: { name, labels: { [scope.key]: scope.value, ...labels } } },
      });
      namespaces.push(name);
      return name;
    },
    async createSidecarSet(name, spec) {
      const body = {
        apiVersion: `${group}/v1beta1`,
        kind: 'SidecarSet',
        metadata: { name, labels: { [scope.key]: scope.value } },
        spec,
      };
      const out = plain<SidecarSet>(
        await custom.createClusterCustomObject({ group, version: 'v1beta1', plural: 'sidecarsets', body }),
      );
      sidecarSets.push(name);
      return out;
    },
    async getSidecarSet(name) {
      return plain<SidecarSet>(
        await custom.getClusterCustomObject({ group, version: 'v1beta1', plural: 'sidecarsets', name }),
      );
    },
    async patchSidecarSet(name, patch) {
      return plain<SidecarSet>(
        await custom.patchClusterCustomObject(
          { group, version: 'v1beta1', plural: 'sidecarsets', name, body: patch },
          mergePatch,
        ),
      );
    },
    async waitInjectable(namespace, labels, container) {
      await eventually(
        `container ${container} injected in ${namespace}`,
        async () => {
          const dry = await core.createNamespacedPod({
            namespace,
            body: {
              metadata: { name: `dry-${Date.now()}`, labels },
              spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] },
            },
            dryRun: 'All',
          });
          return dry.spec?.containers.some((c) => c.name === container);
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    },
    async createRunningPods(namespace, prefix, count, labels) {
      for (let i = 0; i < count; i++) {
        const body: V1Pod = {
          metadata: { name: `${prefix}-${i}`, labels },
          spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] },
        };
        await core.createNamespacedPod({ namespace, body });
      }
      return eventually(
        `${count} pods running in ${namespace}`,
        async () => {
          const pods = (await harness.listPods(namespace)).filter((p) =>
            p.metadata.name?.startsWith(`${prefix}-`),
          );
          const running = pods.filter(
            (p) =>
              p.status?.phase === 'Running' &&
              p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') &&
              (p.status.containerStatuses?.length ?? 0) === p.spec.containers.length,
          );
          return running.length === count ? running : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 500 },
      );
    },
    async listPods(namespace) {
      return plain<{ items: Pod[] }>(await core.listNamespacedPod({ namespace })).items;
    },
    async restartController() {
      const old = services.findLast((s) => s.name === 'sidecarset-controller');
      if (old !== undefined) {
        await old.stop();
        services.splice(services.indexOf(old), 1);
      }
      return startController();
    },
    cleanup,
  };
  return harness;
}
