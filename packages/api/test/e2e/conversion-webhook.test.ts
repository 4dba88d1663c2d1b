// The CRDs with webhook conversion (buildCrdsWithConversionWebhook) against the real apiserver, served by a
// minimal in-test conversion webhook around convertObject: objects written at one version and read at the other
// keep the fields only their version has. The CRDs are copies under a test group, so the real apps.kruise.io
// CRDs other suites use are never switched to a webhook that stops with this file.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createCertificateAuthority, issueServingCertificate } from '@kruise-ts/certs';
import { acquireCluster, type ClusterLease, eventually, requestJson } from '@kruise-ts/devcluster';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { buildCrdsWithConversionWebhook } from '../../src/crd.ts';
import { convertObject, type KruiseObject, stashAnnotation } from '../../src/index.ts';

const testGroup = 'e2e.kruise-ts.dev';
const realGroup = 'apps.kruise.io';
const suffix = randomBytes(3).toString('hex');
const ns = `api-convert-${suffix}`;
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

let cluster: ClusterLease;
let kc: KubeConfig;
let custom: CustomObjectsApi;
let core: CoreV1Api;
let server: Server;
let calls = 0;
const crdNames: string[] = [];

type Json = Record<string, unknown>;
const regroup = (obj: Json, from: string, to: string): Json => ({
  ...obj,
  apiVersion: String(obj.apiVersion).replace(`${from}/`, `${to}/`),
});

/** ConversionReview (apiextensions.k8s.io/v1) handling around convertObject, test group ⇄ apps.kruise.io. */
function review(body: Json): Json {
  const request = body.request as { uid: string; desiredAPIVersion: string; objects: Json[] };
  try {
    const desired = request.desiredAPIVersion.replace(`${testGroup}/`, `${realGroup}/`);
    const convertedObjects = request.objects.map((o) =>
      regroup(
        convertObject(regroup(o, testGroup, realGroup) as KruiseObject, desired) as Json,
        realGroup,
        testGroup,
      ),
    );
    return { uid: request.uid, result: { status: 'Success' }, convertedObjects };
  } catch (err) {
    return { uid: request.uid, result: { status: 'Failure', message: (err as Error).message } };
  }
}

