import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  IntOrPercentError,
  type IntOrString,
  partitionReplicas,
  rolloutLimits,
  rolloutScaledValue,
  validationScaledValue,
} from '../../src/int-or-percent.ts';

type Row = readonly [value: IntOrString | undefined, total: number, roundUp: boolean, want: number | 'error'];

function table(
  fn: (v: IntOrString | undefined, total: number, roundUp: boolean) => number,
  rows: readonly Row[],
) {
  for (const [value, total, roundUp, want] of rows) {
    it(`${JSON.stringify(value)} of ${total} (${roundUp ? 'ceil' : 'floor'}) → ${want}`, () => {
      if (want === 'error') assert.throws(() => fn(value, total, roundUp), IntOrPercentError);
      else assert.equal(fn(value, total, roundUp), want);
    });
  }
}

describe('validationScaledValue — Kruise util.GetScaledValueFromIntOrPercent (docs/behaviour/cloneset.md#int-or-percent row 1, #validation)', () => {
  table(validationScaledValue, [
    [123, 0, false, 123],
    ['90%', 100, true, 90],
    ['90%', 95, true, 86],
    ['90%', 95, false, 85],
    ['99.99%', 999, false, 998],
    ['99.99%', 999, true, 999],
    ['0.01%', 95, false, 0],
    ['0.01%', 95, true, 1],
    ['12.5%', 8, false, 1],
    ['120%', 10, true, 12],
    ['-1', 10, true, 'error'],
    [-1, 10, true, -1],
    ['1e1%', 10, true, 1],
    ['.5%', 1000, true, 5],
    ['0x1p1%', 100, true, 2],
    ['%', 10, true, 'error'],
    ['90#', 10, true, 'error'],
    ['#%', 10, true, 'error'],
    ['90', 10, true, 'error'],
    ['1_0%', 10, true, 1],
    ['1__0%', 10, true, 'error'],
    ['_10%', 10, true, 'error'],
    ['10_%', 10, true, 'error'],
    ['0x_1p1%', 100, true, 2],
    ['1e-400%', 10, true, 0],
    ['1e400%', 10, true, 'error'],
    [undefined, 10, true, 'error'],
    [1.5, 10, true, 'error'],
  ]);
  it('"NaN%" and "Inf%" convert like Go on amd64 (int of a non-finite float is the minimum int64)', () => {
    assert.equal(validationScaledValue('NaN%', 10, true), -(2 ** 63));
    assert.equal(validationScaledValue('+Inf%', 10, true), -(2 ** 63));
    assert.equal(validationScaledValue('infinity%', 1, true), -(2 ** 63));
    assert.throws(() => validationScaledValue('+NaN%', 10, true), IntOrPercentError);
  });
});

describe('partitionReplicas — Kruise util.CalculatePartitionReplicas (docs/behaviour/cloneset.md#int-or-percent row 2, TestCalculatePartitionReplicas)', () => {
  const rows: ReadonlyArray<
    readonly [replicas: number | undefined, partition: IntOrString | undefined, want: number]
  > = [
    [9, '99%', 8],
    [10, '90%', 9],
    [10, '1%', 1],
    [99, '99%', 98],
    [99, '100%', 99],
    [99, '0%', 0],
    [undefined, '1%', 1],
    [0, '99%', 0],
    [10, 5, 5],
    [10, undefined, 0],
    [1, '50%', 1],
    [1, '1%', 1],
    [2, '100%', 2],
    [2, '99%', 1],
    [5, 10, 5],
    [5, -3, 0],
    [4, '99%', 3],
    [10, '150%', 10],
  ];
  for (const [replicas, partition, want] of rows) {
    it(`replicas ${replicas}, partition ${JSON.stringify(partition)} → ${want}`, () => {
      assert.equal(partitionReplicas(partition, replicas), want);
    });
  }
  it('propagates parse errors (the controller logs them and uses 0)', () => {
    assert.throws(() => partitionReplicas('5', 10), IntOrPercentError);
  });
});

describe('rolloutScaledValue — k8s intstr.GetValueFromIntOrPercent (docs/behaviour/cloneset.md#int-or-percent row 3)', () => {
  table(rolloutScaledValue, [
    [3, 10, true, 3],
    ['20%', 3, true, 1],
    ['20%', 3, false, 0],
    ['20%', 10, false, 2],
    ['25%', 10, true, 3],
    ['25%', 10, false, 2],
    ['5', 100, true, 5],
    ['%5', 100, true, 5],
    ['5%%', 100, true, 5],
    ['+5%', 100, true, 5],
    ['-5%', 10, true, 0],
    ['120%', 10, true, 12],
    ['12.5%', 8, true, 'error'],
    ['abc%', 8, true, 'error'],
    ['', 8, true, 'error'],
    ['99999999999999999999%', 8, true, 'error'],
    [undefined, 8, true, 'error'],
  ]);
});

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
    assert.equal(validationScaledValue('12.5%', 8, true), 1);
  });
  it('treats an unparsable maxSurge as 0, which makes maxUnavailable round up', () => {
    const l = rolloutLimits({ replicas: 10, rollingUpdate: { maxSurge: '1.5%', maxUnavailable: '25%' } });
    assert.deepEqual([l.maxSurge, l.maxUnavailable], [0, 3]);
  });
  it('falls back to partition 0 on a partition error', () => {
    assert.equal(rolloutLimits({ replicas: 10, rollingUpdate: { partition: 'x' } }).partition, 0);
  });
  it('applies partitionReplicas for partition', () => {
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
