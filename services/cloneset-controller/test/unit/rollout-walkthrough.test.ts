// The walk-through: 5 replicas of nginx:1.22-alpine updated to nginx:1.23-alpine with partition 3,
// maxSurge 2 and minReadySeconds 10, reconciled step by step against a fake kubelet.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rolloutLimits } from '@kruise-ts/core';
import type { CloneSet } from '../../src/types.ts';
import { Simulator } from './simulator.ts';

const START = Date.parse('2026-03-01T12:00:00Z');

function sampleCloneSet(
  image: string,
  rollingUpdate: NonNullable<NonNullable<CloneSet['spec']['updateStrategy']>['rollingUpdate']>,
): CloneSet & { metadata: { name: string; namespace: string; uid: string; generation: number } } {
  return {
    metadata: { name: 'sample', namespace: 'default', uid: 'cs-uid', generation: 1 },
    spec: {
      replicas: 5,
      minReadySeconds: 10,
      selector: { matchLabels: { app: 'sample' } },
      template: { metadata: { labels: { app: 'sample' } }, spec: { containers: [{ name: 'nginx', image }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate },
    },
  };
}

function walkThrough(rollingUpdate: Parameters<typeof sampleCloneSet>[1]) {
  const sim = new Simulator(sampleCloneSet('nginx:1.22-alpine', rollingUpdate), START, 5_000);
  sim.seedSteadyPods(5);
  const oldRevision = sim.cloneSet.status?.currentRevision ?? '';
  // The user edits the image.
  const edited = sampleCloneSet('nginx:1.23-alpine', rollingUpdate);
  sim.cloneSet = {
    ...edited,
    metadata: { ...edited.metadata, generation: 2 },
    status: sim.cloneSet.status ?? {
      replicas: 0,
      readyReplicas: 0,
      availableReplicas: 0,
      updatedReplicas: 0,
      updatedReadyReplicas: 0,
    },
  };
  const history = sim.run(40);
  return { sim, history, oldRevision };
}

const variants: Array<[string, Parameters<typeof sampleCloneSet>[1]]> = [
  ['ReCreate', { partition: 3, maxSurge: 2, podUpdatePolicy: 'ReCreate' }],
  ['InPlaceIfPossible', { partition: 3, maxSurge: 2, podUpdatePolicy: 'InPlaceIfPossible' }],
];

describe('walk-through: partition 3, maxSurge 2, minReadySeconds 10 (docs/behaviour/cloneset.md#scale-arithmetic, #rollout-example, #update-limit, #partition-paused, #status)', () => {
  for (const [policy, rollingUpdate] of variants) {
    describe(policy, () => {
      const { sim, history, oldRevision } = walkThrough(rollingUpdate);
      const limits = rolloutLimits({ replicas: 5, rollingUpdate });

      it('maxSurge 2 makes maxUnavailable floor(20% of 5) = 1', () => {
        assert.deepEqual([limits.maxSurge, limits.maxUnavailable, limits.partition], [2, 1, 3]);
      });

      it('at every step: no more than replicas + maxSurge pods, no fewer than replicas − maxUnavailable available', () => {
        for (const h of history) {
          assert.ok(h.pods <= 5 + limits.maxSurge, `step ${h.step} (${h.action}): ${h.pods} pods`);
          assert.ok(
            h.available >= 5 - limits.maxUnavailable,
            `step ${h.step} (${h.action}): only ${h.available} available`,
          );
        }
      });

      it('surges first: the first reconcile creates 2 pods of the new revision', () => {
        assert.equal(history[0]?.action, 'scale:create');
        assert.equal(history[0]?.pods, 7);
      });

      it('ends with 2 updated and 3 old pods, all available', () => {
        const last = history.at(-1);
        assert.deepEqual(last?.images, [
          'nginx:1.22-alpine',
          'nginx:1.22-alpine',
          'nginx:1.22-alpine',
          'nginx:1.23-alpine',
          'nginx:1.23-alpine',
        ]);
        assert.equal(last?.available, 5);
        assert.equal(sim.countOnRevision(oldRevision), 3);
      });

      it("ends with Kruise's status counts; currentRevision stays at the old revision because of the partition", () => {
        const s = history.at(-1)?.status;
        assert.deepEqual(
          {
            replicas: s?.replicas,
            readyReplicas: s?.readyReplicas,
            availableReplicas: s?.availableReplicas,
            updatedReplicas: s?.updatedReplicas,
            updatedReadyReplicas: s?.updatedReadyReplicas,
            updatedAvailableReplicas: s?.updatedAvailableReplicas,
            expectedUpdatedReplicas: s?.expectedUpdatedReplicas,
            observedGeneration: s?.observedGeneration,
            collisionCount: s?.collisionCount,
            labelSelector: s?.labelSelector,
          },
          {
            replicas: 5,
            readyReplicas: 5,
            availableReplicas: 5,
            updatedReplicas: 2,
            updatedReadyReplicas: 2,
            updatedAvailableReplicas: 2,
            expectedUpdatedReplicas: 2,
            observedGeneration: 2,
            collisionCount: 0,
            labelSelector: 'app=sample',
          },
        );
        assert.equal(s?.currentRevision, oldRevision);
        assert.equal(s?.currentRevision, 'sample-66bf7df478');
        assert.notEqual(s?.updateRevision, oldRevision);
        assert.equal(s?.conditions?.length ?? 0, 0);
      });

      it('converges: the last reconciles change nothing', () => {
        for (const h of history.slice(-5))
          assert.ok(['none', 'nothing-to-update'].includes(h.action), `${h.step}: ${h.action}`);
      });

      it('old pods are only deleted while the surge pods keep availability (never two at once)', () => {
        for (let i = 1; i < history.length; i++) {
          const prev = history[i - 1];
          const cur = history[i];
          if (prev !== undefined && cur !== undefined)
            assert.ok(prev.pods - cur.pods <= 1, `step ${i}: ${prev.pods} -> ${cur.pods}`);
        }
      });
    });
  }

  it('in place without surge (partition 3, maxUnavailable 1): one pod at a time, containers restarted in place', () => {
    const { sim, history, oldRevision } = walkThrough({
      partition: 3,
      maxSurge: 0,
      maxUnavailable: 1,
      podUpdatePolicy: 'InPlaceIfPossible',
    });
    assert.ok(history.some((h) => h.action.includes('update:in-place')));
    for (const h of history) {
      assert.ok(h.pods === 5, `step ${h.step}: ${h.pods} pods`);
      assert.ok(h.available >= 4, `step ${h.step} (${h.action}): ${h.available} available`);
    }
    assert.equal(sim.countOnRevision(oldRevision), 3);
    const restarted = sim.pods.filter((p) => (p.status?.containerStatuses?.[0]?.restartCount ?? 0) > 0);
    assert.equal(restarted.length, 2);
    const s = history.at(-1)?.status;
    assert.deepEqual([s?.updatedReplicas, s?.updatedAvailableReplicas, s?.availableReplicas], [2, 2, 5]);
    assert.ok(sim.pods.every((p) => p.metadata.labels?.['lifecycle.apps.kruise.io/state'] === 'Normal'));
  });
});
