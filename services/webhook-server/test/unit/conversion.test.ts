// /convert: ConversionReview v1, every kind both ways, round trip without loss.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { servedKind } from '../../src/kinds.ts';
import { testApp } from '../support/app.ts';
import { fixtures } from '../support/fixtures.ts';

let harness: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  harness = await testApp();
});
after(() => harness.app.fastify.close());

type Review = {
  response: {
    uid: string;
    convertedObjects: Record<string, unknown>[];
    result: { status: string; message?: string };
  };
};

async function convert(objects: unknown[], desiredAPIVersion: string) {
  const res = await harness.app.fastify.inject({
    method: 'POST',
    url: '/convert',
    payload: {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: { uid: 'u1', desiredAPIVersion, objects },
    },
  });
  assert.equal(res.statusCode, 200);
  return (res.json() as Review).response;
}

describe('conversion webhook', () => {
  for (const f of fixtures) {
    it(`${f.kind}: v1alpha1 → v1beta1 → v1alpha1 is lossless`, async () => {
      const kind = servedKind(f.kind)!;
      const alpha = kind.defaults(f.valid('c', 'v1alpha1'), 'v1alpha1', {}) as Record<string, unknown>;
      const up = await convert([alpha], 'apps.kruise.io/v1beta1');
      assert.equal(up.result.status, 'Success', up.result.message);
      assert.equal(up.uid, 'u1');
      assert.equal(up.convertedObjects[0]?.apiVersion, 'apps.kruise.io/v1beta1');
      const down = await convert(up.convertedObjects, 'apps.kruise.io/v1alpha1');
      assert.equal(down.result.status, 'Success', down.result.message);
      assert.deepEqual(down.convertedObjects[0], alpha);
    });
  }

  it('CloneSet v1alpha1 InPlaceIfPossible becomes RollingUpdate + podUpdatePolicy (docs/behaviour/cloneset.md#v1beta1-and-conversion)', async () => {
    const alpha = fixtures[0]!.valid('c', 'v1alpha1');
    (alpha.spec as Record<string, unknown>).updateStrategy = { type: 'InPlaceIfPossible', partition: 1 };
    const up = await convert([alpha], 'apps.kruise.io/v1beta1');
    const converted = up.convertedObjects[0] as { spec: { updateStrategy: Record<string, unknown> } };
    const strategy = converted.spec.updateStrategy;
    assert.equal(strategy.type, 'RollingUpdate');
    assert.equal((strategy.rollingUpdate as Record<string, unknown>).podUpdatePolicy, 'InPlaceIfPossible');
    assert.equal((strategy.rollingUpdate as Record<string, unknown>).partition, 1);
  });

  it('an unknown kind or version is a Failure result naming the object', async () => {
    const res = await convert(
      [{ apiVersion: 'apps.kruise.io/v1', kind: 'CloneSet', metadata: { name: 'x', namespace: 'n' } }],
      'apps.kruise.io/v1beta1',
    );
    assert.equal(res.result.status, 'Failure');
    assert.match(res.result.message ?? '', /CloneSet n\/x/);
  });
});
