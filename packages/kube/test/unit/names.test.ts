// After apimachinery pkg/util/validation validation_test.go (TestIsQualifiedName, TestIsValidLabelValue,
// TestIsDNS1123Subdomain): a few rows of each, good and bad.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDns1123Subdomain, isLabelValue, isQualifiedName } from '../../src/names.ts';

const rows = <T>(fn: (v: T) => boolean, good: readonly T[], bad: readonly T[]) => {
  for (const v of good) it(`accepts ${JSON.stringify(v)}`, () => assert.equal(fn(v), true));
  for (const v of bad) it(`rejects ${JSON.stringify(v)}`, () => assert.equal(fn(v), false));
};

describe('isQualifiedName', () =>
  rows(
    isQualifiedName,
    [
      'simple',
      'now-with-dashes',
      '1-starts-with-num',
      '1234',
      'simple/simple',
      'now-with-dashes/simple',
      'example.com/Uppercase',
      `${'a'.repeat(63)}`,
      `${'a'.repeat(253)}/a`,
    ],
    [
      '',
      'nospecialchars%^=@',
      'cantendwithadash-',
      '-cantstartwithadash',
      'only/one/slash',
      'Example.com/abc',
      '/simple',
      `${'a'.repeat(64)}`,
      `${'a'.repeat(254)}/a`,
    ],
  ));

describe('isLabelValue', () =>
  rows(
    isLabelValue,
    ['', 'simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', 'a'.repeat(63)],
    [
      'nospecialchars%^=@',
      'Tama-nui-te-rā.is.Māori.sun',
      '\\backslashes\\are\\bad',
      '-starts-with-dash',
      'ends-with-dash-',
      '.starts.with.dot',
      'a'.repeat(64),
    ],
  ));

describe('isDns1123Subdomain', () =>
  rows(
    isDns1123Subdomain,
    ['a', 'ab', 'a-b', 'a.b', '1.2.3', 'a'.repeat(253)],
    ['', 'A', 'a_b', '-a', 'a-', 'a..b', 'a'.repeat(254)],
  ));
