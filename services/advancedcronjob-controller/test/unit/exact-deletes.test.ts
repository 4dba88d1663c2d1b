// Every child the AdvancedCronJob writer deletes (history, concurrency Replace) is the one decided on: a Job or
// BroadcastJob recreated under the same name is left alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeClient } from '@kruise-ts/runtime';
import { RecordingKubeClient, testWriterOptions } from '@kruise-ts/runtime/testing';
import { CronJobWriter } from '../../src/controller/cronjob-writer.ts';

describe('CronJobWriter.deleteChild', () => {
  const meta = { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '7' };
  const writer = (kube: KubeClient) => new CronJobWriter(testWriterOptions(kube, 'ns/acj'));
  for (const [kind, method] of [
    ['Job', 'delete jobs'],
    ['BroadcastJob', 'delete broadcastjobs'],
  ] as const) {
    it(`${kind}: uid precondition, background propagation`, async () => {
      const kube = new RecordingKubeClient();
      const { calls } = kube;
      assert.equal(await writer(kube).deleteChild({ kind, metadata: meta } as never), true);
      assert.equal(calls[0]?.method, method);
      assert.deepEqual(calls[0]?.params.body, {
        preconditions: { uid: 'u-x' },
        propagationPolicy: 'Background',
      });
    });
  }
});
