import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pod } from '@kruise-ts/core';
import { deletionOrderLess, podDeletionCost, sortByLess } from '../../src/sync/pod-order.ts';
import { sameNodeRanks, spreadConstraintRanks } from '../../src/sync/rankers.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const THEN = Date.parse('2026-02-01T12:00:00Z');
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

function pod(
  name: string,
  node: string,
  phase: string,
  ready: boolean,
  restarts: number,
  readySince: number | undefined,
  created: number | undefined,
  annotations?: Record<string, string>,
): Pod {
  return {
    metadata: {
      name,
      creationTimestamp: iso(created),
      ...(annotations === undefined ? {} : { annotations }),
    },
    spec: { nodeName: node },
    status: {
      phase,
      ...(ready
        ? {
            conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: iso(readySince) }],
            containerStatuses: [{ name: 'c', image: '', imageID: '', restartCount: restarts }],
          }
        : {}),
    },
  };
}

describe('scale-in deletion order (docs/behaviour/cloneset.md#scale-in-order; pod_sorter_test TestSortingActivePods)', () => {
  const unscheduled = pod('unscheduled', '', 'Pending', false, 0, undefined, undefined);
  const pending = pod('pending', 'node', 'Pending', false, 0, undefined, undefined);
  const unknown = pod('unknown-phase', 'node', 'Unknown', false, 0, undefined, undefined);
  const notReady = pod('not-ready', 'node', 'Running', false, 0, undefined, undefined);
  const readyNoTime = pod('ready-no-last-transition-time', 'node', 'Running', true, 0, undefined, undefined);
  const readyNow = pod('ready-now', 'node', 'Running', true, 0, NOW, NOW);
  const readyThen = pod('ready-then', 'node', 'Running', true, 0, THEN, THEN);
  const highRestarts = pod('ready-high-restarts', 'node', 'Running', true, 9001, NOW, NOW);
  const createdThen = pod('ready-now-created-then', 'node', 'Running', true, 0, NOW, THEN);
  const lowCost = pod('low-deletion-cost', 'node', 'Running', true, 0, NOW, THEN, {
    'controller.kubernetes.io/pod-deletion-cost': '10',
  });
  const highCost = pod('high-deletion-cost', 'node', 'Running', true, 0, NOW, THEN, {
    'controller.kubernetes.io/pod-deletion-cost': '100',
  });

  for (const p of [unscheduled, pending, unknown, notReady, createdThen, readyNow, readyThen, highRestarts]) {
    it(`${p.metadata.name} is not before itself`, () => {
      assert.equal(deletionOrderLess(p, p), false);
    });
  }
  const pairs: Array<[Pod, Pod]> = [
    [unscheduled, pending],
    [pending, unknown],
    [unknown, notReady],
    [notReady, readyNoTime],
    [readyNoTime, readyNow],
    [readyNow, readyThen],
    [highRestarts, readyNow],
    [readyNow, createdThen],
    [lowCost, highCost],
  ];
  for (const [first, second] of pairs) {
    it(`${first.metadata.name} goes before ${second.metadata.name}`, () => {
      assert.equal(deletionOrderLess(first, second), true);
      assert.equal(deletionOrderLess(second, first), false);
    });
  }

  it('a pod not available (e.g. PreparingNormal or within minReadySeconds) goes before an available one', () => {
    const isAvailable = (p: Pod) => p === readyThen;
    assert.equal(deletionOrderLess(readyNow, readyThen, { isAvailable }), true);
    assert.equal(deletionOrderLess(readyThen, readyNow, { isAvailable }), false);
  });

  it('higher rank goes first, after deletion cost', () => {
    const a = pod('a', 'n1', 'Running', true, 0, NOW, NOW);
    const b = pod('b', 'n2', 'Running', true, 0, NOW, NOW);
    const rank = (p: Pod) => (p === b ? 2 : 0);
    assert.deepEqual(
      sortByLess([a, b], (x, y) => deletionOrderLess(x, y, { rank })).map((p) => p.metadata.name),
      ['b', 'a'],
    );
  });

  it('pod-deletion-cost parsing: int32, no leading "+" or zeros', () => {
    const cost = (v: string) =>
      podDeletionCost({ metadata: { annotations: { 'controller.kubernetes.io/pod-deletion-cost': v } } });
    assert.equal(cost('10'), 10);
    assert.equal(cost('-5'), -5);
    assert.equal(cost('0'), 0);
    assert.equal(cost('+10'), 0);
    assert.equal(cost('008'), 0);
    assert.equal(cost('2147483648'), 0);
    assert.equal(cost('abc'), 0);
    assert.equal(podDeletionCost({ metadata: {} }), 0);
  });
});

