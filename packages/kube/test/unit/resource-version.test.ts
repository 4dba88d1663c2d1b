import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareResourceVersions,
  isResourceVersionAtLeast,
  isResourceVersionOlder,
  parseResourceVersion,
} from '../../src/resource-version.ts';

describe('resourceVersion comparison', () => {
  it('parses decimal uint64 only', () => {
    assert.equal(parseResourceVersion('42'), 42n);
    assert.equal(parseResourceVersion('18446744073709551615'), 2n ** 64n - 1n);
    for (const bad of ['', 'abc', '-1', '1.5', '18446744073709551616', ' 1', undefined, null]) {
      assert.equal(parseResourceVersion(bad), undefined, String(bad));
    }
  });
  it('compares numerically, not as text', () => {
    assert.equal(compareResourceVersions('9', '10'), -1);
    assert.equal(compareResourceVersions('10', '10'), 0);
    assert.equal(compareResourceVersions('100', '99'), 1);
    assert.equal(compareResourceVersions('x', '1'), undefined);
  });
  const compared: ReadonlyArray<[string, string, -1 | 0 | 1 | undefined]> = [
    ['0', '0', 0],
    ['0', '1', -1],
    ['007', '7', 0],
    ['7', '010', -1],
    ['999999999999999999', '1000000000000000000', -1],
    ['9999999999999999999', '10000000000000000000', -1],
    ['18446744073709551615', '9', 1],
    ['18446744073709551616', '9', undefined],
    ['12a', '12', undefined],
  ];
  for (const [a, b, want] of compared) {
    it(`compareResourceVersions(${a}, ${b}) = ${want}`, () => {
      assert.equal(compareResourceVersions(a, b), want);
      assert.equal(
        compareResourceVersions(b, a),
        want === undefined ? undefined : ((-want || 0) as -1 | 0 | 1),
      );
    });
  }
  const atLeast: ReadonlyArray<[string, string, boolean]> = [
    ['', 'anything', true],
    ['5', '5', true],
    ['5', '6', true],
    ['5', '4', false],
    ['10', '9', false],
    ['9', '10', true],
    ['abc', '1', true],
    ['5', 'abc', false],
    ['5', '', false],
    ['18446744073709551615', '18446744073709551615', true],
    ['18446744073709551616', '1', true],
    ['+5', '1', true],
  ];
  for (const [prev, next, want] of atLeast) {
    it(`isResourceVersionAtLeast(${JSON.stringify(prev)}, ${JSON.stringify(next)}) = ${want}`, () =>
      assert.equal(isResourceVersionAtLeast(prev, next), want));
  }
  it('unparsable versions never count as older', () => {
    assert.equal(isResourceVersionOlder('1', '2'), true);
    assert.equal(isResourceVersionOlder('2', '1'), false);
    assert.equal(isResourceVersionOlder('x', '2'), false);
  });
});
