// A pod (or PVC) the apiserver refuses: the FailedScale condition and the FailedCreate Event carry the
// apiserver's own message, as Kruise's do (pkg/controller/cloneset/sync/cloneset_scale.go createPods; the
// condition from pkg/controller/cloneset/cloneset_controller.go; docs/behaviour/cloneset.md#pod-creation).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@kruise-ts/devcluster';
import { cloneSetObject, createCloneSet, eventsOf, getCloneSet } from './support/cloneset.ts';
import { Harness } from './support/harness.ts';

const h = new Harness();
before(async () => {
  await h.start();
});
after(async () => {
  await h.stop();
});

describe('FailedScale (docs/behaviour/cloneset.md#pod-creation)', () => {
  it('a PVC template the apiserver rejects: the condition and the Event quote its validation message', async () => {
    const ns = await h.namespace('failscale');
    // No storage request: the apiserver's PVC validation refuses the claim (spec.resources[storage]).
    const obj = cloneSetObject(ns, 'nostore', {
      replicas: 1,
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'] } }],
    });
    await createCloneSet(h, obj);
    const condition = await eventually(
      'FailedScale condition',
      async () =>
        (await getCloneSet(h, ns, 'nostore')).status?.conditions?.find((c) => c.type === 'FailedScale'),
      { timeoutMs: 30_000 },
    );
    assert.equal(condition.status, 'True');
    assert.match(
      condition.message ?? '',
      /^PersistentVolumeClaim "data-nostore-[a-z0-9]+" is invalid: spec\.resources\[storage\]: Required value/,
    );
    const events = await eventually('FailedCreate event', async () => {
      const list = (await eventsOf(h, ns, 'nostore')).filter((e) => e.reason === 'FailedCreate');
      return list.length > 0 ? list : undefined;
    });
    assert.match(
      events[0]?.message ?? '',
      /^failed to create pvc: PersistentVolumeClaim "data-nostore-[a-z0-9]+" is invalid: spec\.resources\[storage\]: Required value/,
    );
  });
});
