import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  calculatePartitionReplicas,
  getScaledValueFromIntOrPercent,
  getValueFromIntOrPercent,
  IntOrPercentError,
  type IntOrString,
  intstrScaledValueFromIntOrPercent,
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

describe('getScaledValueFromIntOrPercent — Kruise util.GetScaledValueFromIntOrPercent (docs/behaviour/cloneset.md#int-or-percent row 1, #validation)', () => {
  table(getScaledValueFromIntOrPercent, [
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
    assert.equal(getScaledValueFromIntOrPercent('NaN%', 10, true), -(2 ** 63));
    assert.equal(getScaledValueFromIntOrPercent('+Inf%', 10, true), -(2 ** 63));
    assert.equal(getScaledValueFromIntOrPercent('infinity%', 1, true), -(2 ** 63));
    assert.throws(() => getScaledValueFromIntOrPercent('+NaN%', 10, true), IntOrPercentError);
  });
});

describe('calculatePartitionReplicas — Kruise util.CalculatePartitionReplicas (docs/behaviour/cloneset.md#int-or-percent row 2, TestCalculatePartitionReplicas)', () => {
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
      assert.equal(calculatePartitionReplicas(partition, replicas), want);
    });
  }
  it('propagates parse errors (the controller logs them and uses 0)', () => {
    assert.throws(() => calculatePartitionReplicas('5', 10), IntOrPercentError);
  });
});

describe('getValueFromIntOrPercent — k8s intstr.GetValueFromIntOrPercent (docs/behaviour/cloneset.md#int-or-percent row 3)', () => {
  table(getValueFromIntOrPercent, [
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

describe('intstrScaledValueFromIntOrPercent — apimachinery intstr.GetScaledValueFromIntOrPercent', () => {
  table(intstrScaledValueFromIntOrPercent, [
    [3, 1, true, 3],
    ['50%', 1, true, 1],
    ['0%', 1, true, 0],
    ['50%', 3, false, 1],
    ['5', 10, true, 'error'],
    ['12.5%', 8, true, 'error'],
    ['x%', 1, true, 'error'],
    [undefined, 1, true, 'error'],
  ]);
  it('says why, as Kubernetes does', () => {
    assert.throws(() => intstrScaledValueFromIntOrPercent('x%', 1, true), {
      message: 'invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax',
    });
  });
});
