import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONTROLLER_REVISION_HASH_LABEL_KEY,
  comparePriority,
  type Pod,
  sortByPriority,
  trailingInteger,
} from '@kruise-ts/core';
import { calculateDiffsWithExpectation } from '../../src/sync/expectation-diffs.ts';
import type { UpdatePriorityStrategy } from '../../src/types.ts';
import { type PodSlot, scatterByTerm, scatterTerms, sortByScatter } from '../../src/update/scatter-sort.ts';
import { limitUpdateIndexes, sortUpdateIndexes } from '../../src/update/update-order.ts';
import { makeCloneSet, makePod, NOW } from './helpers.ts';

const labelled = (labels: Record<string, string>): Pod => ({ metadata: { labels } });

describe('update order: default sort (docs/behaviour/cloneset.md#update-order step 1; UT sortUpd)', () => {
  it('worst pods first: Pending before Running, not ready before ready', () => {
    const pods: Pod[] = [
      { metadata: {}, status: { phase: 'Pending', conditions: [{ type: 'Ready', status: 'True' }] } },
      { metadata: {}, status: { phase: 'Pending' } },
      { metadata: {}, status: { phase: 'Pending' } },
      { metadata: {}, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } },
      { metadata: {}, status: { phase: 'Running' } },
    ];
    assert.deepEqual(sortUpdateIndexes({ podUpdatePolicy: 'ReCreate' }, pods, [0, 1, 3, 4]), [1, 0, 4, 3]);
  });

  it('PreparingUpdate pods move to the front, keeping their relative order', () => {
    const pods = [
      makePod({ name: 'a', ready: true }),
      makePod({ name: 'b', state: 'PreparingUpdate', ready: true }),
      makePod({ name: 'c' }),
      makePod({ name: 'd', state: 'PreparingUpdate' }),
    ];
    assert.deepEqual(sortUpdateIndexes(undefined, pods, [0, 1, 2, 3]), [3, 1, 2, 0]);
  });
});

