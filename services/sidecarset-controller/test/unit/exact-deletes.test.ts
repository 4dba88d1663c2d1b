// SidecarSet revisions are deleted as decided on: uid and resourceVersion.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations } from '@kruise-ts/core';
import type { KubeClient } from '@kruise-ts/runtime';
import { KubeWriter } from '../../src/kube-writer.ts';

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

describe('SidecarSet KubeWriter.deleteRevision', () => {
  it('uid and resourceVersion preconditions', async () => {
    const { kube, calls } = recordingKube();
    const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
    await new KubeWriter({
      kube,
      fence: () => {},
      versions: new ResourceVersionExpectations(),
    }).deleteRevision('ns', { metadata: meta, revision: 1 } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x', resourceVersion: '7' } });
  });
});
