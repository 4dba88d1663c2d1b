// Admission through the real apiserver: an invalid object of every kind is rejected with the field path and
// message, defaults are visible after create at both versions, and a reset caBundle is restored by
// cert-manager so that admission works again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { type E2eEnv, startE2eEnv, statusOf } from '../support/env.ts';
import { fixtures } from '../support/fixtures.ts';

let env: E2eEnv;
let ns: string;
before(async () => {
  env = await startE2eEnv();
  ns = await env.namespace();
});
after(() => env?.cleanup());

function create(f: (typeof fixtures)[number], version: string, body: Record<string, unknown>) {
  if (!f.namespaced) {
    // Cluster-scoped objects are scoped to this run by label (objectSelector).
    (body.metadata as Record<string, unknown>).labels = { [env.scope.key]: env.scope.value };
    return env.custom.createClusterCustomObject({ group: 'apps.kruise.io', version, plural: f.plural, body });
  }
  return env.custom.createNamespacedCustomObject({
    group: 'apps.kruise.io',
    version,
    namespace: ns,
    plural: f.plural,
    body,
  });
}

/** Creating `body` at v1beta1 is refused with a 422 whose message matches and whose causes name `field`. */
function refusedAt(
  f: (typeof fixtures)[number],
  body: Record<string, unknown>,
  field: string,
  message: RegExp,
) {
  return assert.rejects(create(f, 'v1beta1', body), (err: unknown) => {
    const status = statusOf(err);
    assert.equal(status.code, 422, JSON.stringify(status));
    assert.match(status.message ?? '', message);
    assert.ok(
      status.details?.causes?.some((c) => c.field === field),
      `causes name ${field}: ${JSON.stringify(status.details)}`,
    );
    return true;
  });
}

function get(f: (typeof fixtures)[number], version: string, name: string) {
  return f.namespaced
    ? env.custom.getNamespacedCustomObject({
        group: 'apps.kruise.io',
        version,
        namespace: ns,
        plural: f.plural,
        name,
      })
    : env.custom.getClusterCustomObject({ group: 'apps.kruise.io', version, plural: f.plural, name });
}

after(async () => {
  for (const f of fixtures.filter((x) => !x.namespaced)) {
    for (const version of ['v1alpha1', 'v1beta1']) {
      await env.custom
        .deleteClusterCustomObject({
          group: 'apps.kruise.io',
          version: 'v1beta1',
          plural: f.plural,
          name: `ok-${version}-${env.run}`,
        })
        .catch(() => {});
    }
  }
});

