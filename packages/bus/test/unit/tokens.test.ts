import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fromToken, kindTokens, parseKindTokens, toToken } from '../../src/index.ts';

// NATS subject tokens may not contain these; `~` and `_` are ours.
const unsafe = /[.*>\s]/;

describe('subject token escaping', () => {
  const table: Array<[string, string]> = [
    ['', '_'],
    ['default', 'default'],
    ['kube-system', 'kube-system'],
    ['apps.kruise.io', 'apps_kruise_io'],
    ['web-0.example.com', 'web-0_example_com'],
    ['clonesets.apps.kruise.io', 'clonesets_apps_kruise_io'],
    ['a_b', 'a~5Fb'],
    ['system:controller:x', 'system~3Acontroller~3Ax'],
    ['a*b>c d', 'a~2Ab~3Ec~20d'],
    ['~', '~7E'],
    ['é', '~C3~A9'],
    ['.', '~2E'],
    ['..', '__'],
  ];
  for (const [raw, token] of table) {
    test(`'${raw}' <-> '${token}'`, () => {
      assert.equal(toToken(raw), token);
      assert.equal(fromToken(token), raw);
      assert.doesNotMatch(token, unsafe);
    });
  }

  test('round-trips random strings and never produces an unsafe token', () => {
    const alphabet = ['a', 'Z', '0', '-', '.', '_', '~', '*', '>', ' ', '\t', ':', '/', 'é', '名', '😀', '%'];
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const length = next() % 12;
      let raw = '';
      for (let j = 0; j < length; j++) raw += alphabet[next() % alphabet.length];
      const token = toToken(raw);
      assert.doesNotMatch(token, unsafe, raw);
      assert.ok(token.length > 0);
      assert.equal(fromToken(token), raw);
    }
  });

  test('rejects tokens that no escaping produced', () => {
    assert.throws(() => fromToken('a.b'), /cannot appear/);
    assert.throws(() => fromToken('a~zz'), /bad escape/);
    assert.throws(() => fromToken('~FF'), /UTF-8/);
  });
});

describe('kind tokens', () => {
  test('a Kruise kind is `<Kind>.<group with _ for .>`', () => {
    assert.equal(kindTokens({ group: 'apps.kruise.io', kind: 'CloneSet' }), 'CloneSet.apps_kruise_io');
    assert.deepEqual(parseKindTokens('CloneSet', 'apps_kruise_io'), {
      kind: 'CloneSet',
      group: 'apps.kruise.io',
    });
  });

  test('the core group is `_`', () => {
    assert.equal(kindTokens({ group: '', kind: 'Pod' }), 'Pod._');
    assert.deepEqual(parseKindTokens('Pod', '_'), { kind: 'Pod', group: '' });
  });

  test('a dotted group/version/kind string is not accepted as a kind', () => {
    assert.throws(
      () => kindTokens({ group: 'apps.kruise.io', kind: 'apps.kruise.io.v1beta1.CloneSet' }),
      /identifier/,
    );
  });
});
