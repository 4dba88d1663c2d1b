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

  test('a member leaving: its partitions are taken over and survivors give up at most twice as many to even loads', () => {
    for (let t = 0; t < 200; t++) {
      const members = Array.from({ length: 2 + (t % 5) }, (_, i) => `m${t}-${i}`);
      const partitions = [4, 16, 32, 64][t % 4] as number;
      const leaver = members[t % members.length] as string;
      const before = assignPartitions(members, partitions);
      const after = assignPartitions(
        members.filter((m) => m !== leaver),
        partitions,
      );
      let moved = 0;
      for (const [m, owned] of before) {
        if (m === leaver) continue;
        for (const p of owned) if (!after.get(m)?.includes(p)) moved++;
      }
      assert.ok(moved <= 2 * (before.get(leaver)?.length ?? 0), `${moved} moved among survivors (case ${t})`);
      assert.equal([...after.values()].flat().length, partitions, 'every partition owned once');
    }
  });

  test('loads differ by at most one, so no replica idles while partitions are enough (4 partitions, 2 replicas)', () => {
    for (let t = 0; t < 500; t++) {
      const loads = [...assignPartitions([`a-${t}`, `b-${t * 31}`], 4).values()].map((l) => l.length);
      assert.deepEqual(loads, [2, 2], `case ${t}`);
    }
    for (let t = 0; t < 100; t++) {
      const members = Array.from({ length: 1 + (t % 7) }, (_, i) => `r${t}-${i}`);
      const loads = [...assignPartitions(members, 16).values()].map((l) => l.length);
      assert.ok(Math.max(...loads) - Math.min(...loads) <= 1, `case ${t}: ${loads}`);
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
    /** Partitions self holds (default: every one whose record is self's). */
    held?: number[];
    expect: (
      self: string,
      members: string[],
    ) => {
      acquire?: number[];
      renew?: number[];
      release?: number[];
      waiting?: number[];
      reclaim?: number[];
      abandon?: number[];
    };
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
    {
      name: 'a record still ours after a renewal whose reply was lost is taken back, not waited out',
      self: 'a',
      members: ['a'],
      table: [
        [0, 'a'],
        [1, 'a'],
      ],
      held: [0],
      expect: () => ({ renew: [0], reclaim: [1], acquire: [2, 3] }),
    },
    {
      name: 'a record still ours for a partition another member should own is deleted, not left to expire',
      self: 'a',
      members: ['a', 'b'],
      table: [
        [0, 'a'],
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
      ],
      held: [],
      expect: (self, members) => ({
        reclaim: owned(self, members, 4),
        abandon: [0, 1, 2, 3].filter((p) => !owned(self, members, 4).includes(p)),
      }),
    },
  ];

  for (const c of cases) {
    test(c.name, () => {
      const held = new Set(c.held ?? c.table.filter(([, holder]) => holder === c.self).map(([p]) => p));
      const plan = planLeases({
        self: c.self,
        members: c.members,
        partitions: 4,
        leases: leases(c.table),
        held,
      });
      const want = c.expect(c.self, c.members);
      assert.deepEqual(plan, {
        acquire: want.acquire ?? [],
        renew: want.renew ?? [],
        release: want.release ?? [],
        waiting: want.waiting ?? [],
        reclaim: want.reclaim ?? [],
        abandon: want.abandon ?? [],
      });
    });
  }
});
