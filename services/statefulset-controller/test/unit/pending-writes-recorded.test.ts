// The writes of a refresh (conditions) and of a lifecycle move are recorded until the cache shows them, so no later
// reconcile repeats them from an older copy of the pod (controller/pending-pod-writes.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LifecycleState } from '@kruise-ts/core';
import { RecordingKubeClient, testWriterOptions } from '@kruise-ts/runtime/testing';
import { setClients } from '../../src/controller/clients.ts';
import { PendingPodWrites } from '../../src/controller/pending-pod-writes.ts';
import { SetWriter } from '../../src/controller/set-writer.ts';
import type { StatefulSetPod } from '../../src/types.ts';

describe('SetWriter refresh and lifecycle writes', () => {
  const at = (resourceVersion: string, conditions: object[] = []) =>
    ({
      metadata: { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion, labels: {} },
      status: { conditions },
    }) as unknown as StatefulSetPod;
  const setup = () => {
    const kube = new RecordingKubeClient({
      answer: () => ({
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { name: 'x', namespace: 'ns', uid: 'u-x', resourceVersion: '9' },
      }),
    });
    const pendingWrites = new PendingPodWrites();
    const writer = new SetWriter({
      ...testWriterOptions(kube, 'ns/set'),
      clients: setClients(kube),
      pendingWrites,
    });
    return { kube, pendingWrites, writer };
  };

  it('a lifecycle move is recorded at the version it wrote', async () => {
    const { kube, pendingWrites, writer } = setup();
    await writer.setLifecycleState(at('7'), LifecycleState.Normal, 0);
    assert.equal(kube.calls[0]?.method, 'patch pods');
    assert.equal(pendingWrites.toActOn(at('7'), at('8')), undefined, 'the cache still shows 8');
    assert.deepEqual(pendingWrites.toActOn(at('7'), at('9')), at('9'));
  });

  it('a condition write is recorded; none is made when nothing changed', async () => {
    const { kube, pendingWrites, writer } = setup();
    const ready = { type: 'InPlaceUpdateReady', status: 'True' };
    await writer.setPodConditions(at('7'), [ready]);
    assert.equal(kube.calls[0]?.method, 'patch pods/status');
    assert.equal(pendingWrites.toActOn(at('7'), at('8')), undefined);
    await writer.setPodConditions(at('9', [ready]), [ready]);
    assert.equal(kube.calls.length, 1);
  });
});