describe('admission webhooks through the apiserver', () => {
  for (const f of fixtures) {
    for (const version of ['v1alpha1', 'v1beta1'] as const) {
      it(`${f.kind} ${version}: an invalid object is rejected naming ${f.invalid.field}`, async () => {
        const body = f.valid(`bad-${version}-${env.run}`, version);
        f.invalid.edit(body);
        await assert.rejects(create(f, version, body), (err: unknown) => {
          const status = statusOf(err);
          assert.equal(status.code, 422, JSON.stringify(status));
          assert.match(status.message ?? '', /admission webhook "v[a-z]+\.kb\.io" denied the request/);
          assert.match(status.message ?? '', f.invalid.message);
          assert.ok(
            status.details?.causes?.some((c) => c.field === f.invalid.field),
            `causes name ${f.invalid.field}: ${JSON.stringify(status.details)}`,
          );
          return true;
        });
      });

      it(`${f.kind} ${version}: defaults are visible after create`, async () => {
        const name = `ok-${version}-${env.run}`;
        await create(f, version, f.valid(name, version));
        const stored = (await get(f, version, name)) as { spec: Record<string, unknown> };
        if (f.kind === 'CloneSet') {
          const strategy = stored.spec.updateStrategy as Record<string, unknown>;
          if (version === 'v1alpha1') assert.equal(strategy.type, 'ReCreate');
          else
            assert.deepEqual(strategy, {
              type: 'RollingUpdate',
              rollingUpdate: {
                podUpdatePolicy: 'ReCreate',
                partition: 0,
                maxUnavailable: '20%',
                maxSurge: 0,
              },
            });
          assert.equal(stored.spec.revisionHistoryLimit, 10);
        }
        if (f.kind === 'StatefulSet') assert.equal(stored.spec.podManagementPolicy, 'OrderedReady');
        if (f.kind === 'AdvancedCronJob') assert.equal(stored.spec.concurrencyPolicy, 'Allow');
        const template = (stored.spec.template ?? stored.spec) as {
          spec?: { containers?: { imagePullPolicy?: string }[] };
        };
        const containers =
          f.kind === 'SidecarSet'
            ? (stored.spec.containers as { imagePullPolicy?: string }[])
            : template.spec?.containers;
        if (f.kind !== 'AdvancedCronJob')
          assert.ok(containers?.[0]?.imagePullPolicy, 'container defaults injected');
      });
    }
  }

  it("CloneSet: a container's requests above its limits, an unreadable quantity or a node affinity term without values are refused at their path", async () => {
    const f = fixtures.find((x) => x.kind === 'CloneSet')!;
    const withResources = (name: string, resources: Record<string, unknown>) => {
      const body = f.valid(`${name}-${env.run}`, 'v1beta1');
      const template = (body.spec as { template: { spec: { containers: Record<string, unknown>[] } } })
        .template;
      template.spec.containers[0]!.resources = resources;
      return body;
    };
    const refused = (body: Record<string, unknown>, field: string, message: RegExp) =>
      refusedAt(f, body, field, message);
    await refused(
      withResources('over-limit', { requests: { cpu: '2' }, limits: { cpu: '1' } }),
      'spec.template.spec.containers[0].resources.requests',
      /resources\.requests: Invalid value: "2": must be less than or equal to cpu limit of 1/,
    );
    // The template keeps unknown fields, so the CRD schema does not read quantities: admission must.
    await refused(
      withResources('unreadable', { limits: { memory: 'plenty' } }),
      'spec.template.spec.containers[0].resources.limits[memory]',
      /Invalid value: "plenty": quantities must match the regular expression/,
    );
    const inWithoutValues = withResources('affinity', {});
    (inWithoutValues.spec as { template: { spec: Record<string, unknown> } }).template.spec.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In' }] }],
        },
      },
    };
    await refused(
      inWithoutValues,
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
      /Required value: must be specified when `operator` is 'In' or 'NotIn'/,
    );
    await create(f, 'v1beta1', withResources('within', { requests: { cpu: '100m' }, limits: { cpu: '1' } }));
  });

  it('CloneSet: claims the pod does not declare, a network sysctl beside hostNetwork and a key in both matchLabelKeys and mismatchLabelKeys are refused at their path; declared claims are kept as written', async () => {
    const f = fixtures.find((x) => x.kind === 'CloneSet')!;
    type Spec = { containers: Record<string, unknown>[] } & Record<string, unknown>;
    const withSpec = (name: string, edit: (spec: Spec) => void) => {
      const body = f.valid(`${name}-${env.run}`, 'v1beta1');
      edit((body.spec as { template: { spec: Spec } }).template.spec);
      return body;
    };
    const refused = (body: Record<string, unknown>, field: string, message: RegExp) =>
      refusedAt(f, body, field, message);
    await refused(
      withSpec('undeclared-claim', (spec) => {
        spec.containers[0]!.resources = { claims: [{ name: 'gpu' }] };
      }),
      'spec.template.spec.containers[0].resources.claims[0]',
      /Not found: "gpu": must be one of the names in pod.spec.resourceClaims which is empty/,
    );
    await refused(
      withSpec('host-sysctl', (spec) => {
        spec.hostNetwork = true;
        spec.securityContext = { sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] };
      }),
      'spec.template.spec.securityContext.sysctls[0].name',
      /may not be specified when 'hostNetwork' is true/,
    );
    await refused(
      withSpec('label-keys', (spec) => {
        spec.affinity = {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                labelSelector: { matchLabels: { app: 'x' } },
                topologyKey: 'kubernetes.io/hostname',
                matchLabelKeys: ['tenant'],
                mismatchLabelKeys: ['tenant'],
              },
            ],
          },
        };
      }),
      'spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]',
      /exists in both matchLabelKeys and mismatchLabelKeys/,
    );
    const name = `claims-${env.run}`;
    await create(
      f,
      'v1beta1',
      withSpec('claims', (spec) => {
        spec.resourceClaims = [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }];
        spec.containers[0]!.resources = { claims: [{ name: 'gpu' }] };
      }),
    );
    const stored = (await get(f, 'v1beta1', name)) as { spec: { template: { spec: Spec } } };
    assert.deepEqual(stored.spec.template.spec.resourceClaims, [
      { name: 'gpu', resourceClaimTemplateName: 'gpu-template' },
    ]);
    assert.deepEqual(stored.spec.template.spec.containers[0]?.resources, { claims: [{ name: 'gpu' }] });
  });

  it('a caBundle reset to garbage is restored and admission works again', async () => {
    const f = fixtures[0]!;
    await env.admission.patchValidatingWebhookConfiguration(
      {
        name: env.names.validating,
        body: [{ op: 'replace', path: '/webhooks/0/clientConfig/caBundle', value: 'Cg==' }],
      },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    );
    await env.admission.patchMutatingWebhookConfiguration(
      { name: env.names.mutating, body: [{ op: 'remove', path: '/webhooks/1/clientConfig/caBundle' }] },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    );
    const t0 = Date.now();
    // Admission can keep working for a moment on the apiserver's previous config; the restore itself is the
    // first thing to wait for, then admission must work with it.
    await eventually(
      'caBundles restored by cert-manager',
      async () => {
        const validating = await env.admission.readValidatingWebhookConfiguration({
          name: env.names.validating,
        });
        const mutating = await env.admission.readMutatingWebhookConfiguration({ name: env.names.mutating });
        const good = (b: string | undefined) => b !== undefined && b !== 'Cg==' && b.length > 100;
        return (
          good(validating.webhooks?.[0]?.clientConfig.caBundle) &&
          good(mutating.webhooks?.[1]?.clientConfig.caBundle)
        );
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    let i = 0;
    await eventually(
      'admission working again',
      async () => {
        const body = f.valid(`after-reset-${i++}`, 'v1beta1');
        await create(f, 'v1beta1', body);
        return true;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    const elapsed = Date.now() - t0;
    assert.ok(elapsed < 10_000, `restored after ${elapsed} ms`);
    const bad = f.valid(`after-reset-bad`, 'v1beta1');
    f.invalid.edit(bad);
    await assert.rejects(create(f, 'v1beta1', bad), (err: unknown) => statusOf(err).code === 422);
  });
});
