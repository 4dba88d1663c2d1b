// Every child the AdvancedCronJob writer deletes (history, concurrency Replace) is the one decided on: a Job or
// BroadcastJob recreated under the same name is left alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResourceVersionExpectations, ScaleExpectations } from '@kruise-ts/core';
import type { KubeClient } from '@kruise-ts/runtime';
import { CronJobWriter } from '../../src/controller/cronjob-writer.ts';

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

describe('CronJobWriter.deleteChild', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) =>
    new CronJobWriter({
      kube,
      key: 'ns/acj',
      namespace: 'ns',
      fence: () => {},
      scale: new ScaleExpectations(),
      versions: new ResourceVersionExpectations(),
    });
  for (const [kind, method] of [
    ['Job', 'deleteNamespacedJob'],
    ['BroadcastJob', 'deleteNamespacedCustomObject'],
  ] as const) {
    it(`${kind}: uid precondition, background propagation`, async () => {
      const { kube, calls } = recordingKube();
      assert.equal(await writer(kube).deleteChild({ kind, metadata: meta } as never), true);
      assert.equal(calls[0]?.method, method);
      assert.deepEqual(calls[0]?.params.body, {
        preconditions: { uid: 'u-x' },
        propagationPolicy: 'Background',
      });
    });
  }
});