before(async () => {
  cluster = await acquireCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  custom = kc.makeApiClient(CustomObjectsApi);
  core = kc.makeApiClient(CoreV1Api);
  const ca = await createCertificateAuthority({ commonName: 'kruise-ts-api-e2e-ca' });
  const cert = await issueServingCertificate(ca, { hosts: ['127.0.0.1'] });
  server = createServer({ cert: cert.certPem, key: cert.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ apiVersion: body.apiVersion, kind: 'ConversionReview', response: review(body) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const crds = buildCrdsWithConversionWebhook({
    url: `https://127.0.0.1:${port}/convert`,
    caBundle: Buffer.from(ca.certPem).toString('base64'),
  });
  for (const crd of crds) {
    const name = `${crd.spec.names.plural}.${testGroup}`;
    const body = { ...crd, metadata: { name }, spec: { ...crd.spec, group: testGroup } };
    const res = await requestJson(
      kc,
      'POST',
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
      body,
    );
    assert.ok(res.status === 201 || res.status === 409, JSON.stringify(res.body));
    crdNames.push(name);
  }
  for (const name of crdNames) {
    await eventually(`${name} Established`, async () => {
      const got = (
        await requestJson(kc, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`)
      ).body as {
        status?: { conditions?: { type: string; status: string }[] };
      };
      return got.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
    });
  }
  await core.createNamespace({ body: { metadata: { name: ns } } });
});

after(async () => {
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  for (const name of crdNames) {
    await requestJson(kc, 'DELETE', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`).catch(
      () => {},
    );
  }
  await new Promise((resolve) => server?.close(resolve));
  await cluster?.release();
});

const template = {
  metadata: { labels: { app: 'cs' } },
  spec: { containers: [{ name: 'main', image: 'nginx:1.22-alpine' }] },
};

async function read(
  plural: string,
  version: string,
  name: string,
  clusterScoped = false,
): Promise<Json & { spec: Json; metadata: Json }> {
  const base = { group: testGroup, version, plural, name };
  return (
    clusterScoped
      ? await custom.getClusterCustomObject(base)
      : await custom.getNamespacedCustomObject({ ...base, namespace: ns })
  ) as Json & { spec: Json; metadata: Json };
}

describe('webhook conversion with the generated CRDs', () => {
  test('a v1alpha1 OnDelete CloneSet keeps its partition through v1beta1 storage and a v1beta1 update', async () => {
    const spec = {
      replicas: 3,
      selector: { matchLabels: { app: 'cs' } },
      template,
      updateStrategy: { type: 'OnDelete', partition: 2, maxUnavailable: '50%' },
    };
    await custom.createNamespacedCustomObject({
      group: testGroup,
      version: 'v1alpha1',
      namespace: ns,
      plural: 'clonesets',
      body: { apiVersion: `${testGroup}/v1alpha1`, kind: 'CloneSet', metadata: { name: 'ondelete' }, spec },
    });
    const hub = await read('clonesets', 'v1beta1', 'ondelete');
    assert.deepEqual(hub.spec.updateStrategy, { type: 'OnDelete' });
    assert.ok(
      (hub.metadata.annotations as Json)[stashAnnotation('v1alpha1')],
      'v1alpha1-only fields are stashed',
    );
    await custom.patchNamespacedCustomObject(
      {
        group: testGroup,
        version: 'v1beta1',
        namespace: ns,
        plural: 'clonesets',
        name: 'ondelete',
        body: { spec: { replicas: 5 } },
      },
      mergePatch,
    );
    const alpha = await read('clonesets', 'v1alpha1', 'ondelete');
    assert.deepEqual(alpha.spec, { ...spec, replicas: 5 });
    assert.equal(alpha.metadata.annotations, undefined, 'no bookkeeping left on the v1alpha1 object');
    assert.ok(calls > 0, 'the apiserver called the conversion webhook');
  });

  test('the scale subresource works at v1alpha1 through conversion', async () => {
    await custom.patchNamespacedCustomObjectScale(
      {
        group: testGroup,
        version: 'v1alpha1',
        namespace: ns,
        plural: 'clonesets',
        name: 'ondelete',
        body: { spec: { replicas: 1 } },
      },
      mergePatch,
    );
    assert.equal((await read('clonesets', 'v1beta1', 'ondelete')).spec.replicas, 1);
  });

  test('an AdvancedCronJob imageListPullJobTemplate survives an update made through v1alpha1', async () => {
    const pull = { spec: { images: ['nginx:1.22-alpine'], completionPolicy: { type: 'Always' } } };
    await custom.createNamespacedCustomObject({
      group: testGroup,
      version: 'v1beta1',
      namespace: ns,
      plural: 'advancedcronjobs',
      body: {
        apiVersion: `${testGroup}/v1beta1`,
        kind: 'AdvancedCronJob',
        metadata: { name: 'pull' },
        spec: {
          schedule: '@hourly',
          concurrencyPolicy: 'Replace',
          template: { imageListPullJobTemplate: pull },
        },
      },
    });
    const alpha = await read('advancedcronjobs', 'v1alpha1', 'pull');
    assert.deepEqual(alpha.spec.template, {});
    await custom.replaceNamespacedCustomObject({
      group: testGroup,
      version: 'v1alpha1',
      namespace: ns,
      plural: 'advancedcronjobs',
      name: 'pull',
      body: { ...alpha, spec: { ...alpha.spec, schedule: '@daily' } },
    });
    const hub = await read('advancedcronjobs', 'v1beta1', 'pull');
    assert.equal(hub.spec.schedule, '@daily');
    assert.deepEqual((hub.spec.template as Json).imageListPullJobTemplate, pull);
  });

  test('a v1alpha1 SidecarSet keeps spec.namespace and its custom-version label', async () => {
    const name = `scs-${suffix}`;
    const spec = {
      namespace: 'team-a',
      selector: { matchLabels: { app: 'nginx' } },
      containers: [{ name: 'sidecar1', image: 'centos:6.7' }],
    };
    const labels = { 'apps.kruise.io/sidecarset-custom-version': 'v2' };
    await custom.createClusterCustomObject({
      group: testGroup,
      version: 'v1alpha1',
      plural: 'sidecarsets',
      body: { apiVersion: `${testGroup}/v1alpha1`, kind: 'SidecarSet', metadata: { name, labels }, spec },
    });
    const hub = await read('sidecarsets', 'v1beta1', name, true);
    assert.deepEqual(hub.spec.namespaceSelector, {
      matchLabels: { 'kubernetes.io/metadata.name': 'team-a' },
    });
    assert.equal(hub.spec.customVersion, 'v2');
    const alpha = await read('sidecarsets', 'v1alpha1', name, true);
    assert.deepEqual(alpha.spec, spec);
    assert.deepEqual(alpha.metadata.labels, labels);
    await custom.deleteClusterCustomObject({
      group: testGroup,
      version: 'v1beta1',
      plural: 'sidecarsets',
      name,
    });
  });
});