describe('update order: priorityStrategy (docs/behaviour/cloneset.md#update-order step 2; priority_sort_test TestCompare)', () => {
  const weights: UpdatePriorityStrategy = {
    weightPriority: [
      { weight: 20, matchSelector: { matchLabels: { key: 'foo' } } },
      { weight: 10, matchSelector: { matchLabels: { key: 'bar' } } },
    ],
  };
  const order: UpdatePriorityStrategy = { orderPriority: [{ orderedKey: 'key1' }, { orderedKey: 'key2' }] };
  const cases: Array<
    [string, UpdatePriorityStrategy, Record<string, string>, Record<string, string>, boolean]
  > = [
    ['weights: both unmatched keep order', weights, {}, {}, true],
    ['weights: equal weight keeps order', weights, { key: 'foo' }, { key: 'foo' }, true],
    ['weights: 10 after 20', weights, { key: 'bar' }, { key: 'foo' }, false],
    ['weights: unmatched after 10', weights, {}, { key: 'bar' }, false],
    ['weights: unmatched after 20', weights, {}, { key: 'foo' }, false],
    [
      'weights add up: 10 + 15 beats 20',
      {
        weightPriority: [
          { weight: 20, matchSelector: { matchLabels: { key1: 'foo' } } },
          { weight: 10, matchSelector: { matchLabels: { key2: 'bar' } } },
          { weight: 15, matchSelector: { matchLabels: { key3: 'baz' } } },
        ],
      },
      { key1: 'foo' },
      { key2: 'bar', key3: 'baz' },
      false,
    ],
    [
      'weights add up: 10 + 5 loses to 20',
      {
        weightPriority: [
          { weight: 20, matchSelector: { matchLabels: { key1: 'foo' } } },
          { weight: 10, matchSelector: { matchLabels: { key2: 'bar' } } },
          { weight: 5, matchSelector: { matchLabels: { key3: 'baz' } } },
        ],
      },
      { key2: 'bar', key3: 'baz' },
      { key1: 'foo' },
      false,
    ],
    ['order: no keys keep order', order, {}, {}, true],
    ['order: o-10 before o-5', order, { key1: 'o-10' }, { key1: 'o-5' }, true],
    ['order: equal values keep order', order, { key1: 'o-10' }, { key1: 'o-10' }, true],
    ['order: o-10 after o-20', order, { key1: 'o-10' }, { key1: 'o-20' }, false],
    ['order: second key after first key', order, { key2: 'o-20' }, { key1: 'o-10' }, false],
    ['order: second key, larger first', order, { key2: 'o-20' }, { key2: 'o-10' }, true],
  ];
  for (const [name, strategy, a, b, aFirst] of cases) {
    it(name, () => {
      // Kruise's compare returns its default (true) on a tie; a tie here is 0 and keeps order.
      const c = comparePriority(strategy, a, b);
      assert.equal(c < 0 || c === 0, aFirst);
    });
  }

  it('pods with none of the orderedKeys go first (docs/behaviour/cloneset.md#edge-order-priority-missing-keys)', () => {
    const pods = [labelled({ key1: 'o-1' }), labelled({}), labelled({ key2: 'o-9' })];
    assert.deepEqual(sortByPriority(order, pods, [0, 1, 2]), [1, 0, 2]);
  });

  it('trailing integers: none is 0, beyond int64 is 0', () => {
    assert.equal(trailingInteger('abc'), 0);
    assert.equal(trailingInteger('v-007'), 7);
    assert.equal(trailingInteger('x99999999999999999999'), 0);
  });

  const pods = [labelled({ hello: 'world' }), labelled({}), labelled({ foo: 'bar' }), labelled({})];
  it('empty strategy keeps the order', () => {
    assert.deepEqual(sortByPriority({}, pods, [0, 1, 2, 3]), [0, 1, 2, 3]);
  });
  it('matched pods first by weight, unmatched keep their order', () => {
    const s: UpdatePriorityStrategy = {
      weightPriority: [
        { weight: 100, matchSelector: { matchLabels: { foo: 'bar' } } },
        { weight: 90, matchSelector: { matchLabels: { hello: 'world' } } },
      ],
    };
    assert.deepEqual(sortByPriority(s, pods, [0, 1, 2, 3]), [2, 0, 1, 3]);
  });
  it('nothing matches: order kept', () => {
    const s: UpdatePriorityStrategy = {
      weightPriority: [
        { weight: 100, matchSelector: { matchLabels: { not: 'match' } } },
        { weight: 90, matchSelector: { matchLabels: { not1: 'match1' } } },
      ],
    };
    assert.deepEqual(sortByPriority(s, pods, [0, 1, 2, 3]), [0, 1, 2, 3]);
  });
});

const parse = (spec: string): Record<string, string> =>
  Object.fromEntries(
    spec
      .split(',')
      .map((kv) => kv.split('='))
      .filter((kv): kv is [string, string] => kv.length === 2),
  );

