// Validation that reads other objects, through the real apiserver (README "Known differences" keeps v1beta1 as
// strict as v1alpha1):
// - CloneSet scaleStrategy.podsToDelete: a newly named pod must exist, not be terminating and be controlled by
//   this CloneSet (pkg/webhook/cloneset/validating/validation.go, validateScaleStrategy);
// - SidecarSet injectionStrategy.revision must name an existing ControllerRevision of the kruise namespace
//   (pkg/webhook/sidecarset/validating, validateSidecarSetInjectionStrategy);
// - SidecarSet patchPodMetadata must be whitelisted by kruise-configuration (pkg/util/configuration,
//   ValidateSidecarSetPatchMetadataWhitelist).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppsV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { type E2eEnv, startE2eEnv, statusOf } from '../support/env.ts';

let env: E2eEnv;
let ns: string;
const sidecarSets: string[] = [];
const held: string[] = [];
before(async () => {
  env = await startE2eEnv();
  ns = await env.namespace();
});
after(async () => {
  for (const name of held) {
    await env.core
      .patchNamespacedPod(
        { namespace: ns, name, body: { metadata: { finalizers: null } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      )
      .catch(() => {});
  }
  for (const name of sidecarSets) {
    await env.custom
      .deleteClusterCustomObject({ group: 'apps.kruise.io', version: 'v1beta1', plural: 'sidecarsets', name })
      .catch(() => {});
  }
  await env?.cleanup();
});

/** The denial's causes as `field: message`, or a failure when the call was admitted. */
async function denial(call: Promise<unknown>): Promise<{ code: number | undefined; causes: string[] }> {
  try {
    await call;
  } catch (err) {
    const status = statusOf(err);
    return {
      code: status.code,
      causes: (status.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`),
    };
  }
  assert.fail('admitted');
}

describe('CloneSet podsToDelete names pods that exist, are not terminating, and are this CloneSet’s', () => {
  const pod = (name: string, owner?: { uid: string; version: string; cs: string }, finalizer = false) => ({
    metadata: {
      name,
      ...(finalizer ? { finalizers: ['kruise-ts.e2e/hold'] } : {}),
      ...(owner
        ? {
            ownerReferences: [
              {
                apiVersion: `apps.kruise.io/${owner.version}`,
                kind: 'CloneSet',
                name: owner.cs,
                uid: owner.uid,
                controller: true,
              },
            ],
          }
        : {}),
    },
    // Never scheduled, so no (kwok) kubelet finalizes it: the finalizer alone keeps it terminating.
    spec: {
      containers: [{ name: 'main', image: 'nginx:1.25' }],
      nodeSelector: { 'kruise-ts.e2e/nowhere': 'true' },
    },
  });

  for (const version of ['v1alpha1', 'v1beta1'] as const) {
    it(`${version}: missing, foreign and terminating pods are refused; names already listed are not checked again`, async () => {
      const name = `cs-${version}`;
      const created = (await env.custom.createNamespacedCustomObject({
        group: 'apps.kruise.io',
        version,
        namespace: ns,
        plural: 'clonesets',
        body: {
          apiVersion: `apps.kruise.io/${version}`,
          kind: 'CloneSet',
          metadata: { name },
          spec: {
            replicas: 1,
            selector: { matchLabels: { app: name } },
            template: {
              metadata: { labels: { app: name } },
              spec: { containers: [{ name: 'main', image: 'nginx:1.25' }] },
            },
          },
        },
      })) as { metadata: { uid: string } };
      const owner = { uid: created.metadata.uid, version, cs: name };
      await env.core.createNamespacedPod({ namespace: ns, body: pod(`${name}-mine`, owner) });
      await env.core.createNamespacedPod({ namespace: ns, body: pod(`${name}-stranger`) });
      await env.core.createNamespacedPod({ namespace: ns, body: pod(`${name}-dying`, owner, true) });
      held.push(`${name}-dying`);
      await env.core.deleteNamespacedPod({ namespace: ns, name: `${name}-dying` });

      const setPodsToDelete = (podsToDelete: string[]) =>
        env.custom.patchNamespacedCustomObject(
          {
            group: 'apps.kruise.io',
            version,
            namespace: ns,
            plural: 'clonesets',
            name,
            body: { spec: { scaleStrategy: { podsToDelete } } },
          },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        );
      const at = 'spec.scaleStrategy.podsToDelete';
      const refused = await denial(
        setPodsToDelete([`${name}-missing`, `${name}-stranger`, `${name}-dying`, `${name}-mine`]),
      );
      assert.equal(refused.code, 422);
      assert.deepEqual(refused.causes, [
        `${at}: ${at}: Invalid value: "${name}-dying": find pod ${name}-dying already terminating`,
        `${at}: ${at}: Invalid value: "${name}-missing": find pod ${name}-missing failed: pods "${name}-missing" not found`,
        `${at}: ${at}: Invalid value: "${name}-stranger": find pod ${name}-stranger owner is not this CloneSet`,
      ]);
      // The CloneSet's own pod is accepted; once listed it is not looked up again, so a later edit that keeps it
      // is admitted whatever became of the pod.
      await setPodsToDelete([`${name}-mine`]);
      await env.core.deleteNamespacedPod({ namespace: ns, name: `${name}-mine`, gracePeriodSeconds: 0 });
      await setPodsToDelete([`${name}-mine`]);
      const added = await denial(setPodsToDelete([`${name}-mine`, `${name}-missing`]));
      assert.deepEqual(added.causes, [
        `${at}: ${at}: Invalid value: "${name}-missing": find pod ${name}-missing failed: pods "${name}-missing" not found`,
      ]);
    });
  }
});

describe('SidecarSet validation reads the kruise namespace', () => {
  const container = { name: 'sidecar', image: 'busybox:1.36', command: ['sleep', '3600'] };
  const createSidecarSet = (
    name: string,
    spec: Record<string, unknown>,
    labels: Record<string, string> = {},
  ) => {
    const full = `${name}-${env.run}`;
    sidecarSets.push(full);
    return env.custom.createClusterCustomObject({
      group: 'apps.kruise.io',
      version: 'v1beta1',
      plural: 'sidecarsets',
      body: {
        apiVersion: 'apps.kruise.io/v1beta1',
        kind: 'SidecarSet',
        metadata: { name: full, labels: { [env.scope.key]: env.scope.value, ...labels } },
        spec: { selector: { matchLabels: { app: name } }, containers: [container], ...spec },
      },
    });
  };

  it('injectionStrategy.revision must name an existing ControllerRevision (by name)', async () => {
    const revisionName = `pinned-${env.run}`;
    const pinned = { injectionStrategy: { revision: { revisionName, policy: 'Always' } } };
    const refused = await denial(createSidecarSet('pin-missing', pinned));
    assert.equal(refused.code, 422);
    assert.deepEqual(refused.causes, [
      `revision: revision: Invalid value: null: Cannot find specific ControllerRevision, err: controllerrevisions.apps "${revisionName}" not found`,
    ]);
    // A revision in the kruise namespace (where sidecarset-controller writes them) makes it acceptable.
    await env.kc.makeApiClient(AppsV1Api).createNamespacedControllerRevision({
      namespace: env.names.certNamespace,
      body: { metadata: { name: revisionName }, revision: 1, data: { spec: { containers: [container] } } },
    });
    await createSidecarSet('pin-found', pinned);
  });

  it('patchPodMetadata is refused unless kruise-configuration whitelists the key for the SidecarSet', async () => {
    const patch = {
      patchPodMetadata: [{ annotations: { 'oom-score': '{"score":"1"}' }, patchPolicy: 'MergePatchJson' }],
    };
    const at = 'spec.patchPodMetadata';
    const none = await denial(createSidecarSet('patch-none', patch));
    assert.deepEqual(none.causes, [
      `${at}: ${at}: Required value: SidecarSet patch metadata whitelist not found`,
    ]);
    await env.core.createNamespacedConfigMap({
      namespace: env.names.certNamespace,
      body: {
        metadata: { name: 'kruise-configuration' },
        data: {
          SidecarSet_PatchPodMetadata_WhiteList: JSON.stringify({
            rules: [
              { selector: { matchLabels: { team: 'db' } }, allowedAnnotationKeyExprs: ['^oom-score$'] },
            ],
          }),
        },
      },
    });
    const otherTeam = await denial(createSidecarSet('patch-other', patch, { team: 'web' }));
    assert.deepEqual(otherTeam.causes, [
      `${at}: ${at}: Required value: sidecarSet patch metadata annotation is not allowed`,
    ]);
    await createSidecarSet('patch-db', patch, { team: 'db' });
    const otherKey = await denial(
      createSidecarSet(
        'patch-key',
        { patchPodMetadata: [{ annotations: { 'cpu-set': '{}' }, patchPolicy: 'MergePatchJson' }] },
        { team: 'db' },
      ),
    );
    assert.deepEqual(otherKey.causes, [
      `${at}: ${at}: Required value: sidecarSet patch metadata annotation(cpu-set) is not allowed`,
    ]);
  });
});
