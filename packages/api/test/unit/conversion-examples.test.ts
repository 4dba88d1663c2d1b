// Kruise's conversion mappings (docs/behaviour/cloneset.md#v1beta1-and-conversion, docs/behaviour/sidecarset.md#conversion, docs/behaviour/advanced-statefulset.md#conversion, docs/behaviour/advancedcronjob.md#api) and the stash that makes
// them lossless (src/conversion/stash.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type CloneSetV1alpha1,
  type CloneSetV1beta1,
  ConversionError,
  cloneSetV1alpha1ToV1beta1,
  cloneSetV1beta1ToV1alpha1,
  convertCloneSetToV1alpha1,
  convertCloneSetToV1beta1,
  convertObject,
  type KruiseObject,
  stashAnnotation,
} from '../../src/index.ts';

const template = {
  metadata: { labels: { app: 'cs' } },
  spec: { containers: [{ name: 'main', image: 'nginx:1.0' }] },
};
const alpha = (
  spec: Partial<CloneSetV1alpha1['spec']>,
  metadata: CloneSetV1alpha1['metadata'] = { name: 'cs' },
): CloneSetV1alpha1 => ({
  apiVersion: 'apps.kruise.io/v1alpha1',
  kind: 'CloneSet',
  metadata,
  spec: { selector: { matchLabels: { app: 'cs' } }, template, ...spec },
});
const beta = (
  spec: Partial<CloneSetV1beta1['spec']>,
  metadata: CloneSetV1beta1['metadata'] = { name: 'cs' },
): CloneSetV1beta1 => ({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'CloneSet',
  metadata,
  spec: { selector: { matchLabels: { app: 'cs' } }, template, ...spec },
});

describe("CloneSet: Kruise's mapping", () => {
  const policies = [
    ['ReCreate', 'ReCreate'],
    ['InPlaceIfPossible', 'InPlaceIfPossible'],
    ['InPlaceOnly', 'InPlaceOnly'],
    ['', 'ReCreate'],
  ] as const;
  for (const [type, policy] of policies) {
    test(`type ${JSON.stringify(type)} ⇒ RollingUpdate + podUpdatePolicy ${policy}`, () => {
      const out = cloneSetV1alpha1ToV1beta1(
        alpha({ updateStrategy: { type: type as 'ReCreate', partition: 2, maxSurge: '10%', paused: true } }),
      );
      assert.deepEqual(out.spec.updateStrategy, {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 2, maxSurge: '10%', podUpdatePolicy: policy, paused: true },
      });
    });
  }

  test('OnDelete ⇒ OnDelete with rollingUpdate dropped', () => {
    const out = cloneSetV1alpha1ToV1beta1(alpha({ updateStrategy: { type: 'OnDelete', partition: 3 } }));
    assert.deepEqual(out.spec.updateStrategy, { type: 'OnDelete' });
  });

  test('enablePVCReuse = !disablePVCReuse; the scaling-exclude label ⇒ excludePreparingDelete', () => {
    const out = cloneSetV1alpha1ToV1beta1(
      alpha(
        { scaleStrategy: { podsToDelete: ['p'] } },
        { name: 'cs', labels: { 'apps.kruise.io/cloneset-scaling-exclude-preparing-delete': 'true' } },
      ),
    );
    assert.deepEqual(out.spec.scaleStrategy, {
      podsToDelete: ['p'],
      enablePVCReuse: true,
      excludePreparingDelete: true,
    });
    assert.equal(
      cloneSetV1alpha1ToV1beta1(alpha({ scaleStrategy: { disablePVCReuse: true } })).spec.scaleStrategy,
      undefined,
    );
  });

  test('image pre-download annotations ⇒ inPlaceUpdateStrategy fields (only the grace period is copied from spec)', () => {
    const out = cloneSetV1alpha1ToV1beta1(
      alpha(
        { updateStrategy: { type: 'InPlaceIfPossible', inPlaceUpdateStrategy: { gracePeriodSeconds: 10 } } },
        {
          name: 'cs',
          annotations: {
            'apps.kruise.io/image-predownload-parallelism': '5',
            'apps.kruise.io/image-predownload-timeout-seconds': '600',
            'apps.kruise.io/image-predownload-min-updated-ready-pods': 'x',
          },
        },
      ),
    );
    assert.deepEqual(out.spec.updateStrategy?.rollingUpdate?.inPlaceUpdateStrategy, {
      gracePeriodSeconds: 10,
      imagePreDownloadParallelism: 5,
      imagePreDownloadTimeoutSeconds: 600,
    });
  });

  test('back: fields ⇒ annotations, empty inPlaceUpdateStrategy ⇒ nil, excludePreparingDelete not written back', () => {
    const out = cloneSetV1beta1ToV1alpha1(
      beta({
        scaleStrategy: { excludePreparingDelete: true },
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: {
            podUpdatePolicy: 'InPlaceOnly',
            inPlaceUpdateStrategy: { imagePreDownloadParallelism: '50%' },
          },
        },
      }),
    );
    assert.deepEqual(out.metadata?.annotations, { 'apps.kruise.io/image-predownload-parallelism': '50%' });
    assert.deepEqual(out.spec.updateStrategy, { type: 'InPlaceOnly', inPlaceUpdateStrategy: {} });
    assert.deepEqual(out.spec.scaleStrategy, { disablePVCReuse: true });
    const empty = cloneSetV1beta1ToV1alpha1(
      beta({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { inPlaceUpdateStrategy: {} } } }),
    );
    assert.equal(empty.spec.updateStrategy?.inPlaceUpdateStrategy, undefined);
  });
});

