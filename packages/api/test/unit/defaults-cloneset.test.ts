// CloneSet defaulting, docs/behaviour/cloneset.md#defaults (SetDefaultsCloneSet / SetDefaultsCloneSetV1beta1).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type CloneSetV1alpha1,
  type CloneSetV1beta1,
  defaultCloneSetV1alpha1,
  defaultCloneSetV1beta1,
  shouldInjectTemplateDefaults,
} from '../../src/index.ts';

const template = {
  metadata: { labels: { app: 'cs' } },
  spec: { containers: [{ name: 'main', image: 'nginx:1.0' }] },
};
const alpha = (spec: Partial<CloneSetV1alpha1['spec']> = {}): CloneSetV1alpha1 => ({
  apiVersion: 'apps.kruise.io/v1alpha1',
  kind: 'CloneSet',
  metadata: { name: 'cs', namespace: 't' },
  spec: { selector: { matchLabels: { app: 'cs' } }, template: structuredClone(template), ...spec },
});
const beta = (spec: Partial<CloneSetV1beta1['spec']> = {}): CloneSetV1beta1 => ({
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'CloneSet',
  metadata: { name: 'cs', namespace: 't' },
  spec: { selector: { matchLabels: { app: 'cs' } }, template: structuredClone(template), ...spec },
});

describe('CloneSet v1alpha1 defaults (SetDefaultsCloneSet)', () => {
  test('empty strategy: ReCreate, partition 0, maxUnavailable "20%", maxSurge 0, replicas 1, history 10 (e2e-a "scales in normal cases")', () => {
    const out = defaultCloneSetV1alpha1(alpha());
    assert.equal(out.spec.replicas, 1);
    assert.equal(out.spec.revisionHistoryLimit, 10);
    assert.deepEqual(out.spec.updateStrategy, {
      type: 'ReCreate',
      partition: 0,
      maxUnavailable: '20%',
      maxSurge: 0,
    });
  });

  const inPlace = ['InPlaceIfPossible', 'InPlaceOnly'] as const;
  for (const type of inPlace) {
    test(`${type} gets inPlaceUpdateStrategy {}`, () => {
      const out = defaultCloneSetV1alpha1(alpha({ updateStrategy: { type } }));
      assert.deepEqual(out.spec.updateStrategy?.inPlaceUpdateStrategy, {});
    });
  }

  test('ReCreate gets no inPlaceUpdateStrategy; explicit values are kept', () => {
    const out = defaultCloneSetV1alpha1(
      alpha({
        replicas: 0,
        revisionHistoryLimit: 3,
        updateStrategy: { type: 'ReCreate', partition: '50%', maxUnavailable: 2, maxSurge: '10%' },
      }),
    );
    assert.equal(out.spec.replicas, 0);
    assert.equal(out.spec.revisionHistoryLimit, 3);
    assert.deepEqual(out.spec.updateStrategy, {
      type: 'ReCreate',
      partition: '50%',
      maxUnavailable: 2,
      maxSurge: '10%',
    });
  });

  test('template defaults are injected, with imagePullPolicy Always for app containers', () => {
    const out = defaultCloneSetV1alpha1(alpha());
    assert.equal(out.spec.template.spec?.containers[0]?.imagePullPolicy, 'Always');
    assert.equal(out.spec.template.spec?.restartPolicy, 'Always');
  });

  test('volumeClaimTemplates get status.phase Pending (k8s SetDefaults_PersistentVolumeClaim)', () => {
    const out = defaultCloneSetV1alpha1(
      alpha({
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'] } }],
      }),
    );
    assert.deepEqual(out.spec.volumeClaimTemplates?.[0], {
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'] },
      status: { phase: 'Pending' },
    });
  });

  test('without template injection (UPDATE with an unchanged template) the template is untouched', () => {
    const out = defaultCloneSetV1alpha1(alpha(), { injectTemplateDefaults: false });
    assert.deepEqual(out.spec.template, template);
  });

  test('the input is not modified', () => {
    const input = alpha();
    defaultCloneSetV1alpha1(input);
    assert.deepEqual(input, alpha());
  });
});

describe('CloneSet v1beta1 defaults (SetDefaultsCloneSetV1beta1)', () => {
  test('empty strategy: RollingUpdate with ReCreate, partition 0, maxUnavailable "20%", maxSurge 0', () => {
    const out = defaultCloneSetV1beta1(beta());
    assert.deepEqual(out.spec.updateStrategy, {
      type: 'RollingUpdate',
      rollingUpdate: { podUpdatePolicy: 'ReCreate', partition: 0, maxUnavailable: '20%', maxSurge: 0 },
    });
    assert.equal(
      out.spec.scaleStrategy,
      undefined,
      'enablePVCReuse: false comes from the CRD, not the webhook',
    );
  });

  test('InPlaceIfPossible gets inPlaceUpdateStrategy {}', () => {
    const out = defaultCloneSetV1beta1(
      beta({ updateStrategy: { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } } }),
    );
    assert.deepEqual(out.spec.updateStrategy?.rollingUpdate?.inPlaceUpdateStrategy, {});
    assert.equal(out.spec.updateStrategy?.type, 'RollingUpdate');
  });

  test('OnDelete keeps rollingUpdate nil', () => {
    const out = defaultCloneSetV1beta1(beta({ updateStrategy: { type: 'OnDelete' } }));
    assert.deepEqual(out.spec.updateStrategy, { type: 'OnDelete' });
  });
});

describe('when template defaults are injected (mutating handler)', () => {
  const cases: [string, Parameters<typeof shouldInjectTemplateDefaults>[0], boolean][] = [
    ['CREATE', { operation: 'CREATE', template }, true],
    [
      'UPDATE, same template',
      { operation: 'UPDATE', template, oldTemplate: structuredClone(template) },
      false,
    ],
    [
      'UPDATE, changed template',
      { operation: 'UPDATE', template, oldTemplate: { ...template, metadata: {} } },
      true,
    ],
    ['CREATE with TemplateNoDefaults', { operation: 'CREATE', template, templateNoDefaults: true }, false],
  ];
  for (const [name, input, want] of cases) {
    test(name, () => assert.equal(shouldInjectTemplateDefaults(input), want));
  }
});
