// With StatefulSetAutoResizePVCGate, an Advanced StatefulSet whose claims follow the rolling update
// (volumeClaimUpdateStrategy OnPodRollingUpdate) may change its volumeClaimTemplates only in size, and only where
// the StorageClass allows expansion (docs/behaviour/advanced-statefulset.md#volume-resize; Kruise's
// ValidateVolumeClaimTemplateUpdate). Real apiserver, real StorageClasses, the webhook server with the gate on.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { PatchStrategy, StorageV1Api, setHeaderOptions } from '@kubernetes/client-node';
import { type E2eEnv, startE2eEnv, statusOf } from '../support/env.ts';

let env: E2eEnv;
let ns: string;
let storage: StorageV1Api;
const classes: string[] = [];

before(async () => {
  env = await startE2eEnv({ featureGates: 'StatefulSetAutoResizePVCGate=true' });
  ns = await env.namespace();
  storage = env.kc.makeApiClient(StorageV1Api);
  for (const [name, allowVolumeExpansion] of [
    [`fixed-${env.run}`, false],
    [`elastic-${env.run}`, true],
  ] as const) {
    await storage.createStorageClass({
      body: { metadata: { name }, provisioner: 'example.com/none', allowVolumeExpansion },
    });
    classes.push(name);
  }
});
after(async () => {
  for (const name of classes) await storage?.deleteStorageClass({ name }).catch(() => {});
  await env?.cleanup();
});

const set = (name: string, storageClassName: string) => ({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'StatefulSet',
  metadata: { name },
  spec: {
    replicas: 0,
    serviceName: name,
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'main', image: 'nginx:1' }] },
    },
    volumeClaimUpdateStrategy: { type: 'OnPodRollingUpdate' },
    volumeClaimTemplates: [
      {
        metadata: { name: 'data' },
        spec: {
          accessModes: ['ReadWriteOnce'],
          storageClassName,
          resources: { requests: { storage: '1Gi' } },
        },
      },
    ],
  },
});

const grow = (name: string, storageClassName: string, size: string) =>
  env.custom.patchNamespacedCustomObject(
    {
      group: 'apps.kruise.io',
      version: 'v1beta1',
      namespace: ns,
      plural: 'statefulsets',
      name,
      body: {
        spec: {
          volumeClaimTemplates: [
            {
              metadata: { name: 'data' },
              spec: {
                accessModes: ['ReadWriteOnce'],
                storageClassName,
                resources: { requests: { storage: size } },
              },
            },
          ],
        },
      },
    },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );

it('a claim template grows only on a StorageClass that allows expansion', async () => {
  const fixed = `fixed-${env.run}`;
  const elastic = `elastic-${env.run}`;
  for (const [name, cls] of [
    ['on-fixed', fixed],
    ['on-elastic', elastic],
  ] as const) {
    await env.custom.createNamespacedCustomObject({
      group: 'apps.kruise.io',
      version: 'v1beta1',
      namespace: ns,
      plural: 'statefulsets',
      body: set(name, cls),
    });
  }
  await assert.rejects(grow('on-fixed', fixed, '2Gi'), (err: unknown) => {
    const status = statusOf(err);
    assert.equal(status.code, 422);
    assert.match(
      status.message ?? '',
      new RegExp(
        `spec\\.volumeClaimTemplates\\[data\\]\\.spec\\.resources\\.requests\\.storage: Forbidden: storage class ${fixed} does not support volume expansion`,
      ),
    );
    return true;
  });
  await grow('on-elastic', elastic, '2Gi');
  // Another class is more than a resize.
  await assert.rejects(grow('on-elastic', fixed, '2Gi'), (err: unknown) => {
    assert.match(statusOf(err).message ?? '', /volumeClaimTemplate can not be modified when OnRollingUpdate/);
    return true;
  });
});