describe('update order: scatterStrategy (docs/behaviour/cloneset.md#update-order step 3; scatter_sort_test)', () => {
  const A = { key: 'labelA', value: 'AAA' };
  const B = { key: 'labelB', value: 'BBB' };
  const C = { key: 'labelC', value: 'CCC' };

  it('terms: single term used as is', () => {
    const pods = (
      [{}, {}, {}, {}, { labelA: 'AAA' }, { labelA: 'AAA' }] as Array<Record<string, string>>
    ).map(labelled);
    assert.deepEqual(scatterTerms([A], pods, [0, 1, 2, 3, 4, 5]), [A]);
  });
  it('terms: only carried values, most carriers first', () => {
    const pods = (
      [{}, {}, { labelB: 'B' }, { labelB: 'BBB' }, { labelA: 'AAA' }, { labelA: 'AAA' }] as Array<
        Record<string, string>
      >
    ).map(labelled);
    assert.deepEqual(scatterTerms([A, B], pods, [0, 1, 2, 3, 4, 5]), [A, B]);
  });

  // biome-ignore format: one case per line reads as a table
  const byRule: Array<[string, string[], number[]]> = [
    ['no label', [''], [0]],
    ['one carrier', ['labelA=AAA'], [0]],
    ['one of each', ['labelA=AAA', 'bbb'], [0, 1]],
    ['2 carriers + 4 others', ['', '', '', '', 'labelA=AAA', 'labelA=AAA'], [4, 0, 1, 2, 3, 5]],
    ['3 carriers + 3 others', ['', '', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA'], [3, 0, 1, 4, 2, 5]],
    ['2 carriers + 5 others', ['', '', '', 'labelA=AAA', '', '', 'labelA=AAA'], [3, 0, 1, 2, 4, 5, 6]],
    ['3 carriers + 6 others', ['', '', '', '', '', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA'], [6, 0, 1, 2, 7, 3, 4, 5, 8]],
    ['4 carriers + 2 others', ['', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA'], [2, 3, 0, 4, 1, 5]],
    ['5 carriers + 3 others, 6 candidates', ['', '', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA'], [3, 0, 1, 4, 2, 5]],
    ['6 carriers + 3 others', ['', '', 'labelA=AAA', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA'], [2, 4, 0, 5, 6, 1, 7, 3, 8]],
    ['5 carriers + 4 others', ['', 'labelA=AAA', '', 'labelA=AAA', '', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA'], [1, 0, 3, 2, 6, 4, 7, 5, 8]],
    ['odd labels ignored', ['', '', '', '', 'ee', 'a', '', 'labelA=AAA', 'labelA=AAA', 'labelA=AAA,labelB=BBB'], [7, 0, 1, 2, 3, 8, 4, 5, 6, 9]],
  ];
  for (const [name, labels, expected] of byRule) {
    it(`one term: ${name}`, () => {
      // As Kruise's table: only the candidates make up the population here.
      const pods = labels.slice(0, expected.length).map((l) => labelled(parse(l)));
      const indexes = expected.map((_, i) => i);
      assert.deepEqual(scatterByTerm(A, pods, indexes), expected);
    });
  }

  type L = Record<string, string> | null;
  // biome-ignore format: one case per line reads as a table
  const sorts: Array<[string, L[], Array<typeof A>, number[]]> = [
    ['a single candidate', [{ labelA: 'AAA', labelB: 'BBB' }], [A], [0]],
    ['no terms', [{}, {}, {}, {}, {}, {}], [], [0, 1, 2, 3, 4, 5]],
    ['one term', [{}, {}, {}, {}, { labelA: 'AAA' }, { labelA: 'AAA' }], [A], [4, 0, 1, 2, 3, 5]],
    ['one term among other labels', [{}, {}, {}, {}, { sdfb: 'eee' }, { dsf: 'same' }, { labelB: 'BBB' }, { labelA: 'AAA' }, { labelA: 'AAA' }, { labelA: 'AAA', labelB: 'BBB' }], [B], [6, 0, 1, 2, 3, 4, 5, 7, 8, 9]],
    ['two terms', [{ labelB: 'BBB' }, { labelB: 'BBB' }, {}, {}, { labelA: 'AAA' }, { labelA: 'AAA' }], [A, B], [0, 4, 2, 3, 5, 1]],
    ['two terms, a pod with both', [{}, {}, {}, { labelB: 'BBB' }, { labelA: 'AAA', labelB: 'BBB' }, { labelA: 'AAA' }], [A, B], [4, 0, 1, 2, 5, 3]],
    ['two terms, order B then A given', [{}, {}, {}, {}, { sdfb: 'eee' }, { dsf: 'same' }, { labelB: 'BBB' }, { labelA: 'AAA' }, { labelA: 'AAA' }, { labelB: 'BBB' }], [B, A], [7, 6, 0, 1, 2, 3, 4, 5, 9, 8]],
    ['two terms, order A then B given', [{}, {}, {}, {}, { sdfb: 'eee' }, { dsf: 'same' }, { labelB: 'BBB' }, { labelA: 'AAA' }, { labelA: 'AAA' }, { labelB: 'BBB' }], [A, B], [6, 7, 0, 1, 2, 3, 4, 5, 8, 9]],
    ['three terms', [{}, { labelA: 'AAA' }, { labelA: 'AAA' }, { labelB: 'BBB' }, { labelB: 'BBB' }, { labelC: 'CCC' }, { labelC: 'CCC' }, { labelC: 'CCC' }, { labelC: 'CCC' }, { labelC: 'CCC' }], [A, B, C], [3, 1, 5, 0, 6, 7, 8, 9, 2, 4]],
    ['three terms, pods with two', [{}, { labelA: 'AAA' }, { labelA: 'AAA', labelC: 'CCC' }, { labelB: 'BBB', labelC: 'CCC' }, { labelB: 'BBB' }, {}, {}, { labelC: 'CCC' }, { labelC: 'CCC' }, { labelC: 'CCC' }], [A, B, C], [3, 2, 0, 7, 8, 5, 6, 9, 1, 4]],
    ['density from the whole population (continuous sort 1)', [{}, {}, {}, {}, { labelA: 'AAA' }, { labelA: 'AAA' }, { labelA: 'AAA' }], [A], [0, 1, 4, 2, 3, 5]],
    ['density from the whole population (continuous sort 2)', [{ labelA: 'AAA' }, { labelA: 'AAA' }, {}, {}, {}, {}, {}, {}, {}, { labelA: 'AAA' }], [A], [2, 0, 3, 4, 5, 6, 1]],
    ['empty population slots are skipped', [{}, { labelA: 'AAA' }, { labelA: 'AAA', labelC: 'CCC' }, { labelB: 'BBB', labelC: 'CCC' }, { labelB: 'BBB' }, null, {}, {}, { labelC: 'CCC' }, { labelC: 'CCC' }, { labelC: 'CCC' }], [A, B, C], [3, 2, 0, 8, 9, 6, 7, 10, 1, 4]],
  ];
  for (const [name, labels, terms, expected] of sorts) {
    it(`sort: ${name}`, () => {
      // As Kruise's table: the first expected.length non-empty slots are the candidates, the rest only population.
      const pods: PodSlot[] = labels.map((l) => (l === null ? undefined : labelled(l)));
      const indexes: number[] = [];
      for (let i = 0; i < pods.length && indexes.length < expected.length; i++)
        if (pods[i] !== undefined) indexes.push(i);
      assert.deepEqual(sortByScatter(terms, pods, indexes), expected);
    });
  }
});

describe('update limit: maxUnavailable (docs/behaviour/cloneset.md#update-limit; UT limit #0…#15)', () => {
  const ready = () => makePod({ ready: true });
  const notReady = () => makePod({});
  // biome-ignore format: one case per line reads as a table
  const cases: Array<{
    name: string;
    replicas: number;
    partition?: number;
    maxUnavailable?: number;
    maxSurge?: number;
    old: number[];
    pods: Array<() => Pod>;
    want: number;
  }> = [
    { name: '#0 default 20% of 3: one at a time', replicas: 3, old: [0, 1, 2], pods: [ready, ready, ready], want: 1 },
    { name: '#1 one unavailable old pod uses the budget', replicas: 3, old: [0, 1, 2], pods: [ready, notReady, ready], want: 0 },
    { name: '#2 updating an unavailable pod costs nothing', replicas: 3, old: [0, 1, 2], pods: [notReady, ready, ready], want: 1 },
    { name: '#3 10 replicas, 2 unavailable', replicas: 10, old: [0, 1, 2, 3, 4, 5, 6, 7, 8], pods: [notReady, ready, ready, ready, ready, ready, ready, ready, notReady, ready], want: 1 },
    { name: '#4 partition 2 of 3 reached', replicas: 3, partition: 2, maxUnavailable: 3, old: [0, 1], pods: [notReady, ready, ready], want: 0 },
    { name: '#5 partition 2, maxUnavailable 3, 8 ready', replicas: 8, partition: 2, maxUnavailable: 3, old: [0, 1, 2, 3, 4, 5, 6], pods: Array(8).fill(ready), want: 3 },
    { name: '#6 all unavailable, maxUnavailable 2', replicas: 5, partition: 0, maxUnavailable: 2, old: [0, 1, 2, 3, 4], pods: Array(5).fill(notReady), want: 2 },
    { name: '#7 two new unavailable fill the budget', replicas: 5, partition: 0, maxUnavailable: 2, old: [0, 1, 2], pods: Array(5).fill(notReady), want: 0 },
    { name: '#8 one new ready, one new unavailable', replicas: 5, partition: 0, maxUnavailable: 2, old: [0, 1, 2], pods: [notReady, notReady, notReady, ready, notReady], want: 1 },
    { name: '#9 maxSurge 1 with one surge pod creating', replicas: 5, partition: 0, maxUnavailable: 2, maxSurge: 1, old: [0, 1, 2, 3, 4], pods: Array(6).fill(notReady), want: 2 },
    { name: '#10 maxSurge 1, one updated one updating', replicas: 5, partition: 0, maxUnavailable: 2, maxSurge: 1, old: [0, 1, 2, 3], pods: [notReady, notReady, notReady, notReady, ready, notReady], want: 2 },
    { name: '#11 maxSurge 1, one updated two updating', replicas: 5, partition: 0, maxUnavailable: 2, maxSurge: 1, old: [0, 1, 2], pods: [notReady, notReady, notReady, notReady, ready, notReady], want: 1 },
    { name: '#12 maxSurge 1, three updating', replicas: 5, partition: 0, maxUnavailable: 2, maxSurge: 1, old: [0, 1, 2], pods: Array(6).fill(notReady), want: 0 },
    { name: '#13 rollback with unavailable new pods', replicas: 8, partition: 7, maxUnavailable: 3, old: [0, 1, 2], pods: [ready, ready, ready, notReady, notReady, notReady, notReady, notReady], want: 3 },
    { name: '#14 maxUnavailable 2 maxSurge 1, one surge used', replicas: 4, maxUnavailable: 2, maxSurge: 1, old: [0, 1], pods: Array(5).fill(ready), want: 1 },
    { name: '#15 maxUnavailable 2 maxSurge 1, two surge used', replicas: 4, maxUnavailable: 2, maxSurge: 1, old: [0, 1, 2, 3], pods: Array(6).fill(ready), want: 2 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pods = c.pods.map((make, i) => {
        const p = make();
        p.metadata.labels = {
          [CONTROLLER_REVISION_HASH_LABEL_KEY]: c.old.includes(i) ? 'current' : 'updated',
        };
        return p;
      });
      const set = makeCloneSet({
        replicas: c.replicas,
        podUpdatePolicy: 'ReCreate',
        ...(c.partition === undefined ? {} : { partition: c.partition }),
        ...(c.maxUnavailable === undefined ? {} : { maxUnavailable: c.maxUnavailable }),
        ...(c.maxSurge === undefined ? {} : { maxSurge: c.maxSurge }),
      });
      const diffs = calculateDiffsWithExpectation(set, pods, {
        currentRevision: 'current',
        updateRevision: 'updated',
        now: NOW,
        gates: { partitionRollback: true },
      });
      const newIdx = pods.map((_, i) => i).filter((i) => !c.old.includes(i));
      const [wait, target] =
        diffs.updateNum > 0 ? [c.old, 'updated'] : diffs.updateNum < 0 ? [newIdx, 'current'] : [[], ''];
      assert.equal(limitUpdateIndexes(diffs, pods, wait, target, 0, NOW).length, c.want);
    });
  }
});
