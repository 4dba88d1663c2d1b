// defaultObject / validateObject pick the kind's and version's functions from the apiVersion and kind.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultObject, type KruiseObject, validateObject } from '../../src/index.ts';
import { docExamples } from '../fixtures/examples.ts';

describe('defaultObject and validateObject', () => {
  for (const example of docExamples) {
    for (const version of ['v1alpha1', 'v1beta1']) {
      test(`Kruise's ${example.kind} example at ${version}, defaulted, is valid`, () => {
        const obj: KruiseObject = {
          ...structuredClone(example.object),
          apiVersion: `apps.kruise.io/${version}`,
          metadata: {
            ...example.object.metadata,
            ...(example.clusterScoped ? {} : { namespace: 'default' }),
          },
        };
        assert.deepEqual(validateObject(defaultObject(obj)), []);
      });
    }
  }

  test('CloneSet at v1alpha1 gets the v1alpha1 defaults, at v1beta1 the v1beta1 ones', () => {
    const [cloneSet] = docExamples;
    assert.ok(cloneSet);
    type Defaulted = { spec: { updateStrategy: { type: string } } };
    const alpha = defaultObject({
      ...cloneSet.object,
      apiVersion: 'apps.kruise.io/v1alpha1',
    }) as unknown as Defaulted;
    const beta = defaultObject({
      ...cloneSet.object,
      apiVersion: 'apps.kruise.io/v1beta1',
    }) as unknown as Defaulted;
    assert.equal(alpha.spec.updateStrategy.type, 'ReCreate');
    assert.equal(beta.spec.updateStrategy.type, 'RollingUpdate');
  });

  test('an unknown kind or group is an error', () => {
    assert.throws(
      () => validateObject({ apiVersion: 'apps/v1', kind: 'Deployment' }),
      /no apps.kruise.io kind Deployment at apps\/v1/,
    );
  });
});
