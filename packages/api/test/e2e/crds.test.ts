// The generated CRDs against the real kube-apiserver: accepted, Established, both versions served, Kruise's
// documentation examples apply unchanged at either version, and the scale subresource works.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease, eventually, requestJson } from '@kruise-ts/devcluster';
import {
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { buildCrds, type CustomResourceDefinition } from '../../src/crd.ts';
import { docExamples } from '../fixtures/examples.ts';

let cluster: ClusterLease;
let kc: KubeConfig;
let ext: ApiextensionsV1Api;
let custom: CustomObjectsApi;
let core: CoreV1Api;
const suffix = randomBytes(3).toString('hex');
const ns = `api-crds-${suffix}`;
const group = 'apps.kruise.io';
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

async function install(crd: CustomResourceDefinition): Promise<void> {
  const path = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  const created = await requestJson(kc, 'POST', path, crd);
  if (created.status === 201) return;
  // Another suite on the shared cluster may have installed it already: replace it with the generated one.
  if (created.status !== 409)
    throw new Error(`creating ${crd.metadata.name}: ${JSON.stringify(created.body)}`);
  const existing = (await requestJson(kc, 'GET', `${path}/${crd.metadata.name}`)).body as {
    metadata: { resourceVersion: string };
  };
  const body = { ...crd, metadata: { ...crd.metadata, resourceVersion: existing.metadata.resourceVersion } };
  const replaced = await requestJson(kc, 'PUT', `${path}/${crd.metadata.name}`, body);
  if (replaced.status !== 200)
    throw new Error(`replacing ${crd.metadata.name}: ${JSON.stringify(replaced.body)}`);
}

before(async () => {
  cluster = await acquireCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  ext = kc.makeApiClient(ApiextensionsV1Api);
  custom = kc.makeApiClient(CustomObjectsApi);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  for (const crd of buildCrds()) await install(crd);
});

after(async () => {
  for (const example of docExamples) {
    if (example.plural !== 'sidecarsets') continue;
    for (const version of ['v1alpha1', 'v1beta1']) {
      await custom
        .deleteClusterCustomObject({
          group,
          version,
          plural: example.plural,
          name: `${example.name}-${version}-${suffix}`,
        })
        .catch(() => {});
    }
  }
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await cluster?.release();
});

describe('generated CRDs on a real apiserver', () => {
  for (const crd of buildCrds()) {
    test(`${crd.metadata.name} is accepted and becomes Established with both versions served`, async () => {
      const established = await eventually(`${crd.metadata.name} Established`, async () => {
        const got = await ext.readCustomResourceDefinition({ name: crd.metadata.name });
        const ok = got.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
        return ok ? got : undefined;
      });
      assert.deepEqual(
        established.spec.versions.map((v) => [v.name, v.served, v.storage]),
        [
          ['v1alpha1', true, false],
          ['v1beta1', true, true],
        ],
      );
      const nonStructural = established.status?.conditions?.find((c) => c.type === 'NonStructuralSchema');
      assert.equal(nonStructural, undefined, nonStructural?.message);
    });
  }

  for (const example of docExamples) {
    for (const version of ['v1alpha1', 'v1beta1'] as const) {
      test(`Kruise's ${example.kind} example applies unchanged at ${version} and is stored as v1beta1`, async () => {
        const name = `${example.name}-${version}-${suffix}`;
        const body = structuredClone(example.object) as { metadata: { name: string }; spec: unknown };
        body.metadata.name = name;
        const base = { group, plural: example.plural };
        const created = (
          example.clusterScoped
            ? await custom.createClusterCustomObject({
                ...base,
                version,
                body: { ...body, apiVersion: `${group}/${version}` },
              })
            : await custom.createNamespacedCustomObject({
                ...base,
                version,
                namespace: ns,
                body: { ...body, apiVersion: `${group}/${version}` },
              })
        ) as { spec: unknown };
        assert.deepEqual(created.spec, body.spec, 'nothing was pruned or defaulted away');
        for (const readVersion of ['v1alpha1', 'v1beta1']) {
          const read = (
            example.clusterScoped
              ? await custom.getClusterCustomObject({ ...base, version: readVersion, name })
              : await custom.getNamespacedCustomObject({ ...base, version: readVersion, namespace: ns, name })
          ) as { apiVersion: string; spec: unknown };
          assert.equal(read.apiVersion, `${group}/${readVersion}`);
          assert.deepEqual(read.spec, body.spec);
        }
        const crd = await ext.readCustomResourceDefinition({ name: `${example.plural}.${group}` });
        assert.deepEqual(crd.status?.storedVersions, ['v1beta1']);
      });
    }
  }

  test('a CloneSet scales through the scale subresource', async () => {
    const example = docExamples.find((e) => e.kind === 'CloneSet');
    assert.ok(example);
    const name = `scaled-${suffix}`;
    const body = structuredClone(example.object) as { metadata: { name: string } };
    body.metadata.name = name;
    await custom.createNamespacedCustomObject({
      group,
      version: 'v1beta1',
      namespace: ns,
      plural: 'clonesets',
      body: { ...body, apiVersion: `${group}/v1beta1` },
    });
    const scale = (await custom.getNamespacedCustomObjectScale({
      group,
      version: 'v1alpha1',
      namespace: ns,
      plural: 'clonesets',
      name,
    })) as { kind: string; spec: { replicas: number } };
    assert.equal(scale.kind, 'Scale');
    assert.equal(scale.spec.replicas, 5);
    await custom.patchNamespacedCustomObjectScale(
      {
        group,
        version: 'v1beta1',
        namespace: ns,
        plural: 'clonesets',
        name,
        body: { spec: { replicas: 2 } },
      },
      mergePatch,
    );
    const after = (await custom.getNamespacedCustomObject({
      group,
      version: 'v1alpha1',
      namespace: ns,
      plural: 'clonesets',
      name,
    })) as { spec: { replicas: number } };
    assert.equal(after.spec.replicas, 2);
  });
});
