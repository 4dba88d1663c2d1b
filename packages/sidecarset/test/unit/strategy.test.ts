// GetNextUpgradePods (docs/behaviour/sidecarset.md#upgrade-choice; Kruise sidecarset_strategy_test.go TestGetNextUpgradePods) and the
// ordering helpers (TestSortNextUpgradePods, TestParseUpdateScatterTerms).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  expandScatterTerms,
  nextUpgradePods,
  type Pod,
  sortActivePods,
  sortByScatter,
} from '../../src/index.ts';
import { shuffle, strategyPods, strategySidecarSet } from '../fixtures.ts';

describe('nextUpgradePods (TestGetNextUpgradePods)', () => {
  const cases: {
    name: string;
    pods: [number, number, number];
    maxUnavailable?: number | string;
    partition?: number | string;
    selectorApp?: number;
    notUpgradable?: boolean;
    upgrade: number;
    blocked: number;
  }[] = [
    {
      name: 'maxUnavailable 10, (100,30,26)',
      pods: [100, 30, 26],
      maxUnavailable: 10,
      upgrade: 6,
      blocked: 0,
    },
    {
      name: 'maxUnavailable 10%, (1000,300,260)',
      pods: [1000, 300, 260],
      maxUnavailable: '10%',
      upgrade: 60,
      blocked: 0,
    },
    {
      name: 'maxUnavailable 5%, (1000,300,250)',
      pods: [1000, 300, 250],
      maxUnavailable: '5%',
      upgrade: 0,
      blocked: 0,
    },
    {
      name: 'maxUnavailable 100, (100,30,27)',
      pods: [100, 30, 27],
      maxUnavailable: 100,
      upgrade: 70,
      blocked: 0,
    },
    {
      name: 'partition 180, (1000,800,760)',
      pods: [1000, 800, 760],
      maxUnavailable: 100,
      partition: 180,
      upgrade: 20,
      blocked: 0,
    },
    {
      name: 'partition 100, (1000,800,760)',
      pods: [1000, 800, 760],
      maxUnavailable: 100,
      partition: 100,
      upgrade: 60,
      blocked: 0,
    },
    {
      name: 'partition 18%, (1000,800,760)',
      pods: [1000, 800, 760],
      maxUnavailable: 100,
      partition: '18%',
      upgrade: 20,
      blocked: 0,
    },
    {
      name: 'partition 10%, (1000,800,760)',
      pods: [1000, 800, 760],
      maxUnavailable: 100,
      partition: '10%',
      upgrade: 60,
      blocked: 0,
    },
    {
      name: 'selector app=test on 30 of 1000',
      pods: [1000, 0, 0],
      maxUnavailable: 100,
      selectorApp: 30,
      upgrade: 30,
      blocked: 0,
    },
    {
      name: 'not upgradable (non-image change)',
      pods: [100, 0, 0],
      maxUnavailable: 100,
      notUpgradable: true,
      upgrade: 0,
      blocked: 100,
    },
    {
      name: 'maxUnavailable 5% of 5 rounds up',
      pods: [5, 0, 0],
      maxUnavailable: '5%',
      upgrade: 1,
      blocked: 0,
    },
    {
      name: 'maxUnavailable 5, partition 99%',
      pods: [5, 0, 0],
      maxUnavailable: 5,
      partition: '99%',
      upgrade: 1,
      blocked: 0,
    },
    {
      name: 'maxUnavailable 5, partition 1%',
      pods: [5, 0, 0],
      maxUnavailable: 5,
      partition: '1%',
      upgrade: 4,
      blocked: 0,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = strategySidecarSet(c.notUpgradable ? 'without-bbb' : 'without-aaa');
      s.spec.updateStrategy = {
        ...(c.maxUnavailable !== undefined ? { maxUnavailable: c.maxUnavailable } : {}),
        ...(c.partition !== undefined ? { partition: c.partition } : {}),
        ...(c.selectorApp !== undefined ? { selector: { matchLabels: { app: 'test' } } } : {}),
      };
      const pods = strategyPods(...c.pods);
      for (let i = 0; i < (c.selectorApp ?? 0); i++)
        (pods[i]?.metadata.labels as Record<string, string>).app = 'test';
      const batch = nextUpgradePods(s, shuffle(pods));
      assert.equal(batch.upgrade.length, c.upgrade);
      assert.equal(batch.notUpgradable.length, c.blocked);
    });
  }

  it('a not-ready waiting pod is taken without using the budget', () => {
    const s = strategySidecarSet();
    s.spec.updateStrategy = { maxUnavailable: 1 };
    const pods = strategyPods(3, 0, 0);
    (pods[2] as Pod).status = { ...pods[2]?.status, conditions: [{ type: 'Ready', status: 'False' }] };
    const batch = nextUpgradePods(s, pods);
    assert.deepEqual(
      batch.upgrade.map((p) => p.metadata.name),
      ['pod-2', 'pod-1'],
    );
  });

  it('a pod whose ready sidecar is still mid-upgrade waits for the next round', () => {
    const s = strategySidecarSet();
    s.spec.updateStrategy = { maxUnavailable: 10 };
    const pods = strategyPods(2, 0, 0);
    // An earlier upgrade (another hash) recorded imageIDs the kubelet has not replaced yet.
    const p = pods[0] as Pod;
    (p.spec.containers[1] as { image: string }).image = 'test-image:v3';
    (p.metadata.annotations as Record<string, string>)['kruise.io/sidecarset-inplace-update-state'] =
      JSON.stringify({
        'test-sidecarset': {
          revision: 'x',
          updateTimestamp: '',
          lastContainerStatuses: { 'test-sidecar': { imageID: p.status?.containerStatuses?.[1]?.imageID } },
        },
      });
    assert.deepEqual(
      nextUpgradePods(s, pods).upgrade.map((x) => x.metadata.name),
      ['pod-1'],
    );
  });
});

