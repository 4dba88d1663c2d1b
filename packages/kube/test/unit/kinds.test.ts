import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apiVersionOf,
  CLONESET,
  CONTROLLER_REVISION,
  KINDS,
  kindOf,
  POD,
  parseApiVersion,
} from '../../src/kinds.ts';

describe('kind registry', () => {
  it('names every kind once', () => {
    const keys = KINDS.map((k) => `${k.kind}.${k.group}`);
    assert.equal(new Set(keys).size, keys.length);
  });
  it('builds and parses apiVersions', () => {
    assert.equal(apiVersionOf(CLONESET), 'apps.kruise.io/v1beta1');
    assert.equal(apiVersionOf(POD), 'v1');
    assert.deepEqual(parseApiVersion('apps/v1'), { group: 'apps', version: 'v1' });
    assert.deepEqual(parseApiVersion('v1'), { group: '', version: 'v1' });
  });
  it('finds a kind by group and kind', () => {
    assert.equal(kindOf({ group: 'apps', kind: 'ControllerRevision' }), CONTROLLER_REVISION);
    assert.equal(kindOf({ group: 'extensions', kind: 'ControllerRevision' }), undefined);
  });
  it('is frozen', () => assert.ok(Object.isFrozen(POD)));
});
