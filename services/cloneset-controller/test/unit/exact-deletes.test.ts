// Every delete the CloneSet writer sends names the object decided on: uid, and resourceVersion for PVCs and
// revisions (a volume re-owned or a revision renumbered since the decision is kept).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeClient } from '@kruise-ts/runtime';
import { RecordingKubeClient, testWriterOptions } from '@kruise-ts/runtime/testing';
import { cloneSetClients } from '../../src/controller/clients.ts';
import { KubeWriter } from '../../src/controller/kube-writer.ts';
import type { CloneSetPod, PersistentVolumeClaim } from '../../src/types.ts';

describe('CloneSet KubeWriter deletes', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) =>
    new KubeWriter({ ...testWriterOptions(kube, 'ns/sample'), clients: cloneSetClients(kube) });
  it('pod: uid precondition', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    assert.equal(await writer(kube).deletePod({ metadata: meta } as CloneSetPod), true);
    assert.deepEqual(calls, [
      {
        method: 'delete pods',
        params: { namespace: 'ns', name: 'x', body: { preconditions: { uid: 'u-x' } } },
      },
    ]);
  });
  it('PVC: uid and resourceVersion preconditions', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await writer(kube).deletePvc({ metadata: meta } as PersistentVolumeClaim);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x', resourceVersion: '7' } });
  });
  it('PVC of an instance whose pod lives (per the apiserver, not the cache) is kept', async () => {
    const labels = { 'apps.kruise.io/cloneset-instance-id': 'abc' };
    const live = new RecordingKubeClient({ listed: [{ metadata: { name: 'web-abc' } }] });
    assert.equal(
      await writer(live).deletePvc({ metadata: { ...meta, labels } } as PersistentVolumeClaim),
      false,
    );
    assert.deepEqual(
      live.calls.map((c) => [c.method, c.params.labelSelector]),
      [['list pods', 'apps.kruise.io/cloneset-instance-id=abc']],
    );
    const terminating = new RecordingKubeClient({
      listed: [{ metadata: { name: 'web-abc', deletionTimestamp: '2026-01-01T00:00:00Z' } }],
    });
    assert.equal(
      await writer(terminating).deletePvc({ metadata: { ...meta, labels } } as PersistentVolumeClaim),
      true,
    );
    assert.equal(terminating.calls.at(-1)?.method, 'delete persistentvolumeclaims');
  });
  it('revision: uid and resourceVersion preconditions', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await writer(kube).deleteRevision({ metadata: meta, revision: 1 } as never);
    assert.equal(calls[0]?.method, 'delete controllerrevisions');
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x', resourceVersion: '7' } });
  });
  it('refuses to delete an object without a uid', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await assert.rejects(writer(kube).deletePod({ metadata: { name: 'x' } } as CloneSetPod), /uid/);
    assert.equal(calls.length, 0);
  });
});
