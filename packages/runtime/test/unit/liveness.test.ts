import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { livenessBoundMs } from '../../src/partitions/lease-manager.ts';
import {
  freeLeasesFrom,
  freshEnough,
  judgeLiveness,
  kindsBehind,
  type LivenessObservation,
  type LivenessRecord,
  observeLiveness,
  parseLivenessRecord,
  takeoverMinResourceVersions,
  takeoverMinSeq,
  takeoverOwed,
  writeStillRequired,
} from '../../src/partitions/liveness.ts';

const enc = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));

describe('liveness records', () => {
  test('a bare id (the value before liveness records) reads as a live member', () => {
    assert.deepEqual(parseLivenessRecord(enc('r-1')), { id: 'r-1' });
    assert.deepEqual(parseLivenessRecord(enc({ id: 'r-2', fenced: true })), { id: 'r-2', fenced: true });
    assert.deepEqual(parseLivenessRecord(enc('{"not":"a record"}')), { id: '{"not":"a record"}' });
  });

  test('the bound comes from the lease TTL stored in the bus, within 1–3 s', () => {
    assert.equal(livenessBoundMs(15_000), 3000);
    assert.equal(livenessBoundMs(60_000), 3000);
    assert.equal(livenessBoundMs(1500), 1000);
    assert.equal(livenessBoundMs(10_000), 2000);
  });
});

describe('judging members', () => {
  const BOUND = 3000;
  const cases: {
    name: string;
    rounds: { at: number; reads: { id: string; revision: number; fenced?: boolean }[] }[];
    now: number;
    live: string[];
    dead: string[];
  }[] = [
    {
      name: 'a member beating keeps living',
      rounds: [
        { at: 0, reads: [{ id: 'b', revision: 1 }] },
        { at: 2000, reads: [{ id: 'b', revision: 2 }] },
        { at: 4000, reads: [{ id: 'b', revision: 3 }] },
      ],
      now: 6500,
      live: ['a', 'b'],
      dead: [],
    },
    {
      name: 'the same revision for the bound (on our clock) is dead',
      rounds: [
        { at: 0, reads: [{ id: 'b', revision: 1 }] },
        { at: 1000, reads: [{ id: 'b', revision: 1 }] },
        { at: 2999, reads: [{ id: 'b', revision: 1 }] },
      ],
      now: 3000,
      live: ['a'],
      dead: ['b'],
    },
    {
      name: 'just under the bound is still live: its own fence may not have run out yet',
      rounds: [{ at: 0, reads: [{ id: 'b', revision: 7 }] }],
      now: 2999,
      live: ['a', 'b'],
      dead: [],
    },
    {
      name: 'a member first seen now gets a full bound, whatever its revision',
      rounds: [
        { at: 0, reads: [] },
        { at: 5000, reads: [{ id: 'b', revision: 40 }] },
      ],
      now: 6000,
      live: ['a', 'b'],
      dead: [],
    },
    {
      name: 'a fenced member is dead at once',
      rounds: [{ at: 0, reads: [{ id: 'b', revision: 9, fenced: true }] }],
      now: 1,
      live: ['a'],
      dead: ['b'],
    },
    {
      name: 'a fenced member that rejoined (new revision, not fenced) lives again',
      rounds: [
        { at: 0, reads: [{ id: 'b', revision: 9, fenced: true }] },
        { at: 100, reads: [{ id: 'b', revision: 12 }] },
      ],
      now: 200,
      live: ['a', 'b'],
      dead: [],
    },
    {
      name: 'self is always live, even if seen stale',
      rounds: [{ at: 0, reads: [{ id: 'a', revision: 1 }] }],
      now: 10_000,
      live: ['a'],
      dead: [],
    },
    {
      name: 'a member whose key is gone is neither',
      rounds: [
        { at: 0, reads: [{ id: 'b', revision: 1 }] },
        { at: 100, reads: [] },
      ],
      now: 10_000,
      live: ['a'],
      dead: [],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      let obs = new Map<string, LivenessObservation>();
      for (const round of c.rounds) {
        obs = observeLiveness(
          obs,
          round.reads.map((r) => ({
            revision: r.revision,
            record: { id: r.id, ...(r.fenced ? { fenced: true } : {}) },
          })),
          round.at,
        );
      }
      const { live, dead } = judgeLiveness(obs, 'a', c.now, BOUND);
      assert.deepEqual(live, c.live);
      assert.deepEqual([...dead.keys()].sort(), c.dead);
    });
  }
});

describe('take-over freshness', () => {
  const cases: {
    name: string;
    records: { id: string; stream?: string; seqs?: Record<string, number> }[];
    partition: number;
    stream: string | undefined;
    minSeq: number;
  }[] = [
    { name: 'nothing recorded: no wait', records: [{ id: 'b' }], partition: 0, stream: 's1', minSeq: 0 },
    {
      name: "the previous owner's progress for that partition",
      records: [{ id: 'b', stream: 's1', seqs: { '0': 120, '1': 400 } }],
      partition: 0,
      stream: 's1',
      minSeq: 120,
    },
    {
      name: 'the furthest of every record (a hand-off earlier, a take-over later)',
      records: [
        { id: 'b', stream: 's1', seqs: { '3': 90 } },
        { id: 'c', stream: 's1', seqs: { '3': 300 } },
      ],
      partition: 3,
      stream: 's1',
      minSeq: 300,
    },
    {
      name: 'progress on a recreated stream compares to nothing',
      records: [{ id: 'b', stream: 's0', seqs: { '0': 9999 } }],
      partition: 0,
      stream: 's1',
      minSeq: 0,
    },
    {
      name: 'without knowing our own stream, no record counts',
      records: [{ id: 'b', stream: 's1', seqs: { '0': 5 } }],
      partition: 0,
      stream: undefined,
      minSeq: 0,
    },
  ];
  for (const c of cases) {
    test(c.name, () => assert.equal(takeoverMinSeq(c.partition, c.records, c.stream), c.minSeq));
  }

  test('a cache acts only once it consumed at least the previous owner’s sequence', () => {
    assert.equal(freshEnough(0, 0), true);
    assert.equal(freshEnough(119, 120), false);
    assert.equal(freshEnough(120, 120), true);
    assert.equal(freshEnough(500, 120), true);
  });
});

