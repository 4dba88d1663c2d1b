import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getScaledValueFromIntOrPercent } from '@kruise-ts/kube';
import { rolloutLimits } from '../../src/rollout-limits.ts';

describe('rolloutLimits — calculateDiffsWithExpectation prologue (docs/behaviour/cloneset.md#scale-arithmetic, #int-or-percent consequences)', () => {
  it('uses the defaults: maxUnavailable 20% rounded up, no surge, no partition, unlimited scale-up', () => {
    assert.deepEqual(rolloutLimits({ replicas: 3, rollingUpdate: {} }), {
      partition: 0,
      maxSurge: 0,
      maxUnavailable: 1,
      scaleMaxUnavailable: 2 ** 31 - 1,
    });
  });
  it('rounds maxUnavailable down when maxSurge is non-zero', () => {
    const l = rolloutLimits({ replicas: 10, rollingUpdate: { maxSurge: '10%', maxUnavailable: '25%' } });
    assert.equal(l.maxSurge, 1);
    assert.equal(l.maxUnavailable, 2);
  });
  it('rounds maxUnavailable up again when paused forces maxSurge to 0', () => {
    const l = rolloutLimits({
      replicas: 10,
      rollingUpdate: { maxSurge: '10%', maxUnavailable: '25%', paused: true },
    });
    assert.equal(l.maxSurge, 0);
    assert.equal(l.maxUnavailable, 3);
  });
  it('computes 0 for "12.5%" although validation accepts it', () => {
    assert.equal(
      rolloutLimits({ replicas: 8, rollingUpdate: { maxUnavailable: '12.5%' } }).maxUnavailable,
      0,
    );
    assert.equal(getScaledValueFromIntOrPercent('12.5%', 8, true), 1);
  });
  it('treats an unparsable maxSurge as 0, which makes maxUnavailable round up', () => {
    const l = rolloutLimits({ replicas: 10, rollingUpdate: { maxSurge: '1.5%', maxUnavailable: '25%' } });
    assert.deepEqual([l.maxSurge, l.maxUnavailable], [0, 3]);
  });
  it('falls back to partition 0 on a partition error', () => {
    assert.equal(rolloutLimits({ replicas: 10, rollingUpdate: { partition: 'x' } }).partition, 0);
  });
  it('applies calculatePartitionReplicas for partition', () => {
    assert.equal(rolloutLimits({ replicas: 4, rollingUpdate: { partition: '99%' } }).partition, 3);
  });
  it('OnDelete (no rollingUpdate): partition 0, no surge, default 20% rounded down', () => {
    assert.deepEqual(rolloutLimits({ replicas: 4 }), {
      partition: 0,
      maxSurge: 0,
      maxUnavailable: 0,
      scaleMaxUnavailable: 2 ** 31 - 1,
    });
    assert.equal(rolloutLimits({ replicas: 10, rollingUpdate: null }).maxUnavailable, 2);
  });
  it('rounds scaleStrategy.maxUnavailable up', () => {
    assert.equal(
      rolloutLimits({ replicas: 3, rollingUpdate: {}, scaleMaxUnavailable: '50%' }).scaleMaxUnavailable,
      2,
    );
    assert.equal(
      rolloutLimits({ replicas: 3, rollingUpdate: {}, scaleMaxUnavailable: 1 }).scaleMaxUnavailable,
      1,
    );
  });
});
