// Every delete the BroadcastJob writer sends names the object decided on: a job recreated under the same name
// after its TTL decision, or a pod replaced, is left alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeClient } from '@kruise-ts/runtime';
import { RecordingKubeClient, testWriterOptions } from '@kruise-ts/runtime/testing';
import { JobWriter } from '../../src/controller/job-writer.ts';

describe('JobWriter deletes', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) => new JobWriter(testWriterOptions(kube, 'ns/job'));
  it('job (TTL): uid precondition', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await writer(kube).deleteJob({ metadata: meta } as never);
    assert.equal(calls[0]?.method, 'delete broadcastjobs');
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x' } });
  });
  it('pod: uid precondition', async () => {
    const kube = new RecordingKubeClient();
    const { calls } = kube;
    await writer(kube).deletePod({ metadata: meta } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x' } });
  });
});