describe("take-over: the previous owner's owed deletes", () => {
  test('every member’s tokens for the partition, once each, whatever the stream; malformed entries ignored', () => {
    const records = [
      { id: 'b', stream: 's1', owed: { '2': ['ns/web/data-web-a', 'ns/web/data-web-b'], '3': ['x/y/z'] } },
      { id: 'c', stream: 's0', fenced: true, owed: { '2': ['ns/web/data-web-a', 'ns/db/data-db-c'] } },
      { id: 'd' },
      { id: 'e', owed: { '2': 'not a list' } },
      { id: 'f', owed: { '2': [7, 'ns/web/data-web-d'] } },
    ] as unknown as LivenessRecord[];
    assert.deepEqual(takeoverOwed(2, records), [
      'ns/db/data-db-c',
      'ns/web/data-web-a',
      'ns/web/data-web-b',
      'ns/web/data-web-d',
    ]);
    assert.deepEqual(takeoverOwed(5, records), []);
  });
});

describe("take-over freshness: the previous owner's own writes", () => {
  test('per kind, the newest version any member wrote in the partition on this stream', () => {
    const records: LivenessRecord[] = [
      { id: 'b', stream: 's1', rvs: { '2': { 'Pod.': '120', 'PersistentVolumeClaim.': '90' } } },
      { id: 'c', stream: 's1', rvs: { '2': { 'Pod.': '99' }, '3': { 'Pod.': '500' } } },
      { id: 'd', stream: 's0', rvs: { '2': { 'Pod.': '9999' } } },
    ];
    assert.deepEqual(takeoverMinResourceVersions(2, records, 's1'), {
      'Pod.': '120',
      'PersistentVolumeClaim.': '90',
    });
    assert.deepEqual(takeoverMinResourceVersions(7, records, 's1'), {});
  });

  const cases: {
    name: string;
    required: Record<string, string>;
    seen: Record<string, string>;
    behind: string[];
  }[] = [
    { name: 'nothing required', required: {}, seen: {}, behind: [] },
    {
      name: 'a pod the frozen watcher has not published yet',
      required: { 'Pod.': '120' },
      seen: { 'Pod.': '110' },
      behind: ['Pod.'],
    },
    { name: 'a kind never seen', required: { 'Pod.': '120' }, seen: {}, behind: ['Pod.'] },
    {
      name: 'caught up (the write itself, or anything newer of the kind)',
      required: { 'Pod.': '120', 'PersistentVolumeClaim.': '90' },
      seen: { 'Pod.': '120', 'PersistentVolumeClaim.': '300' },
      behind: [],
    },
    {
      name: 'compared as numbers, not strings',
      required: { 'Pod.': '99' },
      seen: { 'Pod.': '100' },
      behind: [],
    },
  ];
  for (const c of cases) {
    test(c.name, () =>
      assert.deepEqual(
        kindsBehind(c.required, (k) => c.seen[k]),
        c.behind,
      ),
    );
  }
});

describe('free leases wait for an unbroken member record', () => {
  const cases: { name: string; chainSince: number | undefined; bound: number; want: number }[] = [
    {
      name: 'no record written yet: never',
      chainSince: undefined,
      bound: 3000,
      want: Number.POSITIVE_INFINITY,
    },
    { name: 'a chain begun at 10 s: from 13 s', chainSince: 10_000, bound: 3000, want: 13_000 },
    { name: 'the shortest bound', chainSince: 0, bound: 1000, want: 1000 },
  ];
  for (const c of cases) test(c.name, () => assert.equal(freeLeasesFrom(c.chainSince, c.bound), c.want));
});

describe("a member's remembered writes", () => {
  const cases: { name: string; seen: string | undefined; held: boolean; age: number; want: boolean }[] = [
    { name: 'held, not seen yet by its own cache: carried', seen: '90', held: true, age: 1_000, want: true },
    { name: 'seen: dropped, the progress covers it', seen: '100', held: true, age: 1_000, want: false },
    { name: 'a newer one seen: dropped', seen: '150', held: true, age: 1_000, want: false },
    {
      name: 'held and never seen, however long: carried (a watcher frozen for long)',
      seen: undefined,
      held: true,
      age: 86_400_000,
      want: true,
    },
    {
      name: 'handed on, within the bound: carried',
      seen: undefined,
      held: false,
      age: 1_800_000,
      want: true,
    },
    {
      name: 'handed on, past the bound: dropped (successors carry it; its tombstone may be gone)',
      seen: undefined,
      held: false,
      age: 1_800_001,
      want: false,
    },
  ];
  for (const c of cases)
    test(c.name, () =>
      assert.equal(
        writeStillRequired({ rv: '100', at: 5_000 }, c.seen, c.held, 5_000 + c.age, 1_800_000),
        c.want,
      ),
    );
});
