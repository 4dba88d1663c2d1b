// The CRDs this package generates and the kind registry every service addresses objects by
// (@kruise-ts/kube) must name the same resources, or a controller would watch what no CRD serves.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KINDS, KRUISE_GROUP } from '@kruise-ts/kube';
import { group, kinds, storageVersion } from '../../src/index.ts';

describe('CRD kinds agree with the kind registry', () => {
  for (const k of kinds) {
    it(k.kind, () => {
      const registered = KINDS.find((r) => r.group === KRUISE_GROUP && r.kind === k.kind);
      assert.ok(registered, `${k.kind} is missing from @kruise-ts/kube`);
      assert.equal(registered.plural, k.plural);
      assert.equal(registered.namespaced, k.scope === 'Namespaced');
      assert.equal(registered.version, storageVersion);
      assert.equal(group, KRUISE_GROUP);
    });
  }
});
