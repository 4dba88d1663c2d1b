// The e2e environment: a real cluster, the CRDs from deploy/crds, cert-manager and a webhook server running in
// this process, and the webhook configurations registered in URL mode under unique names and scoped to
// namespaces (and cluster-scoped objects) carrying this run's label, so other users of a shared cluster are
// never sent to this server.
import { randomBytes } from 'node:crypto';
import { buildCrds } from '@kruise-ts/api/crd';
import { decodeSecretData } from '@kruise-ts/certs';
import { acquireCluster, type ClusterLease, eventually, installCrds } from '@kruise-ts/devcluster';
import { KubeClient } from '@kruise-ts/runtime';
import { createLogger } from '@kruise-ts/telemetry';
import {
  AdmissionregistrationV1Api,
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import {
  conversionWebhook,
  type FailurePolicy,
  mutatingWebhookConfiguration,
  validatingWebhookConfiguration,
} from '../../src/manifests.ts';
import { applyWebhookConfigurations, deleteWebhookConfigurations } from '../../src/register.ts';
import { startWebhookServer, type WebhookServer } from '../../src/server.ts';
import { settingsFromEnv as webhookSettings } from '../../src/settings.ts';
import { type CertManagerProcess, startCertManagerProcess } from './cert-manager-process.ts';

export interface E2eEnv {
  cluster: ClusterLease;
  kc: KubeConfig;
  core: CoreV1Api;
  custom: CustomObjectsApi;
  admission: AdmissionregistrationV1Api;
  run: string;
  scope: { key: string; value: string };
  names: { mutating: string; validating: string; secret: string; certNamespace: string };
  certManager: CertManagerProcess;
  webhook: WebhookServer;
  /** A namespace inside this run's scope (or outside it with `inScope: false`), deleted at cleanup. */
  namespace(options?: { inScope?: boolean; labels?: Record<string, string> }): Promise<string>;
  /** Registers (or re-registers) the configurations pointing at the running webhook server. */
  register(options?: {
    failurePolicy?: Partial<Record<string, FailurePolicy>>;
    port?: number;
  }): Promise<void>;
  /** The CA bundle cert-manager keeps in the Secret. */
  caBundle(): Promise<string>;
  cleanup(): Promise<void>;
}

export const crdNames = ['clonesets', 'statefulsets', 'sidecarsets', 'broadcastjobs', 'advancedcronjobs'].map(
  (p) => `${p}.apps.kruise.io`,
);

const logger = createLogger({
  name: 'webhook-e2e',
  level: (process.env.KRUISE_TS_LOG_LEVEL as 'info' | undefined) ?? 'warn',
});

/**
 * Installs the CRDs that are missing, as @kruise-ts/api generates them (deploy/crds is the committed copy of
 * the same), and waits until every one is Established.
 */
export async function ensureCrds(kc: KubeConfig): Promise<void> {
  await installCrds(kc, buildCrds());
}

export async function setCrdConversion(kc: KubeConfig, conversion: object | null): Promise<void> {
  const api = kc.makeApiClient(ApiextensionsV1Api);
  for (const name of crdNames) {
    const body =
      conversion === null
        ? { spec: { conversion: { strategy: 'None', webhook: null } } }
        : { spec: { conversion } };
    await api.patchCustomResourceDefinition(
      { name, body },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  }
}

export async function startE2eEnv(
  options: {
    manageCrds?: boolean;
    trustDelay?: string;
    overlap?: string;
    podFailurePolicy?: FailurePolicy;
    /** KRUISE_TS_FEATURE_GATES for the webhook server. */
    featureGates?: string;
  } = {},
): Promise<E2eEnv> {
  const cluster = await acquireCluster();
  const kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  const admission = kc.makeApiClient(AdmissionregistrationV1Api);
  const run = randomBytes(3).toString('hex');
  const certNamespace = `wh-certs-${run}`;
  const names = {
    mutating: `kruise-ts-e2e-${run}`,
    validating: `kruise-ts-e2e-${run}`,
    secret: 'kruise-webhook-certs',
    certNamespace,
  };
  const scope = { key: 'kruise-ts.e2e/run', value: run };
  const namespaces: string[] = [certNamespace];
  await core.createNamespace({ body: { metadata: { name: certNamespace } } });
  // Whatever was started before a failure is stopped again, so a failed start leaves nothing behind.
  const undo: (() => Promise<unknown>)[] = [
    () => core.deleteNamespace({ name: certNamespace }),
    () => cluster.release(),
  ];
  try {
    await ensureCrds(kc);
    const busPrefix = `wh${run}`;

    const certManager = await startCertManagerProcess({
      POD_NAMESPACE: certNamespace,
      KUBECONFIG: cluster.kubeconfigPath,
      KRUISE_TS_NATS_URL: cluster.natsUrl,
      KRUISE_TS_BUS_PREFIX: busPrefix,
      RESYNC_PERIOD: '5s',
      CA_TRUST_DELAY: options.trustDelay ?? '2s',
      CA_OVERLAP: options.overlap ?? '6s',
      MUTATING_WEBHOOK_CONFIGURATION: names.mutating,
      VALIDATING_WEBHOOK_CONFIGURATION: names.validating,
      // The shared cluster's CRDs are patched only by tests that own them for their duration.
      CRD_NAMES: options.manageCrds ? crdNames.join(',') : 'none.invalid',
    });
    undo.unshift(() => certManager.stop());
    await eventually('cert-manager wrote the Secret', () =>
      core.readNamespacedSecret({ name: names.secret, namespace: certNamespace }),
    );
    const webhook = await startWebhookServer(
      {
        ...webhookSettings({
          POD_NAMESPACE: certNamespace,
          KUBECONFIG: cluster.kubeconfigPath,
          KRUISE_TS_NATS_URL: cluster.natsUrl,
          KRUISE_TS_BUS_PREFIX: busPrefix,
          WEBHOOK_PORT: '0',
          KRUISE_TS_HTTP_PORT: '0',
          CERT_POLL_SECONDS: '5',
          ...(options.featureGates ? { KRUISE_TS_FEATURE_GATES: options.featureGates } : {}),
        }),
      },
      { logger, firstCertTimeoutMs: 30_000 },
    );
    undo.unshift(() => webhook.stop());

    const kube = new KubeClient({ kubeconfigPath: cluster.kubeconfigPath, qps: Infinity });
    const readBundle = async () => {
      const secret = await core.readNamespacedSecret({ name: names.secret, namespace: certNamespace });
      return decodeSecretData(secret.data)['ca-bundle.pem'] ?? '';
    };
    const register: E2eEnv['register'] = async (registerOptions = {}) => {
      const common = {
        baseUrl: `https://127.0.0.1:${registerOptions.port ?? webhook.port}`,
        scope,
        ownNamespace: certNamespace,
        caBundle: Buffer.from(await readBundle()).toString('base64'),
        failurePolicy: { 'mpod.kb.io': options.podFailurePolicy ?? 'Fail', ...registerOptions.failurePolicy },
        timeoutSeconds: { 'mpod.kb.io': 3 },
      };
      await applyWebhookConfigurations(kube, {
        mutating: mutatingWebhookConfiguration({ ...common, mutatingName: names.mutating }),
        validating: validatingWebhookConfiguration({ ...common, validatingName: names.validating }),
      });
      if (options.manageCrds) await setCrdConversion(kc, conversionWebhook(common));
    };
    undo.unshift(() => deleteWebhookConfigurations(kube, names));
    if (options.manageCrds) undo.unshift(() => setCrdConversion(kc, null));
    await register();
    return env(certManager, webhook, kube, register, readBundle);
  } catch (err) {
    for (const step of undo) await step().catch(() => {});
    throw err;
  }

  function env(
    certManager: CertManagerProcess,
    webhook: WebhookServer,
    kube: KubeClient,
    register: E2eEnv['register'],
    readBundle: () => Promise<string>,
  ): E2eEnv {
    return {
      cluster,
      kc,
      core,
      custom: kc.makeApiClient(CustomObjectsApi),
      admission,
      run,
      scope,
      names,
      certManager,
      webhook,
      register,
      caBundle: readBundle,
      async namespace(nsOptions = {}) {
        const name = `wh-${run}-${randomBytes(3).toString('hex')}`;
        const labels = {
          ...(nsOptions.inScope === false ? {} : { [scope.key]: scope.value }),
          ...nsOptions.labels,
        };
        await core.createNamespace({ body: { metadata: { name, labels } } });
        namespaces.push(name);
        return name;
      },
      async cleanup() {
        await deleteWebhookConfigurations(kube, names).catch(() => {});
        if (options.manageCrds) await setCrdConversion(kc, null).catch(() => {});
        await webhook.stop();
        await certManager.stop();
        for (const ns of namespaces) await core.deleteNamespace({ name: ns }).catch(() => {});
        await cluster.release();
      },
    };
  }
}

/** The apiserver's Status from a failed client-node call. */
export function statusOf(err: unknown): {
  code?: number;
  reason?: string;
  message?: string;
  details?: { causes?: { field?: string; message?: string }[] };
} {
  const body = (err as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as ReturnType<typeof statusOf>;
    } catch {
      return { message: body };
    }
  }
  return (body ?? {}) as ReturnType<typeof statusOf>;
}
