// When the bootstrap returns a burst's heap: only in a quiet window after enough real work, never twice within
// the minimum interval, and never for a service whose only work is its own ticks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type IdleCollectPolicy,
  type IdleCollectState,
  type LoopWindow,
  planIdleCollect,
  startingIdleCollectState,
} from '../../src/service/idle-collect-plan.ts';

const policy: IdleCollectPolicy = {
  windowMs: 5_000,
  idleBelow: 0.02,
  minBusyMs: 2_000,
  minIntervalMs: 60_000,
};

/** A 5 s window at `utilization`, ending at `endedAt`. */
const win = (utilization: number, endedAt: number): LoopWindow => ({
  utilization,
  activeMs: utilization * policy.windowMs,
  endedAt,
});

describe('planIdleCollect', () => {
  const cases: {
    name: string;
    state: IdleCollectState;
    window: LoopWindow;
    collect: boolean;
    busyMs: number;
  }[] = [
    {
      name: 'a busy window adds its busy time and never collects',
      state: { busyMs: 10_000, lastCollectAt: undefined },
      window: win(0.5, 100_000),
      collect: false,
      busyMs: 12_500,
    },
    {
      name: 'the first quiet window after enough work collects and starts counting again',
      state: { busyMs: 2_500, lastCollectAt: undefined },
      window: win(0.01, 100_000),
      collect: true,
      busyMs: 0,
    },
    {
      name: 'a quiet window after too little work waits',
      state: { busyMs: 1_999, lastCollectAt: undefined },
      window: win(0.01, 100_000),
      collect: false,
      busyMs: 1_999,
    },
    {
      name: 'a quiet window too soon after the last collection waits, keeping the count',
      state: { busyMs: 5_000, lastCollectAt: 50_000 },
      window: win(0.0, 100_000),
      collect: false,
      busyMs: 5_000,
    },
    {
      name: 'a quiet window a full interval after the last collection collects',
      state: { busyMs: 5_000, lastCollectAt: 40_000 },
      window: win(0.0, 100_000),
      collect: true,
      busyMs: 0,
    },
    {
      name: 'utilisation exactly at the threshold counts as busy',
      state: { busyMs: 5_000, lastCollectAt: undefined },
      window: win(0.02, 100_000),
      collect: false,
      busyMs: 5_100,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const d = planIdleCollect(c.state, c.window, policy);
      assert.equal(d.collect, c.collect);
      assert.equal(d.state.busyMs, c.busyMs);
      if (c.collect) assert.equal(d.state.lastCollectAt, c.window.endedAt);
      else assert.equal(d.state.lastCollectAt, c.state.lastCollectAt);
    });
  }

  it('an idle service collects once after its start, and its own ticks never add up to another', () => {
    let state = startingIdleCollectState(policy);
    const collectedAt: number[] = [];
    for (let i = 1; i <= 24 * 720; i++) {
      // A day of 5 s windows at 0.5 % (lease beats, metrics scrapes).
      const d = planIdleCollect(state, win(0.005, i * 5_000), policy);
      if (d.collect) collectedAt.push(i);
      state = d.state;
    }
    assert.deepEqual(collectedAt, [1], 'the first quiet window after the start');
  });

  it('a rollout, then quiet: one collection, none while busy, none after', () => {
    let state: IdleCollectState = { busyMs: 0, lastCollectAt: 0 };
    const collectedAt: number[] = [];
    const loads = [...Array(20).fill(0.6), ...Array(40).fill(0.005)] as number[];
    loads.forEach((u, i) => {
      const d = planIdleCollect(state, win(u, 600_000 + (i + 1) * 5_000), policy);
      if (d.collect) collectedAt.push(i + 1);
      state = d.state;
    });
    assert.deepEqual(collectedAt, [21], 'the first quiet window after the rollout');
  });
});
