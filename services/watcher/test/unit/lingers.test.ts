import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WatchedResource } from '../../src/kinds.ts';
import { lingers } from '../../src/lingers.ts';
import type { ObjectChange } from '../../src/object-event.ts';

const resource = (kind: string): WatchedResource => ({
  group: kind === 'Pod' || kind === 'PersistentVolumeClaim' ? '' : 'apps.kruise.io',
  version: 'v1',
  plural: `${kind.toLowerCase()}s`,
  kind,
  namespaced: true,
});

function change(kind: string, generation?: number): ObjectChange {
  return {
    resource: resource(kind),
    type: 'MODIFIED',
    object: { kind, metadata: { name: 'x', uid: 'u', ...(generation === undefined ? {} : { generation }) } },
    json: new Uint8Array(0),
    resourceVersion: '1',
  };
}

test('pods and objects without a generation linger; workloads and the like never do', () => {
  const cases: [ObjectChange, boolean, string][] = [
    [change('Pod', 3), true, 'a pod, whatever its generation'],
    [change('Pod'), true, 'a pod of a cluster that does not track its generation'],
    [change('PersistentVolumeClaim'), true, 'no generation: the volume binder’s states fold'],
    [change('CloneSet', 1), false, 'a workload: its spec and its controller’s status writes go at once'],
    [change('StatefulSet', 7), false, 'any generation'],
  ];
  for (const [c, want, why] of cases) assert.equal(lingers(c), want, why);
});
