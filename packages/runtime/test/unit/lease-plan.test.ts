import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type LeaseRecord, planLeases } from '../../src/partitions/lease-plan.ts';
import { assignPartitions, rendezvousOwner } from '../../src/partitions/rendezvous.ts';

describe('rendezvous assignment', () => {
  test('every member computes the same owner whatever the member order', () => {
    const a = ['r-1', 'r-2', 'r-3'];
    const b = ['r-3', 'r-1', 'r-2'];
    for (let p = 0; p < 64; p++) assert.equal(rendezvousOwner(a, p), rendezvousOwner(b, p));
  });

  test('spreads 64 partitions over 4 members without starving any', () => {
    const counts = [...assignPartitions(['a', 'b', 'c', 'd'], 64).values()].map((ps) => ps.length);
    assert.equal(
      counts.reduce((x, y) => x + y, 0),
      64,
    );
    for (const c of counts) assert.ok(c >= 8 && c <= 24, `unbalanced: ${counts}`);
  });

  test('a member leaving moves only the partitions it owned', () => {
    const before = assignPartitions(['a', 'b', 'c'], 32);
    const after = assignPartitions(['a', 'b'], 32);
    for (const m of ['a', 'b']) {
      for (const p of before.get(m) ?? []) assert.ok(after.get(m)?.includes(p), `${m} kept ${p}`);
    }
  });

  test('no members, no owner', () => {
    assert.equal(rendezvousOwner([], 0), undefined);
  });
});

describe('planLeases', () => {
  const leases = (entries: [number, string][]) =>
    new Map<number, LeaseRecord>(entries.map(([p, holder], i) => [p, { holder, revision: i + 1 }]));
  const owned = (self: string, members: string[], partitions: number) =>
    assignPartitions(members.includes(self) ? members : [...members, self], partitions).get(self) ?? [];

  const cases: {
    name: string;
    self: string;
    members: string[];
    table: [number, string][];
    expect: (
      self: string,
      members: string[],
    ) => { acquire?: number[]; renew?: number[]; release?: number[]; waiting?: number[] };
  }[] = [
    {
      name: 'a lone replica takes every free partition',
      self: 'a',
      members: ['a'],
      table: [],
      expect: () => ({ acquire: [0, 1, 2, 3] }),
    },
    {
      name: 'a lone replica not yet visible in the member list still counts itself',
      self: 'a',
      members: [],
      table: [],
      expect: () => ({ acquire: [0, 1, 2, 3] }),
    },
    {
      name: 'a holder renews what it should own',
      self: 'a',
      members: ['a'],
      table: [
        [0, 'a'],
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
      ],
      expect: () => ({ renew: [0, 1, 2, 3] }),
    },
    {
      name: 'when a second member joins, the first releases exactly the partitions the newcomer should own',
      self: 'a',
      members: ['a', 'b'],
      table: [
        [0, 'a'],
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
      ],
      expect: (self, members) => ({
        renew: owned(self, members, 4),
        release: [0, 1, 2, 3].filter((p) => !owned(self, members, 4).includes(p)),
      }),
    },
    {
      name: 'the newcomer waits for partitions still held by the old owner',
      self: 'b',
      members: ['a', 'b'],
      table: [
        [0, 'a'],
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
      ],
      expect: (self, members) => ({ waiting: owned(self, members, 4) }),
    },
    {
      name: 'after a member died (no heartbeat) its expired leases are free and the survivor takes them',
      self: 'a',
      members: ['a'],
      table: [[0, 'a']],
      expect: () => ({ renew: [0], acquire: [1, 2, 3] }),
    },
    {
      name: 'a dead member whose lease has not expired yet is waited for, never stolen',
      self: 'a',
      members: ['a'],
      table: [[2, 'dead']],
      expect: () => ({ acquire: [0, 1, 3], waiting: [2] }),
    },
  ];

  for (const c of cases) {
    test(c.name, () => {
      const plan = planLeases({ self: c.self, members: c.members, partitions: 4, leases: leases(c.table) });
      const want = c.expect(c.self, c.members);
      assert.deepEqual(plan, {
        acquire: want.acquire ?? [],
        renew: want.renew ?? [],
        release: want.release ?? [],
        waiting: want.waiting ?? [],
      });
    });
  }
});
