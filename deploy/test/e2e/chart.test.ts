// The Helm chart against the real apiserver: helm lint, `helm template` with default and every-option values
// applied with a server-side dry run (so the apiserver's own validation and admission see every object), and
// values the schema must reject with a message that names the value.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { acquireCluster, type ClusterLease } from '@kruise-ts/devcluster';
import {
  chartDir,
  helm,
  type Kubectl,
  type KubeObject,
  kubectlFor,
  services,
  template,
  templateRaw,
} from '../../src/index.ts';

const everyOption = fileURLToPath(new URL('../fixtures/every-option.values.yaml', import.meta.url));
const crdsDir = fileURLToPath(new URL('../../crds/', import.meta.url));

let cluster: ClusterLease;
let kubectl: Kubectl;
const ns = `kts-chart-${randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await acquireCluster();
  kubectl = kubectlFor(cluster.kubeconfigPath);
  assert.equal(kubectl(['create', 'namespace', ns]).status, 0);
  // The CRDs for real (as generated, conversion None, only where missing: the cluster may be shared with
  // suites that installed them), so custom resources and the chart's CRD changes are validated against them.
  for (const file of readdirSync(crdsDir).filter((f) => f.endsWith('.yaml'))) {
    const name = file.replace(/^apps\.kruise\.io_(.*)\.yaml$/, '$1.apps.kruise.io');
    if (kubectl(['get', 'crd', name]).status !== 0) {
      const r = kubectl(['create', '-f', join(crdsDir, file)]);
      assert.ok(r.status === 0 || /AlreadyExists/.test(r.stderr), r.stderr);
    }
  }
  const waited = kubectl(['wait', '--for=condition=Established', '--timeout=60s', 'crd', '--all']);
  assert.equal(waited.status, 0, waited.stderr);
});

after(async () => {
  kubectl?.(['delete', 'namespace', ns, '--wait=false']);
  await cluster?.release();
});

const byKind = (objects: readonly KubeObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: readonly KubeObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  assert.ok(found, `${kind} ${name} rendered`);
  return found;
};

interface Container {
  name: string;
  image: string;
  env: { name: string; value?: string }[];
  livenessProbe: { httpGet: { path: string } };
  readinessProbe: { httpGet: { path: string } };
  securityContext: Record<string, unknown>;
}
interface PodSpec {
  serviceAccountName: string;
  securityContext: Record<string, unknown>;
  containers: Container[];
  topologySpreadConstraints?: { topologyKey: string }[];
}
const podSpec = (d: KubeObject) => (d.spec as { template: { spec: PodSpec } }).template.spec;
const envOf = (d: KubeObject) =>
  Object.fromEntries(
    podSpec(d)
      .containers[0]!.env.filter((e) => e.value !== undefined)
      .map((e) => [e.name, e.value]),
  );

interface Webhook {
  name: string;
  failurePolicy: string;
  timeoutSeconds: number;
  clientConfig: { service: { namespace: string; name: string; port: number }; url?: string };
  namespaceSelector: { matchExpressions: { key: string; operator: string; values?: string[] }[] };
}
const webhooksOf = (o: KubeObject) => o.webhooks as Webhook[];

describe('helm chart deploy/chart', () => {
  test('helm lint --strict passes with default and with every-option values', () => {
    for (const args of [[], ['--values', everyOption]]) {
      const r = helm(['lint', '--strict', chartDir, ...args]);
      assert.equal(r.status, 0, `helm lint ${args.join(' ')}:\n${r.stdout}${r.stderr}`);
    }
  });

  test('default values: every service, CRDs converting through the webhook Service, and the apiserver accepts it all (server-side dry run)', () => {
    const objects = template({ release: 'kruise-ts', namespace: ns });
    const deployments = byKind(objects, 'Deployment');
    assert.deepEqual(
      deployments.map((d) => d.metadata.name).sort(),
      services.map((n) => `kruise-ts-${n}`).sort(),
    );
    for (const d of deployments) {
      const spec = podSpec(d);
      const c = spec.containers[0]!;
      assert.equal(spec.serviceAccountName, d.metadata.name);
      assert.deepEqual(spec.securityContext.runAsNonRoot, true);
      assert.deepEqual(c.securityContext, {
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      });
      assert.equal(c.livenessProbe.httpGet.path, '/healthz');
      assert.equal(c.readinessProbe.httpGet.path, '/readyz');
      assert.equal(spec.topologySpreadConstraints?.[0]?.topologyKey, 'kubernetes.io/hostname');
      const env = envOf(d);
      assert.equal(env.KRUISE_TS_HTTP_HOST, '0.0.0.0', `${d.metadata.name} listens beyond loopback`);
      assert.equal(env.KRUISE_TS_NATS_URL, `nats://kruise-ts-nats.${ns}.svc:4222`);
      assert.equal(env.KRUISE_TS_PARTITIONS, '16');
      assert.equal(env.KRUISE_TS_STREAM_REPLICAS, '3');
      assert.equal(env.KRUISE_TS_OBJECT_STORAGE, 'memory');
      assert.equal(env.OTEL_SDK_DISABLED, 'true');
      const service = d.metadata.name.replace(/^kruise-ts-/, '');
      assert.equal(env.KRUISE_TS_NATS_USER, service, 'its own NATS identity');
      assert.equal(env.KRUISE_TS_NATS_PASSWORD_FILE, '/var/run/kruise-ts/nats/password');
      assert.equal(env.KRUISE_TS_NATS_INBOX_PREFIX, `_INBOX.${service}`);
    }
    const natsUsers = named(objects, 'Secret', 'kruise-ts-nats-auth');
    assert.deepEqual(Object.keys(natsUsers.data as object).sort(), [...services].sort());
    assert.equal(
      envOf(named(objects, 'Deployment', 'kruise-ts-webhook-server')).WEBHOOK_BIND_HOST,
      '0.0.0.0',
    );
    assert.equal(byKind(objects, 'PodDisruptionBudget').length, services.length + 1);

    const crds = byKind(objects, 'CustomResourceDefinition');
    assert.equal(crds.length, 5);
    for (const crd of crds) {
      const conversion = (crd.spec as { conversion: { strategy: string; webhook: Webhook } }).conversion;
      assert.equal(conversion.strategy, 'Webhook');
      assert.deepEqual(conversion.webhook.clientConfig.service, {
        namespace: ns,
        name: 'kruise-webhook-service',
        path: '/convert',
        port: 443,
      });
    }
    for (const config of [
      named(objects, 'MutatingWebhookConfiguration', 'kruise-mutating-webhook-configuration'),
      named(objects, 'ValidatingWebhookConfiguration', 'kruise-validating-webhook-configuration'),
    ]) {
      for (const w of webhooksOf(config)) {
        assert.equal(w.failurePolicy, 'Fail');
        assert.equal(w.clientConfig.service.namespace, ns);
        const excluded = w.namespaceSelector.matchExpressions.find(
          (e) => e.key === 'kubernetes.io/metadata.name',
        );
        assert.ok(excluded?.values?.includes('kube-system') && excluded.values.includes(ns), w.name);
      }
    }
    const nats = named(objects, 'StatefulSet', 'kruise-ts-nats');
    assert.equal((nats.spec as { replicas: number }).replicas, 3);
    const conf =
      (named(objects, 'ConfigMap', 'kruise-ts-nats').data as Record<string, string>)['nats.conf'] ?? '';
    assert.match(conf, /jetstream \{/);
    assert.equal(conf.match(/nats:\/\/kruise-ts-nats-\d\./g)?.length, 3, 'three cluster routes');

    kubectl.apply(objects, { dryRun: true });
  });

  test('every-option values render as set, with bundled and with external NATS, and the apiserver accepts them', () => {
    const objects = template({ release: 'kts', namespace: ns, valuesFiles: [everyOption] });
    assert.ok(!objects.some((o) => o.metadata.name === 'kts-advancedcronjob-controller'), 'disabled service');
    assert.equal(byKind(objects, 'StatefulSet').length, 0, 'external NATS: none bundled');
    const clone = named(objects, 'Deployment', 'kts-cloneset-controller');
    assert.equal(
      podSpec(clone).containers[0]!.image,
      'registry.example.com/kruise-ts/cloneset-controller:0.2.0',
    );
    const env = envOf(clone);
    assert.equal(env.KRUISE_TS_NATS_URL, 'nats://nats-0.messaging.svc:4222,nats://nats-1.messaging.svc:4222');
    assert.equal(env.KRUISE_TS_WORKERS, '8');
    assert.equal(env.KRUISE_TS_HTTP_PORT, '9090');
    assert.equal(env.KRUISE_TS_LOG_LEVEL, 'debug');
    assert.equal(env.KRUISE_TS_BUS_PREFIX, 'kruise-prod');
    assert.equal(env.KRUISE_TS_FEATURE_GATES, 'CloneSetShortHash=true,PreparingUpdateAsUpdate=false');
    assert.equal(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'http://otel-collector.observability.svc:4318');
    assert.equal(env.KRUISE_TS_CONTAINER_LAUNCH_PRIORITY, undefined, 'only the two services that act on it');
    assert.equal(
      envOf(named(objects, 'Deployment', 'kts-sidecarset-controller')).KRUISE_TS_CONTAINER_LAUNCH_PRIORITY,
      'true',
    );
    assert.equal(
      envOf(named(objects, 'Deployment', 'kts-webhook-server')).KRUISE_TS_CONTAINER_LAUNCH_PRIORITY,
      'true',
    );
    assert.equal(env.KRUISE_TS_NATS_TLS_CA_FILE, '/var/run/kruise-ts/nats-tls/ca.crt');
    assert.equal(byKind(objects, 'Secret').length, 0, 'existing NATS users Secret: none generated');
    assert.equal(
      podSpec(named(objects, 'Deployment', 'kts-cert-manager')).topologySpreadConstraints,
      undefined,
    );
    assert.equal(podSpec(clone).topologySpreadConstraints?.[0]?.topologyKey, 'topology.kubernetes.io/zone');
    assert.ok(
      !objects.some(
        (o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === 'kts-sidecarset-controller',
      ),
    );
    const watcher = named(objects, 'Deployment', 'kts-watcher');
    assert.equal(podSpec(watcher).containers[0]!.image, 'registry.example.com/custom/watcher:0.1.1');
    assert.equal(envOf(watcher).KRUISE_TS_WATCHER_PAGE_SIZE, '250');
    const mutating = webhooksOf(named(objects, 'MutatingWebhookConfiguration', 'kts-mutating'));
    assert.equal(mutating.find((w) => w.name === 'mpod.kb.io')?.failurePolicy, 'Ignore');
    assert.equal(mutating.find((w) => w.name === 'mcloneset.kb.io')?.failurePolicy, 'Fail');
    assert.ok(mutating.every((w) => w.timeoutSeconds === 5 && w.clientConfig.service.name === 'kts-webhook'));
    const validating = webhooksOf(named(objects, 'ValidatingWebhookConfiguration', 'kts-validating'));
    assert.equal(validating.find((w) => w.name === 'vcloneset.kb.io')?.failurePolicy, 'Ignore');
    const pod = mutating.find((w) => w.name === 'mpod.kb.io');
    const excluded = pod?.namespaceSelector.matchExpressions.find(
      (e) => e.key === 'kubernetes.io/metadata.name',
    );
    assert.ok(excluded?.values?.includes('istio-system'));
    kubectl.apply(objects, { dryRun: true });

    const bundled = template({
      release: 'kts',
      namespace: ns,
      valuesFiles: [everyOption],
      set: { 'nats.mode': 'bundled' },
    });
    const nats = named(bundled, 'StatefulSet', 'kts-nats');
    assert.equal((nats.spec as { replicas: number }).replicas, 5);
    kubectl.apply(bundled, { dryRun: true });
  });

  test("URL mode (webhook.url), bind host and per-service ports: as the launcher's chart mode renders them", () => {
    const objects = template({
      release: 'kts',
      namespace: ns,
      set: {
        'webhook.url': 'https://127.0.0.1:9443',
        'webhook.bindHost': '127.0.0.1',
        'http.host': '127.0.0.1',
        'services.watcher.httpPort': '18080',
      },
    });
    assert.ok(!objects.some((o) => o.kind === 'Service' && o.metadata.name === 'kruise-webhook-service'));
    for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']) {
      for (const config of byKind(objects, kind)) {
        for (const w of webhooksOf(config)) {
          assert.match(w.clientConfig.url ?? '', /^https:\/\/127\.0\.0\.1:9443\/(mutate|validate)-/, w.name);
          assert.equal(w.clientConfig.service, undefined, w.name);
        }
      }
    }
    for (const crd of byKind(objects, 'CustomResourceDefinition')) {
      const conversion = (crd.spec as { conversion: { webhook: { clientConfig: { url?: string } } } })
        .conversion;
      assert.equal(conversion.webhook.clientConfig.url, 'https://127.0.0.1:9443/convert', crd.metadata.name);
    }
    assert.equal(envOf(named(objects, 'Deployment', 'kts-webhook-server')).WEBHOOK_BIND_HOST, '127.0.0.1');
    const watcher = named(objects, 'Deployment', 'kts-watcher');
    assert.equal(envOf(watcher).KRUISE_TS_HTTP_PORT, '18080');
    assert.equal(envOf(named(objects, 'Deployment', 'kts-cloneset-controller')).KRUISE_TS_HTTP_PORT, '8080');
    kubectl.apply(objects, { dryRun: true });
  });

  test('bad values are rejected with a message that names the value', () => {
    const cases: { set: Record<string, string>; message: RegExp }[] = [
      { set: { partitions: '0' }, message: /partitions.*(minimum|must be >=)/s },
      { set: { 'webhook.failurePolicy.default': 'Sometimes' }, message: /failurePolicy.*(Fail|enum)/s },
      { set: { 'webhook.failurePolicy.byWebhook.mpod\\.kb\\.io': 'Never' }, message: /mpod\.kb\.io/ },
      { set: { 'nats.mode': 'external' }, message: /url/ },
      { set: { busPrefix: 'a.b' }, message: /busPrefix/ },
      { set: { 'services.watcher.replica': '2' }, message: /replica/ },
      { set: { 'webhook.timeoutSeconds': '60' }, message: /timeoutSeconds/ },
      { set: { 'webhook.url': 'http://127.0.0.1:9443' }, message: /webhook\/url/ },
      {
        set: { 'nats.streamReplicas': '5' },
        message: /nats.streamReplicas \(5\) cannot exceed nats.bundled.replicas \(3\)/,
      },
    ];
    for (const c of cases) {
      const r = templateRaw({ namespace: ns, set: c.set });
      assert.notEqual(r.status, 0, `${JSON.stringify(c.set)} must be rejected`);
      assert.match(r.stderr, c.message, `${JSON.stringify(c.set)}: ${r.stderr}`);
    }
  });
});
