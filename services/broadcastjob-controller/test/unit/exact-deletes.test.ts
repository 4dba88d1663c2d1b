// Every delete the BroadcastJob writer sends names the object decided on: a job recreated under the same name
// after its TTL decision, or a pod replaced, is left alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { KubeClient } from '@kruise-ts/runtime';
import { JobWriter } from '../../src/controller/job-writer.ts';

/** A KubeClient stand-in recording every API call made through it (the writers' effects, no server). */
function recordingKube(): { kube: KubeClient; calls: { method: string; params: Record<string, unknown> }[] } {
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const api = new Proxy(
    {},
    {
      get: (_t, method) => async (params: Record<string, unknown>) => {
        calls.push({ method: String(method), params });
        return {};
      },
    },
  );
  return { kube: { api: () => api } as unknown as KubeClient, calls };
}

describe('JobWriter deletes', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) =>
    new JobWriter({
      kube,
      key: 'ns/job',
      namespace: 'ns',
      fence: () => {},
      scale: new ScaleExpectations(),
      versions: new ResourceVersionExpectations(),
    });
  it('job (TTL): uid precondition', async () => {
    const { kube, calls } = recordingKube();
    await writer(kube).deleteJob({ metadata: meta } as never);
    assert.equal(calls[0]?.method, 'deleteNamespacedCustomObject');
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x' } });
  });
  it('pod: uid precondition', async () => {
    const { kube, calls } = recordingKube();
    await writer(kube).deletePod({ metadata: meta } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x' } });
  });
});
