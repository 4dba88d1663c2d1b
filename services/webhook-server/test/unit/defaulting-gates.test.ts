// The feature gates that change defaulting reach the mutating webhook (apis/apps/defaults/v1beta1.go): with
// StatefulSetAutoResizePVCGate an Advanced StatefulSet gets volumeClaimUpdateStrategy.type OnDelete; with
// StatefulSetAutoDeletePVC off it gets no persistentVolumeClaimRetentionPolicy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fastJsonPatch from 'fast-json-patch';
import { mutate } from '../../src/admission/mutating.ts';
import { servedKind } from '../../src/kinds.ts';
import { defaultingFeatures } from '../../src/settings.ts';

const set = {
  apiVersion: 'apps.kruise.io/v1beta1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'ns' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  },
};

function defaulted(features?: Parameters<typeof mutate>[2]): { spec: Record<string, unknown> } {
  const kind = servedKind('StatefulSet');
  assert.ok(kind);
  const res = mutate(
    kind,
    {
      uid: 'u',
      kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'StatefulSet' },
      operation: 'CREATE',
      object: set,
    },
    features,
  );
  assert.equal(res.allowed, true);
  const ops = JSON.parse(Buffer.from(res.patch ?? '', 'base64').toString()) as fastJsonPatch.Operation[];
  return fastJsonPatch.applyPatch(structuredClone(set), ops).newDocument as { spec: Record<string, unknown> };
}

describe('defaulting with feature gates', () => {
  it("Kruise's defaults: retention policy Retain/Retain, no volumeClaimUpdateStrategy", () => {
    const out = defaulted();
    assert.deepEqual(out.spec.persistentVolumeClaimRetentionPolicy, {
      whenDeleted: 'Retain',
      whenScaled: 'Retain',
    });
    assert.equal(out.spec.volumeClaimUpdateStrategy, undefined);
  });

  it('StatefulSetAutoResizePVCGate=true defaults volumeClaimUpdateStrategy.type to OnDelete', () => {
    const out = defaulted(defaultingFeatures({ StatefulSetAutoResizePVCGate: true }));
    assert.deepEqual(out.spec.volumeClaimUpdateStrategy, { type: 'OnDelete' });
  });

  it('StatefulSetAutoDeletePVC=false leaves the retention policy out', () => {
    const out = defaulted(defaultingFeatures({ StatefulSetAutoDeletePVC: false }));
    assert.equal(out.spec.persistentVolumeClaimRetentionPolicy, undefined);
  });

  it('gates not named keep the defaults', () => assert.deepEqual(defaultingFeatures({}), {}));
});