describe('update order', () => {
  const base = (name: string, patch: (p: Pod) => void): Pod => {
    const p = structuredClone(strategyPods(1, 0, 0)[0] as Pod);
    p.metadata.name = name;
    patch(p);
    return p;
  };
  it('ActivePods: unassigned < pending < not ready < ready recently < ready long < older', () => {
    const pods = [
      base('ready-long', (p) => {
        p.spec.nodeName = 'n';
        (p.status?.conditions?.[0] as { lastTransitionTime?: string }).lastTransitionTime =
          '2026-07-01T00:00:00Z';
      }),
      base('ready-recent', (p) => {
        p.spec.nodeName = 'n';
        (p.status?.conditions?.[0] as { lastTransitionTime?: string }).lastTransitionTime =
          '2026-07-01T10:00:00Z';
      }),
      base('not-ready', (p) => {
        p.spec.nodeName = 'n';
        p.status = { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] };
      }),
      base('pending', (p) => {
        p.spec.nodeName = 'n';
        p.status = { ...p.status, phase: 'Pending' };
      }),
      base('unassigned', () => {}),
    ];
    assert.deepEqual(
      sortActivePods(pods).map((p) => p.metadata.name),
      ['unassigned', 'pending', 'not-ready', 'ready-recent', 'ready-long'],
    );
  });

  it('scatter: `zone: *` expands to the values present; matching pods spread through the order', () => {
    const pods = Array.from({ length: 6 }, (_, i) =>
      base(`p${i}`, (p) => {
        (p.metadata.labels as Record<string, string>).zone = i < 3 ? 'a' : 'b';
      }),
    );
    assert.deepEqual(expandScatterTerms([{ key: 'zone', value: '*' }], pods), [
      { key: 'zone', value: 'a' },
      { key: 'zone', value: 'b' },
    ]);
    const order = sortByScatter(pods, pods, [{ key: 'zone', value: 'a' }]).map(
      (p) => p.metadata.labels?.zone,
    );
    assert.deepEqual(order, ['a', 'b', 'b', 'a', 'b', 'a']);
  });
});
