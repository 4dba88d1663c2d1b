// Kruise's int-or-percent parsing (docs/behaviour/cloneset.md#int-or-percent; pkg/util/tools_test.go TestCalculatePartitionReplicas).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { calculatePartitionReplicas, getScaledValueFromIntOrPercent } from '../../src/index.ts';

describe('calculatePartitionReplicas (TestCalculatePartitionReplicas)', () => {
  const cases: [number | undefined, number | string | undefined, number][] = [
    [9, '99%', 8],
    [10, '90%', 9],
    [10, '1%', 1],
    [99, '99%', 98],
    [99, '100%', 99],
    [99, '0%', 0],
    [undefined, '1%', 1],
    [0, '99%', 0],
    [10, 5, 5],
    [1, '50%', 1],
    [3, undefined, 0],
    [4, '99%', 3],
  ];
  for (const [replicas, partition, want] of cases) {
    test(`replicas ${replicas} partition ${JSON.stringify(partition)} → ${want}`, () => {
      assert.equal(calculatePartitionReplicas(partition, replicas), want);
    });
  }
});

describe('getScaledValueFromIntOrPercent', () => {
  test('ints are taken as is, percentages are floats scaled and rounded as asked', () => {
    assert.equal(getScaledValueFromIntOrPercent(-1, 10, true), -1);
    assert.equal(getScaledValueFromIntOrPercent('20%', 3, true), 1);
    assert.equal(getScaledValueFromIntOrPercent('20%', 3, false), 0);
    assert.equal(getScaledValueFromIntOrPercent('12.5%', 8, true), 1);
    assert.equal(getScaledValueFromIntOrPercent('120%', 10, true), 12);
  });

  test("a numeric string without % is rejected with Kruise's message", () => {
    assert.throws(
      () => getScaledValueFromIntOrPercent('5', 10, true),
      /^Error: invalid type: string is not a percentage$/,
    );
    assert.throws(
      () => getScaledValueFromIntOrPercent('x%', 10, true),
      /strconv.ParseFloat: parsing "x": invalid syntax/,
    );
    assert.throws(() => getScaledValueFromIntOrPercent(undefined, 10, true), /nil value for IntOrString/);
  });
});
