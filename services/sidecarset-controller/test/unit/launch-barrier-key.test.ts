// The barrier's work-queue keys share the queue with SidecarSet names (src/launch-barrier.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launchBarrierQueueKey, parseLaunchBarrierQueueKey } from '../../src/launch-barrier.ts';

describe('launch barrier queue keys', () => {
  it('a pod key round-trips; a SidecarSet name is no pod key', () => {
    assert.deepEqual(parseLaunchBarrierQueueKey(launchBarrierQueueKey('team-a', 'web-0')), {
      namespace: 'team-a',
      name: 'web-0',
    });
    assert.equal(parseLaunchBarrierQueueKey('istio-proxy.v2'), undefined);
  });
});
