// SidecarSet revisions are deleted as decided on: uid and resourceVersion.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecordingKubeClient, testWriterOptions } from '@kruise-ts/runtime/testing';
import { KubeWriter } from '../../src/kube-writer.ts';

describe('SidecarSet KubeWriter.deleteRevision', () => {
  it('uid and resourceVersion preconditions', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
    await new KubeWriter(testWriterOptions(kube)).deleteRevision('ns', {
      metadata: meta,
      revision: 1,
    } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x', resourceVersion: '7' } });
  });
});
