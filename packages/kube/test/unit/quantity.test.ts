import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canonicalQuantity,
  compareQuantities,
  formatQuantity,
  parseQuantity,
  QuantityParseError,
} from '../../src/quantity.ts';

// [input, what Go's resource.ParseQuantity + MarshalJSON yields ("ERROR" = ParseQuantity fails)].
// Produced by a Go program against k8s.io/apimachinery v0.32.10 (identical under v0.36.3).
const GO_VECTORS: ReadonlyArray<readonly [string, string]> = [
  ['0', '0'],
  ['00', '0'],
  ['-0', '0'],
  ['+0', '0'],
  ['1', '1'],
  ['+1', '+1'],
  ['-1', '-1'],
  ['100m', '100m'],
  ['+100m', '+100m'],
  ['-100m', '-100m'],
  ['1000m', '1'],
  ['1500m', '1500m'],
  ['0.5', '500m'],
  ['0.1', '100m'],
  ['.5', '500m'],
  ['1.', '1.'],
  ['1.0', '1'],
  ['1.5', '1500m'],
  ['1500', '1500'],
  ['15000', '15k'],
  ['1500000', '1500k'],
  ['1000', '1k'],
  ['1k', '1k'],
  ['1000k', '1M'],
  ['1M', '1M'],
  ['128974848', '128974848'],
  ['129e6', '129e6'],
  ['129M', '129M'],
  ['123Mi', '123Mi'],
  ['1Gi', '1Gi'],
  ['1024Mi', '1Gi'],
  ['2048Ki', '2Mi'],
  ['1000Ki', '1000Ki'],
  ['100Ki', '100Ki'],
  ['1023Ki', '1023Ki'],
  ['1.5Gi', '1536Mi'],
  ['0.5Gi', '512Mi'],
  ['0.5Ki', '512'],
  ['1.5Ki', '1536'],
  ['-1Ki', '-1Ki'],
  ['-8Ki', '-8Ki'],
  ['1Ei', '1Ei'],
  ['8Ei', '9223372036854775807'],
  ['16Ei', '9223372036854775807'],
  ['-16Ei', '-9223372036854775807'],
  ['1e3', '1e3'],
  ['1E3', '1E3'],
  ['1e0', '1e0'],
  ['12e3', '12e3'],
  ['12000e0', '12e3'],
  ['1.5e2', '150'],
  ['1e-3', '1e-3'],
  ['1e-12', '1e-9'],
  ['1E', '1E'],
  ['1000E', '1'],
  ['1000P', '1E'],
  ['0.000000001', '1n'],
  ['0.0000000001', '1n'],
  ['-0.0000000001', '-1n'],
  ['1n', '1n'],
  ['1u', '1u'],
  ['10u', '10u'],
  ['1234567890123456789', '1234567890123456789'],
  ['12345678901234567890', '12345678901234567890'],
  ['123456789012345678901234', '123456789012345678901234'],
  ['1.0000001Ki', '1024000102400n'],
  ['1024.5', '1024500m'],
  ['2.5Mi', '2560Ki'],
  ['100e-3', '100e-3'],
  ['5e+2', '500'],
  ['0.001m', '1u'],
  ['1e100', '10e99'],
  ['1000e100', '10e102'],
  ['1e-100', '1e-9'],
  [' 1 ', 'ERROR'],
  ['1ki', 'ERROR'],
  ['1e', 'ERROR'],
  ['abc', 'ERROR'],
  ['', 'ERROR'],
  ['1.2.3', 'ERROR'],
  ['1Gb', 'ERROR'],
  ['--1', 'ERROR'],
  ['0x10', 'ERROR'],
  ['10Pi', '10Pi'],
  ['7Ei', '7Ei'],
  ['8.5Ei', '9223372036854775807'],
];

describe('resource.Quantity round trip (docs/behaviour/cloneset.md#revisions: revision data is Go-marshalled, quantities canonicalised)', () => {
  for (const [input, expected] of GO_VECTORS) {
    it(`${JSON.stringify(input)} → ${expected}`, () => {
      if (expected === 'ERROR') {
        assert.throws(() => formatQuantity(parseQuantity(input)), QuantityParseError);
      } else {
        assert.equal(formatQuantity(parseQuantity(input)), expected);
      }
    });
  }
});

describe('canonicalQuantity (JSON field value → marshalled string)', () => {
  it('trims surrounding whitespace like Quantity.UnmarshalJSON', () => {
    assert.equal(canonicalQuantity(' 1000m '), '1');
  });
  it('accepts bare JSON numbers', () => {
    assert.equal(canonicalQuantity(2), '2');
    assert.equal(canonicalQuantity(0.5), '500m');
    assert.equal(canonicalQuantity(1000), '1k');
  });
});

describe('compareQuantities (numeric, as Quantity.Cmp)', () => {
  const cases: ReadonlyArray<readonly [string, string, number]> = [
    ['1', '1000m', 0],
    ['1Gi', '1024Mi', 0],
    ['1G', '1Gi', -1],
    ['500m', '0.5', 0],
    ['2', '1999m', 1],
    ['-1', '0', -1],
    ['1e3', '1k', 0],
  ];
  for (const [a, b, want] of cases) {
    it(`${a} vs ${b} → ${want}`, () => {
      assert.equal(compareQuantities(parseQuantity(a), parseQuantity(b)), want);
    });
  }
});
