// Table tests after k8s.io/apimachinery: pkg/apis/meta/v1/helpers_test.go (TestLabelSelectorAsSelector) and
// pkg/labels/selector_test.go (TestRequirementConstructor, TestSelectorMatches, TestRequirementSelectorMatching,
// TestToString).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isEmptySelector,
  type LabelSelector,
  LabelSelectorError,
  labelSelectorAsSelector,
  labelSelectorError,
  selectorMatches,
  selectorString,
} from '../../src/label-selector.ts';

describe('labelSelectorAsSelector (TestLabelSelectorAsSelector)', () => {
  const rows: ReadonlyArray<{ name: string; in: LabelSelector | undefined; out?: string; err?: boolean }> = [
    { name: 'nil selector is Nothing', in: undefined, out: '' },
    { name: 'empty selector is Everything', in: {}, out: '' },
    {
      name: 'matchLabels and In',
      in: {
        matchLabels: { foo: 'bar' },
        matchExpressions: [{ key: 'baz', operator: 'In', values: ['qux', 'norf'] }],
      },
      out: 'baz in (norf,qux),foo=bar',
    },
    {
      name: 'Exists with values is an error',
      in: {
        matchLabels: { foo: 'bar' },
        matchExpressions: [{ key: 'baz', operator: 'Exists', values: ['qux'] }],
      },
      err: true,
    },
    {
      name: 'DoesNotExist with values is an error',
      in: { matchExpressions: [{ key: 'baz', operator: 'DoesNotExist', values: ['qux'] }] },
      err: true,
    },
    {
      name: 'In without values is an error',
      in: { matchExpressions: [{ key: 'k', operator: 'In', values: [] }] },
      err: true,
    },
    {
      name: 'NotIn without values is an error',
      in: { matchExpressions: [{ key: 'k', operator: 'NotIn' }] },
      err: true,
    },
    {
      name: 'unknown operator is an error',
      in: { matchExpressions: [{ key: 'k', operator: 'Gt', values: ['1'] }] },
      err: true,
    },
    {
      name: '"=" is not a metav1 operator',
      in: { matchExpressions: [{ key: 'k', operator: '=', values: ['1'] }] },
      err: true,
    },
    {
      name: 'Equals is not a metav1 operator',
      in: { matchExpressions: [{ key: 'k', operator: 'Equals', values: ['1'] }] },
      err: true,
    },
    { name: 'invalid key is an error', in: { matchLabels: { 'a b': 'x' } }, err: true },
    { name: 'invalid prefixed key is an error', in: { matchLabels: { 'Example.com/x': 'x' } }, err: true },
    { name: 'invalid value is an error', in: { matchLabels: { a: '-x' } }, err: true },
    { name: 'too long value is an error', in: { matchLabels: { a: 'x'.repeat(64) } }, err: true },
    {
      name: 'status.labelSelector of a CloneSet: keys sorted, values sorted',
      in: {
        matchLabels: { app: 'cs' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['b', 'a'] },
          { key: 'legacy', operator: 'DoesNotExist' },
          { key: 'zone', operator: 'NotIn', values: ['x'] },
          { key: 'env', operator: 'Exists' },
        ],
      },
      out: 'app=cs,env,!legacy,tier in (a,b),zone notin (x)',
    },
    { name: 'empty value is fine', in: { matchLabels: { a: '' } }, out: 'a=' },
    {
      name: 'every operator, sorted by key',
      in: {
        matchLabels: { z: '1' },
        matchExpressions: [
          { key: 'x', operator: 'DoesNotExist' },
          { key: 'example.com/w', operator: 'Exists' },
          { key: 'y', operator: 'NotIn', values: ['b', 'a'] },
        ],
      },
      out: 'example.com/w,!x,y notin (a,b),z=1',
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      if (row.err) {
        assert.throws(() => labelSelectorAsSelector(row.in), LabelSelectorError);
        assert.notEqual(labelSelectorError(row.in), undefined);
      } else {
        assert.equal(labelSelectorAsSelector(row.in).toString(), row.out);
        assert.equal(selectorString(row.in), row.out);
        assert.equal(labelSelectorError(row.in), undefined);
      }
    });
  }

  it('error messages are apimachinery`s', () => {
    assert.equal(
      labelSelectorError({ matchExpressions: [{ key: 'k', operator: 'In' }] }),
      "for 'in', 'notin' operators, values set can't be empty",
    );
    assert.equal(
      labelSelectorError({ matchExpressions: [{ key: 'k', operator: 'Exists', values: ['v'] }] }),
      'values set must be empty for exists and does not exist',
    );
    assert.equal(
      labelSelectorError({ matchExpressions: [{ key: 'k', operator: 'Bogus' }] }),
      '"Bogus" is not a valid label selector operator',
    );
  });

  it('nil is not empty, {} is', () => {
    assert.equal(labelSelectorAsSelector(undefined).empty(), false);
    assert.equal(labelSelectorAsSelector({}).empty(), true);
    assert.equal(labelSelectorAsSelector({ matchLabels: { a: 'b' } }).empty(), false);
    assert.equal(isEmptySelector(undefined), false);
    assert.equal(isEmptySelector({ matchLabels: {}, matchExpressions: [] }), true);
  });
});

