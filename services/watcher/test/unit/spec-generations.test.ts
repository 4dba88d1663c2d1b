import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WatchedResource } from '../../src/kinds.ts';
import type { ChangeType, ObjectChange } from '../../src/object-event.ts';
import { SpecGenerations } from '../../src/spec-generations.ts';

const resource = (kind: string): WatchedResource => ({
  group: kind === 'Pod' ? '' : 'apps.kruise.io',
  version: 'v1',
  plural: `${kind.toLowerCase()}s`,
  kind,
  namespaced: true,
});

function change(kind: string, type: ChangeType, uid: string, generation?: number): ObjectChange {
  return {
    resource: resource(kind),
    type,
    object: { kind, metadata: { name: 'x', uid, ...(generation === undefined ? {} : { generation }) } },
    json: new Uint8Array(0),
    resourceVersion: '1',
  };
}

test('a generation is new once per object, and forgotten with the object', () => {
  const specs = new SpecGenerations();
  const cases: [ObjectChange, boolean, string][] = [
    [change('CloneSet', 'ADDED', 'a', 1), true, 'first seen'],
    [change('CloneSet', 'MODIFIED', 'a', 1), false, 'a status write'],
    [change('CloneSet', 'MODIFIED', 'a', 2), true, 'a spec change'],
    [change('CloneSet', 'MODIFIED', 'a', 1), false, 'an older generation (a relist of a stale cache)'],
    [change('CloneSet', 'MODIFIED', 'b', 5), true, 'another object'],
    [change('Pod', 'MODIFIED', 'p', 3), false, 'pods never'],
    [change('PersistentVolumeClaim', 'MODIFIED', 'c'), false, 'no generation'],
    [change('CloneSet', 'DELETED', 'a', 2), false, 'a deletion'],
  ];
  for (const [c, want, why] of cases) assert.equal(specs.isNew(c), want, why);
  assert.equal(specs.size, 1, 'the deleted object is forgotten; b stays');
  specs.isNew(change('CloneSet', 'TOMBSTONE', 'b', 5));
  assert.equal(specs.size, 0);
});
