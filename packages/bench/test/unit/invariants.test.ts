import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFinalPods, PodInvariants } from '../../src/invariants.ts';

const pod = (name: string, image = 'a', terminating = false) => ({ name, image, terminating });

describe('PodInvariants', () => {
  it('counts only active pods against replicas + maxSurge', () => {
    const inv = new PodInvariants();
    inv.setLimit({ phase: 'roll', max: 2 });
    inv.observe('ADDED', pod('p1'));
    inv.observe('ADDED', pod('p2'));
    inv.observe('MODIFIED', pod('p2', 'a', true));
    inv.observe('ADDED', pod('p3'));
    assert.deepEqual(inv.violations, []);
    assert.equal(inv.peak, 2);
    inv.observe('DELETED', pod('p2'));
    assert.equal(inv.activeCount(), 2);
  });
  it('reports a crossing once per phase', () => {
    const inv = new PodInvariants();
    inv.setLimit({ phase: 'scale-up', max: 1 });
    inv.observe('ADDED', pod('p1'));
    inv.observe('ADDED', pod('p2'));
    inv.observe('ADDED', pod('p3'));
    assert.deepEqual(inv.violations, ['scale-up: 2 active pods, above replicas + maxSurge = 1']);
    assert.equal(inv.peak, 3);
    inv.setLimit({ phase: 'next', max: 1 });
    inv.observe('MODIFIED', pod('p3'));
    assert.equal(inv.violations.length, 2);
  });
});

describe('checkFinalPods', () => {
  const cases: { name: string; pods: ReturnType<typeof pod>[]; replicas: number; want: string[] }[] = [
    { name: 'exact', pods: [pod('a'), pod('b')], replicas: 2, want: [] },
    { name: 'terminating ignored', pods: [pod('a'), pod('b'), pod('c', 'old', true)], replicas: 2, want: [] },
    { name: 'missing', pods: [pod('a')], replicas: 2, want: ['p: 1 active pods at the end, want 2'] },
    { name: 'extra', pods: [pod('a'), pod('b')], replicas: 1, want: ['p: 2 active pods at the end, want 1'] },
    {
      name: 'stale image',
      pods: [pod('a'), pod('b', 'old')],
      replicas: 2,
      want: ['p: 1 pods not on a at the end'],
    },
    { name: 'empty', pods: [], replicas: 0, want: [] },
  ];
  for (const c of cases)
    it(c.name, () => assert.deepEqual(checkFinalPods(c.pods, 'p', c.replicas, 'a'), c.want));
});
