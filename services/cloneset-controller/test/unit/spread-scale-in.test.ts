// Topology-spread-aware scale-in (docs/behaviour/cloneset.md#scale-in-order step 5): with template
// topologySpreadConstraints a scale-in deletes pods of the most crowded domain first, Kruise's deletion order
// breaking ties (choosePodsToDelete in pkg/controller/cloneset/sync/cloneset_scale.go, NewSpreadConstraintsRanker
// in pkg/controller/cloneset/utils/pod_ranker.go); the ranker's own table is in pod-order.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodesToRank } from '../../src/sync/rankers.ts';
import { planScale } from '../../src/sync/scale.ts';
import type { CloneSet, CloneSetPod } from '../../src/types.ts';
import { makeCloneSet, makePod, NEW, NOW } from './helpers.ts';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';

function spreadSet(replicas: number, keys: string[]): CloneSet {
  const cs = makeCloneSet({ replicas, maxUnavailable: '100%' });
  return {
    ...cs,
    spec: {
      ...cs.spec,
      template: {
        spec: {
          containers: [{ name: 'main', image: 'nginx' }],
          topologySpreadConstraints: keys.map((topologyKey) => ({
            maxSkew: 1,
            topologyKey,
            whenUnsatisfiable: 'ScheduleAnyway',
          })),
        },
      },
    },
  } as CloneSet;
}

// Node → zone: n1, n2 in z1; n3 in z2; n4 in z3.
const nodes = new Map<string, Record<string, string>>([
  ['n1', { [HOST]: 'n1', [ZONE]: 'z1' }],
  ['n2', { [HOST]: 'n2', [ZONE]: 'z1' }],
  ['n3', { [HOST]: 'n3', [ZONE]: 'z2' }],
  ['n4', { [HOST]: 'n4', [ZONE]: 'z3' }],
]);

const pod = (name: string, nodeName: string, readySince = NOW - 60_000, extra: { ready?: boolean } = {}) =>
  makePod({ name, nodeName, revision: NEW, state: 'Normal', ready: extra.ready ?? true, readySince });

const deleted = (cs: CloneSet, pods: CloneSetPod[], labels = nodes) =>
  planScale({
    cloneSet: cs,
    pods,
    pvcs: [],
    currentRevision: NEW,
    updateRevision: NEW,
    now: NOW,
    nodeLabels: labels,
  })
    .deletions.map((d) => d.pod.metadata.name)
    .sort();

describe('spread-aware scale-in (cloneset_scale.go choosePodsToDelete)', () => {
  // z1 holds 3 pods over two nodes (one each on n1, two on n2), z2 two on n3, z3 one on n4.
  const pods = [
    pod('a', 'n1', NOW - 50_000),
    pod('b', 'n2', NOW - 40_000),
    pod('c', 'n2', NOW - 30_000),
    pod('d', 'n3', NOW - 20_000),
    pod('e', 'n3', NOW - 10_000),
    pod('f', 'n4', NOW - 5_000),
  ];

  // biome-ignore format: one row per case
  const cases: Array<[string, string[], number, string[]]> = [
    // Zone: z1 is most crowded; within it n2's pods rank first by the same-node ranker, then the more
    // recently Ready one (c) goes first.
    ['zone, 6 → 5: a pod of the crowded zone, on its crowded node, the most recently Ready', [ZONE], 5, ['c']],
    // Zone ranks (w = ln 5): z1 c 3w, b 2w, a 1w; z2 e 2w (same-node rank first), d 1w; z3 f 1w — so c, then
    // b and e tie at 2w and the more recently Ready (e) goes.
    ['zone, 6 → 4', [ZONE], 4, ['c', 'e']],
    // Hostname: n2 and n3 each hold two pods; the more recently Ready of each goes.
    ['hostname, 6 → 4', [HOST], 4, ['c', 'e']],
  ];
  for (const [name, keys, replicas, want] of cases) {
    it(name, () => {
      assert.deepEqual(deleted(spreadSet(replicas, keys), pods), want);
    });
  }

  it('without node data the pods get no spread rank: Kruise order alone (the most recently Ready)', () => {
    assert.deepEqual(deleted(spreadSet(5, [ZONE]), pods, new Map()), ['f']);
  });

  it('a not-ready pod still goes before any rank', () => {
    const withUnready = [...pods.slice(0, 5), pod('f', 'n4', undefined, { ready: false })];
    assert.deepEqual(deleted(spreadSet(5, [ZONE]), withUnready), ['f']);
  });
});

describe('nodesToRank: which node labels a reconcile reads', () => {
  const pods = [pod('a', 'n1'), pod('b', 'n2'), pod('c', 'n1'), { ...pod('u', ''), spec: {} }];
  it('none without topologySpreadConstraints', () => {
    assert.deepEqual(nodesToRank(makeCloneSet({ replicas: 1 }), pods), []);
  });
  it('none when no scale-in is possible (pods ≤ replicas)', () => {
    assert.deepEqual(nodesToRank(spreadSet(4, [ZONE]), pods), []);
  });
  it('the distinct nodes of scheduled pods, in pod order, when a scale-in is possible', () => {
    assert.deepEqual(nodesToRank(spreadSet(2, [ZONE]), pods), ['n1', 'n2']);
  });
});
