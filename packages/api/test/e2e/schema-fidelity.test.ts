// Every field the TypeScript types allow survives the real apiserver: objects generated from the same schemas
// (fast-check, fixed seed) are stored at v1beta1 and read back with nothing pruned. Values the CRD itself defaults
// (e.g. scaleStrategy.enablePVCReuse) may be added, never removed or changed. v1alpha1 objects go the way the
// conversion webhook will send them: converted by kruise-ts to v1beta1 (v1alpha1-only fields in the stash
// annotation), stored, read back, converted back — and must come out as they went in.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { acquireCluster, type ClusterLease, requestJson } from '@kruise-ts/devcluster';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import fc from 'fast-check';
import { buildCrds } from '../../src/crd.ts';
import { convertObject, type KruiseObject, kinds } from '../../src/index.ts';
import * as arb from '../fixtures/arbitraries.ts';

let cluster: ClusterLease;
let kc: KubeConfig;
let custom: CustomObjectsApi;
let core: CoreV1Api;
const suffix = randomBytes(3).toString('hex');
const ns = `api-fidelity-${suffix}`;
const group = 'apps.kruise.io';
const created: { plural: string; version: string; name: string }[] = [];

type Json = Record<string, unknown>;

/** Every value in `sent` is in `got` (objects by key, arrays element-wise); `got` may have more keys. */
function missing(sent: unknown, got: unknown, at = ''): string[] {
  if (typeof sent === 'object' && sent !== null && !Array.isArray(sent)) {
    if (typeof got !== 'object' || got === null || Array.isArray(got))
      return [`${at}: ${JSON.stringify(got)}`];
    return Object.entries(sent).flatMap(([k, v]) => missing(v, (got as Json)[k], `${at}.${k}`));
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(got) || got.length !== sent.length) return [`${at}: ${JSON.stringify(got)}`];
    return sent.flatMap((v, i) => missing(v, got[i], `${at}[${i}]`));
  }
  return sent === got ? [] : [`${at}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`];
}

before(async () => {
  cluster = await acquireCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
  custom = kc.makeApiClient(CustomObjectsApi);
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  const path = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  for (const crd of buildCrds()) {
    const res = await requestJson(kc, 'POST', path, crd);
    if (res.status === 409) {
      const existing = (await requestJson(kc, 'GET', `${path}/${crd.metadata.name}`)).body as {
        metadata: { resourceVersion: string };
      };
      await requestJson(kc, 'PUT', `${path}/${crd.metadata.name}`, {
        ...crd,
        metadata: { ...crd.metadata, resourceVersion: existing.metadata.resourceVersion },
      });
    } else if (res.status !== 201) {
      throw new Error(`installing ${crd.metadata.name}: ${JSON.stringify(res.body)}`);
    }
  }
  // Established is checked by crds.test.ts; here a short wait for discovery is enough.
  await new Promise((r) => setTimeout(r, 2000));
});

after(async () => {
  for (const c of created.filter((c) => c.plural === 'sidecarsets')) {
    await custom
      .deleteClusterCustomObject({ group, version: c.version, plural: c.plural, name: c.name })
      .catch(() => {});
  }
  await core?.deleteNamespace({ name: ns }).catch(() => {});
  await cluster?.release();
});

const generators: [string, string, fc.Arbitrary<unknown>][] = [
  ['CloneSet', 'v1alpha1', arb.cloneSetV1alpha1],
  ['CloneSet', 'v1beta1', arb.cloneSetV1beta1],
  ['StatefulSet', 'v1alpha1', arb.statefulSetV1alpha1],
  ['StatefulSet', 'v1beta1', arb.statefulSetV1beta1],
  ['SidecarSet', 'v1alpha1', arb.sidecarSetV1alpha1],
  ['SidecarSet', 'v1beta1', arb.sidecarSetV1beta1],
  ['BroadcastJob', 'v1alpha1', arb.broadcastJobV1alpha1],
  ['BroadcastJob', 'v1beta1', arb.broadcastJobV1beta1],
  ['AdvancedCronJob', 'v1alpha1', arb.advancedCronJobV1alpha1],
  ['AdvancedCronJob', 'v1beta1', arb.advancedCronJobV1beta1],
];

/** The scale subresource makes the apiserver reject negative spec.replicas; generators may produce -1. */
function storable(sample: unknown, name: string): Json & { metadata: Json; spec: Json } {
  const obj = JSON.parse(JSON.stringify(sample)) as Json & { metadata: Json; spec: Json; status?: unknown };
  obj.metadata = { ...obj.metadata, name };
  delete obj.metadata.uid;
  delete obj.status;
  if (typeof obj.spec.replicas === 'number' && obj.spec.replicas < 0) obj.spec.replicas = 0;
  return obj;
}

describe('the CRD schemas keep every typed field', () => {
  for (const [kind, version, generator] of generators) {
    test(`${kind} ${version}: 15 generated objects survive storage as v1beta1`, async () => {
      const info = kinds.find((k) => k.kind === kind);
      assert.ok(info);
      const namespace = info.scope === 'Cluster' ? undefined : ns;
      const samples = fc.sample(generator, { numRuns: 15, seed: 42 });
      for (const [i, sample] of samples.entries()) {
        const name = `${kind.toLowerCase()}-${version}-${i}-${suffix}`;
        const obj = storable(sample, name);
        obj.metadata.namespace = namespace;
        const hub = (
          version === 'v1beta1' ? obj : convertObject(obj as unknown as KruiseObject, `${group}/v1beta1`)
        ) as Json;
        const base = { group, version: 'v1beta1', plural: info.plural };
        const got = (
          namespace === undefined
            ? await custom.createClusterCustomObject({ ...base, body: hub })
            : await custom.createNamespacedCustomObject({ ...base, namespace, body: hub })
        ) as Json;
        created.push({ plural: info.plural, version: 'v1beta1', name });
        const gotMeta = got.metadata as Json;
        const hubMeta = hub.metadata as Json;
        assert.deepEqual(missing(hub.spec, got.spec, 'spec'), [], `${name} spec`);
        assert.deepEqual(missing(hubMeta.labels ?? {}, gotMeta.labels ?? {}, 'labels'), []);
        assert.deepEqual(missing(hubMeta.annotations ?? {}, gotMeta.annotations ?? {}, 'annotations'), []);
        if (version === 'v1alpha1') {
          const back = convertObject(got as KruiseObject, `${group}/v1alpha1`) as unknown as Json & {
            metadata: Json;
            spec: Json;
          };
          assert.deepEqual(
            missing(obj.spec, back.spec, 'spec'),
            [],
            `${name} read back as v1alpha1: ${JSON.stringify(back)}`,
          );
          // The apiserver drops empty label/annotation maps, as Go's omitempty does.
          assert.deepEqual(
            back.metadata.labels ?? {},
            obj.metadata.labels ?? {},
            'labels read back as v1alpha1',
          );
          assert.deepEqual(
            back.metadata.annotations ?? {},
            obj.metadata.annotations ?? {},
            'annotations read back as v1alpha1',
          );
        }
      }
    });
  }
});