describe('selectorMatches (TestSelectorMatches, TestRequirementSelectorMatching)', () => {
  const inAB = { key: 'x', operator: 'In', values: ['a', 'b'] };
  const notInAB = { key: 'x', operator: 'NotIn', values: ['a', 'b'] };
  const rows: ReadonlyArray<
    [string, LabelSelector | undefined, Record<string, string> | undefined, boolean]
  > = [
    ['nil selector matches nothing', undefined, { x: 'a' }, false],
    ['nil selector matches no labels either', undefined, undefined, false],
    ['empty selector matches everything', {}, { x: 'a' }, true],
    ['empty selector matches no labels', {}, undefined, true],
    ['equals', { matchLabels: { x: 'y' } }, { x: 'y' }, true],
    ['equals, other value', { matchLabels: { x: 'y' } }, { x: 'z' }, false],
    ['equals, key absent', { matchLabels: { x: 'y' } }, {}, false],
    ['two labels', { matchLabels: { x: 'y', z: 'w' } }, { x: 'y', z: 'w' }, true],
    ['two labels, one differs', { matchLabels: { x: 'y', z: 'w' } }, { x: 'y', z: 'v' }, false],
    ['In', { matchExpressions: [inAB] }, { x: 'b' }, true],
    ['In, other value', { matchExpressions: [inAB] }, { x: 'c' }, false],
    ['In, key absent', { matchExpressions: [inAB] }, {}, false],
    ['NotIn', { matchExpressions: [notInAB] }, { x: 'c' }, true],
    ['NotIn, listed value', { matchExpressions: [notInAB] }, { x: 'a' }, false],
    ['NotIn, key absent matches', { matchExpressions: [notInAB] }, {}, true],
    ['NotIn, no labels at all matches', { matchExpressions: [notInAB] }, undefined, true],
    ['Exists', { matchExpressions: [{ key: 'x', operator: 'Exists' }] }, { x: '' }, true],
    ['Exists, absent', { matchExpressions: [{ key: 'x', operator: 'Exists' }] }, { y: 'x' }, false],
    [
      'DoesNotExist, absent matches',
      { matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] },
      { y: 'x' },
      true,
    ],
    [
      'DoesNotExist, present',
      { matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] },
      { x: '' },
      false,
    ],
    [
      'all requirements must hold',
      { matchLabels: { app: 'a' }, matchExpressions: [inAB, { key: 'z', operator: 'DoesNotExist' }] },
      { app: 'a', x: 'a' },
      true,
    ],
    [
      'one failing requirement fails',
      { matchLabels: { app: 'a' }, matchExpressions: [inAB, { key: 'z', operator: 'DoesNotExist' }] },
      { app: 'a', x: 'a', z: '1' },
      false,
    ],
    [
      'inherited properties are not labels',
      { matchExpressions: [{ key: 'constructor', operator: 'Exists' }] },
      {},
      false,
    ],
  ];
  for (const [name, selector, labels, want] of rows) {
    it(name, () => assert.equal(selectorMatches(selector, labels), want));
  }

  it('an invalid selector throws instead of matching nothing', () => {
    assert.throws(
      () => selectorMatches({ matchExpressions: [{ key: 'x', operator: 'Gt', values: ['1'] }] }, { x: '2' }),
      LabelSelectorError,
    );
    assert.throws(
      () => selectorMatches({ matchExpressions: [{ key: 'x', operator: 'In' }] }, {}),
      LabelSelectorError,
    );
  });
});
