// Every delete the Advanced StatefulSet writer sends names the object decided on (uid; resourceVersion too for
// revisions, which a rollback renumbers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeClient } from '@kruise-ts/runtime';
import { RecordingKubeClient, testWriterOptions } from '@kruise-ts/runtime/testing';
import { setClients } from '../../src/controller/clients.ts';
import { SetWriter } from '../../src/controller/set-writer.ts';

describe('SetWriter deletes', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) =>
    new SetWriter({ ...testWriterOptions(kube, 'ns/set'), clients: setClients(kube) });
  it('pod: uid precondition', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await writer(kube).deletePod({ metadata: meta } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x' } });
  });
  it('revision: uid and resourceVersion preconditions', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await writer(kube).deleteRevision({ metadata: meta, revision: 1 } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x', resourceVersion: '7' } });
  });
});