describe('scale-in ranks (docs/behaviour/cloneset.md#scale-in-order step 5; TestSameNodeRanker, TestSpreadConstraintsRanker)', () => {
  const onNode = (uid: string, node: string): Pod => ({ metadata: { uid }, spec: { nodeName: node } });

  it('same-node ranker: co-located pods rank by count, the best pod on each node and lone pods get none', () => {
    // node a: 0, 4, 10 — node b: 3, 6 — node c: 5 — node d: 7, 8, 9 — 1 and 2 unscheduled
    const pods = [
      onNode('0', 'a'),
      onNode('1', ''),
      onNode('2', ''),
      onNode('3', 'b'),
      onNode('4', 'a'),
      onNode('5', 'c'),
      onNode('6', 'b'),
      onNode('7', 'd'),
      onNode('8', 'd'),
      onNode('9', 'd'),
      onNode('10', 'a'),
    ];
    const ranks = sameNodeRanks(pods);
    const byUid = Object.fromEntries([...ranks].map(([p, r]) => [p.metadata.uid, r]));
    assert.deepEqual(byUid, { '0': 2, '4': 1, '3': 1, '7': 2, '8': 1 });
  });

  const zone = 'topology.kubernetes.io/zone';
  const host = 'kubernetes.io/hostname';
  const nodes = new Map<string, Record<string, string>>([
    ['a', {}],
    ...(['b', 'c', 'd'] as const).map((n): [string, Record<string, string>] => [
      n,
      { [host]: n, [zone]: 'z1' },
    ]),
    ...(['e', 'f', 'g'] as const).map((n): [string, Record<string, string>] => [
      n,
      { [host]: n, [zone]: 'z2' },
    ]),
    ...(['h', 'i'] as const).map((n): [string, Record<string, string>] => [n, { [host]: n, [zone]: 'z3' }]),
  ]);
  const gen = (n: number, node: string) => Array.from({ length: n }, (_, i) => onNode(`${node}-${i}`, node));
  // z1: 10 pods (b 2, c 3, d 5), z2: 8 (e 5, f 3), z3: 5 (i 5); a has no zone
  const pods = [
    ...gen(2, 'a'),
    ...gen(2, 'b'),
    ...gen(3, 'c'),
    ...gen(5, 'd'),
    ...gen(5, 'e'),
    ...gen(3, 'f'),
    ...gen(5, 'i'),
  ];
  const rankedOrder = (ranks: ReadonlyMap<Pod, number>) =>
    pods
      .filter((p) => (ranks.get(p) ?? 0) > 0)
      .sort((x, y) => (ranks.get(y) ?? 0) - (ranks.get(x) ?? 0))
      .map((p) => p.metadata.uid);

  // biome-ignore format: grouped by equal rank, as in Kruise's table
  const cases: Array<[string, Array<{ topologyKey: string; limitedValues?: string[] }>, string[]]> = [
    ['zone, no limit', [{ topologyKey: zone }], [
      'd-0', 'd-1', 'c-0', 'e-0', 'd-2', 'e-1', 'b-0', 'e-2', 'c-1', 'f-0', 'i-0',
      'd-3', 'e-3', 'i-1', 'b-1', 'f-1', 'i-2', 'c-2', 'e-4', 'i-3', 'd-4', 'f-2', 'i-4',
    ]],
    ['zone limited to z2, z3', [{ topologyKey: zone, limitedValues: ['z2', 'z3'] }], [
      'e-0', 'e-1', 'e-2', 'f-0', 'i-0', 'e-3', 'i-1', 'f-1', 'i-2', 'e-4', 'i-3', 'f-2', 'i-4',
    ]],
    ['zone and host', [{ topologyKey: zone }, { topologyKey: host }], [
      'd-0', 'e-0', 'd-1', 'e-1', 'c-0', 'i-0', 'd-2', 'e-2', 'i-1', 'f-0', 'b-0', 'c-1',
      'i-2', 'd-3', 'e-3', 'f-1', 'i-3', 'b-1', 'c-2', 'e-4', 'd-4', 'f-2', 'i-4',
    ]],
  ];
  for (const [name, constraints, expected] of cases) {
    it(`spread ranker: ${name}`, () => {
      assert.deepEqual(rankedOrder(spreadConstraintRanks(pods, constraints, nodes)), expected);
    });
  }

  it('spread ranker without node data ranks nothing', () => {
    assert.equal(spreadConstraintRanks(pods, [{ topologyKey: zone }], new Map()).size, 0);
  });
});