describe('lossless conversion', () => {
  test('a defaulted v1alpha1 CloneSet converts without a stash', () => {
    const obj = alpha({
      replicas: 5,
      revisionHistoryLimit: 10,
      updateStrategy: { type: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 },
    });
    const out = convertCloneSetToV1beta1(obj);
    assert.equal(out.metadata?.annotations, undefined);
    assert.deepEqual(convertCloneSetToV1alpha1(out), obj);
  });

  test('OnDelete partition survives the trip through v1beta1 in the stash annotation', () => {
    const obj = alpha({ updateStrategy: { type: 'OnDelete', partition: 3, maxUnavailable: 2 } });
    const stored = convertCloneSetToV1beta1(obj);
    assert.deepEqual(stored.spec.updateStrategy, { type: 'OnDelete' });
    const stash = JSON.parse(stored.metadata?.annotations?.[stashAnnotation('v1alpha1')] ?? '{}');
    assert.deepEqual(stash.fields, [
      { path: ['spec', 'updateStrategy', 'maxUnavailable'], want: 2 },
      { path: ['spec', 'updateStrategy', 'partition'], want: 3 },
    ]);
    assert.deepEqual(convertCloneSetToV1alpha1(stored), obj);
  });

  test('a field changed through the other version meanwhile wins over the stash (compare-and-set per field)', () => {
    const obj = beta({ scaleStrategy: { excludePreparingDelete: true, enablePVCReuse: true } });
    const asAlpha = convertCloneSetToV1alpha1(obj);
    assert.equal(asAlpha.spec.scaleStrategy, undefined);
    // A v1alpha1 client turns PVC reuse off; the stashed excludePreparingDelete still comes back.
    asAlpha.spec.scaleStrategy = { disablePVCReuse: true };
    const back = convertCloneSetToV1beta1(asAlpha);
    assert.deepEqual(back.spec.scaleStrategy, { excludePreparingDelete: true });
    assert.equal(back.metadata?.annotations, undefined);
  });

  test("an AdvancedCronJob's imageListPullJobTemplate survives v1alpha1 (Kruise refuses to convert it)", () => {
    const obj: KruiseObject = {
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'AdvancedCronJob',
      metadata: { name: 'a' },
      spec: {
        schedule: '@hourly',
        template: { imageListPullJobTemplate: { spec: { images: ['nginx:1'] } } },
      },
    };
    const asAlpha = convertObject(obj, 'apps.kruise.io/v1alpha1') as KruiseObject & {
      spec: { template: object };
    };
    assert.deepEqual(asAlpha.spec.template, {});
    assert.deepEqual(convertObject(asAlpha, 'apps.kruise.io/v1beta1'), obj);
  });

  test('SidecarSet spec.namespace (never restored by Kruise) comes back', () => {
    const obj: KruiseObject = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'SidecarSet',
      metadata: { name: 's', labels: { 'apps.kruise.io/sidecarset-custom-version': 'v2' } },
      spec: {
        namespace: 'team-a',
        namespaceSelector: { matchLabels: { x: 'y' } },
        containers: [{ name: 'c', image: 'x' }],
      },
    };
    const stored = convertObject(obj, 'apps.kruise.io/v1beta1') as KruiseObject & {
      spec: Record<string, unknown>;
      metadata: { labels?: object };
    };
    assert.deepEqual(stored.spec.namespaceSelector, {
      matchLabels: { 'kubernetes.io/metadata.name': 'team-a' },
    });
    assert.equal(stored.spec.customVersion, 'v2');
    assert.equal(stored.metadata.labels, undefined);
    assert.deepEqual(convertObject(stored, 'apps.kruise.io/v1alpha1'), obj);
  });

  test('the same version is returned unchanged; unknown kinds and versions are errors', () => {
    const obj = alpha({}) as unknown as KruiseObject;
    assert.deepEqual(convertObject(obj, 'apps.kruise.io/v1alpha1'), obj);
    assert.throws(
      () => convertObject({ ...obj, kind: 'Deployment' }, 'apps.kruise.io/v1beta1'),
      ConversionError,
    );
    assert.throws(() => convertObject(obj, 'apps/v1'), /unsupported apiVersion "apps\/v1"/);
  });

  test('a hand-edited stash cannot reach Object.prototype, and an unreadable one is dropped', () => {
    const evil = JSON.stringify({
      fields: [
        { path: ['__proto__', 'polluted'], want: true },
        { path: ['spec', 'replicas'], was: 1, want: 7 },
      ],
    });
    const obj = beta({ replicas: 1 }, { name: 'cs', annotations: { [stashAnnotation('v1beta1')]: evil } });
    const asBeta = convertCloneSetToV1beta1(convertCloneSetToV1alpha1(beta({ replicas: 1 })));
    assert.equal(asBeta.spec.replicas, 1);
    const alphaWithEvil = { ...cloneSetV1beta1ToV1alpha1(obj), metadata: obj.metadata };
    const out = convertCloneSetToV1beta1(alphaWithEvil);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(out.spec.replicas, 7, 'well-formed entries still apply');
    const garbled = {
      ...alphaWithEvil,
      metadata: { name: 'cs', annotations: { [stashAnnotation('v1beta1')]: '{not json' } },
    };
    assert.deepEqual(convertCloneSetToV1beta1(garbled).metadata?.annotations, {});
  });
});
