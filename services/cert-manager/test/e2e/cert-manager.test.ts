// cert-manager against the real apiserver and NATS: creates and reuses the Secret, injects the caBundle into the
// webhook configurations and Webhook-conversion CRDs, restores it when reset, regenerates a deleted Secret,
// announces rotations on the bus, accepts external certificates, and only the lease holder acts.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { connectBus, decodeDomainEvent, eventFilterSubjects, topology } from '@kruise-ts/bus';
import {
  bundleFingerprints,
  createCertificateAuthority,
  decodeSecretData,
  encodeSecretData,
  fingerprintSha256,
  issueServingCertificate,
} from '@kruise-ts/certs';
import { acquireCluster, type ClusterLease, eventually } from '@kruise-ts/devcluster';
import { createLogger } from '@kruise-ts/telemetry';
import {
  AdmissionregistrationV1Api,
  CoordinationV1Api,
  CoreV1Api,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { DeliverPolicy } from '@nats-io/jetstream';
import { type CertManagerService, startCertManager } from '../../src/service.ts';
import { type CertManagerSettings, settingsFromEnv } from '../../src/settings.ts';

let cluster: ClusterLease;
let kc: KubeConfig;
let core: CoreV1Api;
let admission: AdmissionregistrationV1Api;
const run = randomBytes(3).toString('hex');
const namespace = `cm-e2e-${run}`;
const busPrefix = `cm${run}`;
const started: CertManagerService[] = [];
const logger = createLogger({
  name: 'cert-manager-e2e',
  level: (process.env.KRUISE_TS_LOG_LEVEL as 'info') ?? 'warn',
});

function settings(overrides: Partial<CertManagerSettings> = {}): CertManagerSettings {
  const base = settingsFromEnv({
    POD_NAMESPACE: namespace,
    KUBECONFIG: cluster.kubeconfigPath,
    KRUISE_TS_NATS_URL: cluster.natsUrl,
    KRUISE_TS_BUS_PREFIX: busPrefix,
    KRUISE_TS_HTTP_PORT: '0',
    RESYNC_PERIOD: '3s',
    CA_TRUST_DELAY: '1s',
    CA_OVERLAP: '2s',
    LEASE_DURATION: '3s',
    LEASE_RENEW_DEADLINE: '2s',
    LEASE_RETRY_PERIOD: '500ms',
  });
  return {
    ...base,
    secretName: `certs-${run}`,
    mutatingConfigName: `cm-e2e-${run}`,
    validatingConfigName: `cm-e2e-${run}`,
    // Only CRDs this test owns (none): shared-cluster CRDs are left alone.
    crdNames: [],
    ...overrides,
  };
}

async function start(overrides: Partial<CertManagerSettings> = {}): Promise<CertManagerService> {
  const service = await startCertManager(settings(overrides), { logger });
  started.push(service);
  return service;
}

// Harmless configurations: failurePolicy Ignore, and a selector no namespace has.
const dummyWebhook = (name: string) => ({
  name,
  clientConfig: { url: 'https://127.0.0.1:1/nowhere' },
  admissionReviewVersions: ['v1'],
  sideEffects: 'None',
  failurePolicy: 'Ignore',
  namespaceSelector: { matchLabels: { [`cm-e2e-${run}`]: 'never' } },
  rules: [
    {
      apiGroups: ['apps.kruise.io'],
      apiVersions: ['v1beta1'],
      resources: ['nothing'],
      operations: ['CREATE'],
    },
  ],
});

async function secretData(name = `certs-${run}`) {
  const secret = await core.readNamespacedSecret({ name, namespace });
  return { secret, data: decodeSecretData(secret.data) };
}

async function configBundles(): Promise<string[]> {
  const m = await admission.readMutatingWebhookConfiguration({ name: `cm-e2e-${run}` });
  const v = await admission.readValidatingWebhookConfiguration({ name: `cm-e2e-${run}` });
  return [...(m.webhooks ?? []), ...(v.webhooks ?? [])].map((w) =>
    Buffer.from(w.clientConfig.caBundle ?? '', 'base64').toString(),
  );
}

before(async () => {
  cluster = await acquireCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  admission = kc.makeApiClient(AdmissionregistrationV1Api);
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  await admission.createMutatingWebhookConfiguration({
    body: {
      metadata: { name: `cm-e2e-${run}` },
      webhooks: [dummyWebhook('a.cm-e2e.kb.io'), dummyWebhook('b.cm-e2e.kb.io')],
    },
  });
  await admission.createValidatingWebhookConfiguration({
    body: { metadata: { name: `cm-e2e-${run}` }, webhooks: [dummyWebhook('c.cm-e2e.kb.io')] },
  });
});

after(async () => {
  for (const s of started) await s.stop();
  await admission.deleteMutatingWebhookConfiguration({ name: `cm-e2e-${run}` }).catch(() => {});
  await admission.deleteValidatingWebhookConfiguration({ name: `cm-e2e-${run}` }).catch(() => {});
  await core.deleteNamespace({ name: namespace }).catch(() => {});
  await cluster.release();
});

describe('cert-manager on a real cluster', () => {
  let first: CertManagerService;

  it('creates the Secret with Kruise’s keys and injects the CA into every webhook', async () => {
    first = await start();
    const { data } = await eventually('the Secret', () => secretData(), { timeoutMs: 20_000 });
    for (const key of ['ca-cert.pem', 'ca-key.pem', 'cert.pem', 'key.pem', 'tls.crt', 'tls.key'])
      assert.ok(data[key], key);
    const ca = fingerprintSha256(data['ca-cert.pem']!);
    await eventually('caBundle in all three webhooks', async () => {
      const bundles = await configBundles();
      return bundles.length === 3 && bundles.every((b) => bundleFingerprints(b).join() === ca);
    });
    const health = await fetch(`http://127.0.0.1:${first.healthPort}/readyz`);
    assert.equal(health.status, 200);
    const metrics = await (await fetch(`http://127.0.0.1:${first.healthPort}/metrics`)).text();
    assert.match(metrics, /kruise_cert_manager_leader\{service="cert-manager"\} 1/);
  });

  it('restores a caBundle that someone reset, within seconds', async () => {
    const { data } = await secretData();
    await admission.patchMutatingWebhookConfiguration(
      {
        name: `cm-e2e-${run}`,
        body: [{ op: 'replace', path: '/webhooks/0/clientConfig/caBundle', value: 'Cg==' }],
      },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    );
    const t0 = Date.now();
    await eventually(
      'caBundle restored',
      async () =>
        (await configBundles()).every(
          (b) => bundleFingerprints(b).join() === fingerprintSha256(data['ca-cert.pem']!),
        ),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    assert.ok(Date.now() - t0 < 5_000, `restored after ${Date.now() - t0} ms`);
  });

  it('a second instance stands by; it reuses the valid Secret when the first stops and hands over the lease', async () => {
    const before = await secretData();
    const second = await start();
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(first.isLeader(), true);
    assert.equal(second.isLeader(), false);
    await first.stop();
    await eventually('the standby leads', async () => second.isLeader(), { timeoutMs: 10_000 });
    const lease = await kc
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: 'kruise-ts-cert-manager', namespace });
    assert.ok(lease.spec?.holderIdentity);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await secretData();
    assert.equal(
      after.data['cert.pem'],
      before.data['cert.pem'],
      'a valid certificate is reused, not regenerated',
    );
    first = second;
  });

  it('a forced rotation goes old → old+new → new+old → new, and announces the new certificate on the bus', async () => {
    const bus = await connectBus({
      servers: cluster.natsUrl,
      topology: topology({ prefix: busPrefix, partitions: 16 }),
      publisherId: 'cm-e2e-listener',
    });
    try {
      const consumer = await bus.js.consumers.get(bus.topology.events.stream, {
        filter_subjects: eventFilterSubjects(bus.topology, { types: ['CertificateRotated'] }),
        deliver_policy: DeliverPolicy.New,
      });
      const { data: before } = await secretData();
      const oldCa = fingerprintSha256(before['ca-cert.pem']!);
      const seen = new Set<string>();
      const watchBundles = setInterval(async () => {
        try {
          for (const b of await configBundles()) seen.add(bundleFingerprints(b).join('+'));
        } catch {}
      }, 100);
      await core.patchNamespacedSecret(
        {
          name: `certs-${run}`,
          namespace,
          body: { metadata: { annotations: { 'certs.kruise-ts.io/force-rotation': `t-${Date.now()}` } } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      const message = await consumer.next({ expires: 15_000 });
      assert.ok(message, 'a CertificateRotated event');
      const decoded = decodeDomainEvent('CertificateRotated', message.data);
      assert.equal(decoded.type, 'CertificateRotated');
      const rotated = decoded.event as {
        secret?: { name?: string };
        caFingerprintSha256: string;
        dnsNames: string[];
      };
      assert.equal(rotated.secret?.name, `certs-${run}`);
      assert.ok(rotated.dnsNames.includes('127.0.0.1'));
      const { data: during } = await secretData();
      const newCa = fingerprintSha256(during['ca-cert.pem']!);
      assert.notEqual(newCa, oldCa);
      assert.equal(rotated.caFingerprintSha256, newCa);
      await eventually('the old CA dropped', async () => {
        const { data } = await secretData();
        return bundleFingerprints(data['ca-bundle.pem'] ?? '').join() === newCa;
      });
      await eventually('configs carry only the new CA', async () =>
        (await configBundles()).every((b) => bundleFingerprints(b).join() === newCa),
      );
      clearInterval(watchBundles);
      assert.ok(
        seen.has(`${oldCa}+${newCa}`) || seen.has(`${newCa}+${oldCa}`),
        `overlap observed: ${[...seen].join(' | ')}`,
      );
    } finally {
      await bus.close();
    }
  });

  it('regenerates a deleted Secret, keeping the CA it replaces trusted for the overlap window', async () => {
    const { data: before } = await secretData();
    await core.deleteNamespacedSecret({ name: `certs-${run}`, namespace });
    const { data } = await eventually('a new Secret', () => secretData(), { timeoutMs: 15_000 });
    assert.notEqual(data['ca-cert.pem'], before['ca-cert.pem']);
    assert.equal(bundleFingerprints(data['ca-bundle.pem'] ?? '').length, 2);
  });

  it('with external certificates it injects the given ca.crt and never writes the Secret', async () => {
    await first.stop();
    const ca = await createCertificateAuthority();
    const serving = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
    const name = `external-${run}`;
    const created = await core.createNamespacedSecret({
      namespace,
      body: {
        metadata: { name },
        data: encodeSecretData({
          'ca.crt': ca.certPem,
          'tls.crt': serving.certPem,
          'tls.key': serving.keyPem,
        }),
      },
    });
    await start({
      mode: 'external',
      secretName: name,
      lease: { ...settings().lease, name: `external-${run}` },
    });
    await eventually('the external CA injected', async () =>
      (await configBundles()).every((b) => bundleFingerprints(b).join() === fingerprintSha256(ca.certPem)),
    );
    const { secret } = await secretData(name);
    assert.equal(
      secret.metadata?.resourceVersion,
      created.metadata?.resourceVersion,
      'the Secret was not written',
    );
  });
});
