// CRD conversion through the apiserver (the CRDs patched to `strategy: Webhook` in URL mode for the duration
// of this file, caBundle kept by cert-manager): every kind written at one version reads back at the other with
// its fields, both ways; the v1beta1-only fields survive a v1alpha1 round trip.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCertificateAuthority } from '@kruise-ts/certs';
import { eventually } from '@kruise-ts/devcluster';
import { ApiextensionsV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { crdNames, type E2eEnv, startE2eEnv } from '../support/env.ts';
import { fixtures } from '../support/fixtures.ts';

let env: E2eEnv;
let ns: string;
before(async () => {
  env = await startE2eEnv({ manageCrds: true });
  ns = await env.namespace();
});
after(() => env?.cleanup());

type Obj = { apiVersion: string; metadata: Record<string, unknown>; spec: Record<string, unknown> };

function api(f: (typeof fixtures)[number], version: string) {
  const base = { group: 'apps.kruise.io', version, plural: f.plural };
  return {
    create: (body: object) =>
      f.namespaced
        ? env.custom.createNamespacedCustomObject({ ...base, namespace: ns, body })
        : env.custom.createClusterCustomObject({ ...base, body }),
    get: (name: string) =>
      (f.namespaced
        ? env.custom.getNamespacedCustomObject({ ...base, namespace: ns, name })
        : env.custom.getClusterCustomObject({ ...base, name })) as Promise<Obj>,
  };
}

function labelled(body: Record<string, unknown>): Record<string, unknown> {
  (body.metadata as Record<string, unknown>).labels = { [env.scope.key]: env.scope.value };
  return body;
}

after(async () => {
  for (const f of fixtures.filter((x) => !x.namespaced)) {
    for (const n of ['a', 'b', 'x']) {
      await env.custom
        .deleteClusterCustomObject({
          group: 'apps.kruise.io',
          version: 'v1beta1',
          plural: f.plural,
          name: `conv-${n}-${env.run}`,
        })
        .catch(() => {});
    }
  }
});

describe('conversion webhook through the apiserver', () => {
  for (const f of fixtures) {
    it(`${f.kind}: written as v1alpha1, read as v1beta1 and back unchanged`, async () => {
      const name = `conv-a-${env.run}`;
      const created = (await api(f, 'v1alpha1').create(labelled(f.valid(name, 'v1alpha1')))) as Obj;
      const beta = await api(f, 'v1beta1').get(name);
      assert.equal(beta.apiVersion, 'apps.kruise.io/v1beta1');
      const alpha = await api(f, 'v1alpha1').get(name);
      assert.equal(alpha.apiVersion, 'apps.kruise.io/v1alpha1');
      assert.deepEqual(alpha.spec, created.spec);
    });

    it(`${f.kind}: written as v1beta1, read as v1alpha1 and back unchanged`, async () => {
      const name = `conv-b-${env.run}`;
      const created = (await api(f, 'v1beta1').create(labelled(f.valid(name, 'v1beta1')))) as Obj;
      const alpha = await api(f, 'v1alpha1').get(name);
      assert.equal(alpha.apiVersion, 'apps.kruise.io/v1alpha1');
      const beta = await api(f, 'v1beta1').get(name);
      assert.deepEqual(beta.spec, created.spec);
    });
  }

  it('CloneSet: v1alpha1 InPlaceIfPossible/partition reads as v1beta1 RollingUpdate + podUpdatePolicy (docs/behaviour/cloneset.md#v1beta1-and-conversion)', async () => {
    const f = fixtures[0]!;
    const name = `conv-x-${env.run}`;
    const body = f.valid(name, 'v1alpha1');
    body.spec = {
      ...(body.spec as object),
      updateStrategy: { type: 'InPlaceIfPossible', partition: 1, maxUnavailable: 2 },
    };
    await api(f, 'v1alpha1').create(body);
    const beta = await api(f, 'v1beta1').get(name);
    const strategy = beta.spec.updateStrategy as { type: string; rollingUpdate: Record<string, unknown> };
    assert.equal(strategy.type, 'RollingUpdate');
    assert.equal(strategy.rollingUpdate.podUpdatePolicy, 'InPlaceIfPossible');
    assert.equal(strategy.rollingUpdate.partition, 1);
    assert.equal(strategy.rollingUpdate.maxUnavailable, 2);
  });

  it('StatefulSet: a v1beta1-only field survives an update made through v1alpha1', async () => {
    const f = fixtures[1]!;
    const name = `conv-y-${env.run}`;
    const body = f.valid(name, 'v1beta1');
    body.spec = { ...(body.spec as object), reserveOrdinals: [1] };
    await api(f, 'v1beta1').create(body);
    const alpha = await api(f, 'v1alpha1').get(name);
    alpha.spec.replicas = 3;
    await env.custom.replaceNamespacedCustomObject({
      group: 'apps.kruise.io',
      version: 'v1alpha1',
      namespace: ns,
      plural: f.plural,
      name,
      body: alpha,
    });
    const beta = await api(f, 'v1beta1').get(name);
    assert.equal(beta.spec.replicas, 3);
    assert.deepEqual(beta.spec.reserveOrdinals, [1]);
  });

  it('a CRD caBundle reset to a foreign CA is restored by cert-manager and conversion works again', async () => {
    const ext = env.kc.makeApiClient(ApiextensionsV1Api);
    const name = crdNames[0]!;
    // The apiserver refuses a caBundle that is not PEM; a stale chart value is a valid but wrong CA.
    const foreign = Buffer.from((await createCertificateAuthority()).certPem).toString('base64');
    await ext.patchCustomResourceDefinition(
      { name, body: { spec: { conversion: { webhook: { clientConfig: { caBundle: foreign } } } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    // First cert-manager puts the right bundle back (reads may briefly still succeed on the apiserver's previous
    // config, so they alone prove nothing), then conversion must work with it.
    await eventually(
      'caBundle restored by cert-manager',
      async () => {
        const crd = await ext.readCustomResourceDefinition({ name });
        const bundle = crd.spec.conversion?.webhook?.clientConfig?.caBundle;
        return bundle !== undefined && bundle !== foreign;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    await eventually(
      'v1alpha1 reads work again',
      async () =>
        (await api(fixtures[0]!, 'v1alpha1').get(`conv-a-${env.run}`)).apiVersion ===
        'apps.kruise.io/v1alpha1',
      { timeoutMs: 20_000, intervalMs: 250 },
    );
  });
});
