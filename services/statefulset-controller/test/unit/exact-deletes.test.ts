// Every delete the Advanced StatefulSet writer sends names the object decided on (uid; resourceVersion too for
// revisions, which a rollback renumbers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { KubeClient } from '@kruise-ts/runtime';
import { SetWriter } from '../../src/controller/set-writer.ts';

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

describe('SetWriter deletes', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) =>
    new SetWriter({
      kube,
      key: 'ns/set',
      namespace: 'ns',
      fence: () => {},
      scale: new ScaleExpectations(),
      versions: new ResourceVersionExpectations(),
    });
  it('pod: uid precondition', async () => {
    const { kube, calls } = recordingKube();
    await writer(kube).deletePod({ metadata: meta } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x' } });
  });
  it('revision: uid and resourceVersion preconditions', async () => {
    const { kube, calls } = recordingKube();
    await writer(kube).deleteRevision({ metadata: meta, revision: 1 } as never);
    assert.deepEqual(calls[0]?.params.body, { preconditions: { uid: 'u-x', resourceVersion: '7' } });
  });
});
