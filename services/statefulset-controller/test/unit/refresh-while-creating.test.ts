import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeClock } from '@kruise-ts/runtime';
import {
  refreshableWhileCreating,
  refreshWhileCreating,
} from '../../src/controller/refresh-while-creating.ts';
import type { StatefulSetPod } from '../../src/types.ts';

const pod = (name: string, o: { phase?: string; deleting?: boolean } = {}): StatefulSetPod => ({
  metadata: { name, ...(o.deleting ? { deletionTimestamp: '2026-12-07T00:00:00Z' } : {}) },
  spec: { containers: [] },
  ...(o.phase === undefined ? {} : { status: { phase: o.phase } }),
});

describe('refreshableWhileCreating', () => {
  const cases: Array<[string, StatefulSetPod, string[], boolean]> = [
    ['a running pod', pod('a', { phase: 'Running' }), [], true],
    ['a pod the cluster has not started', pod('a', { phase: 'Pending' }), [], false],
    ['a pod with no status yet', pod('a'), [], false],
    ['a running pod going away', pod('a', { phase: 'Running', deleting: true }), [], false],
    ['a running pod already refreshed in this burst', pod('a', { phase: 'Running' }), ['a'], false],
  ];
  for (const [name, p, refreshed, want] of cases) {
    it(name, () => assert.equal(refreshableWhileCreating(p, new Set(refreshed)), want));
  }
});

describe('refreshWhileCreating', () => {
  // The creates settle when the test says so and time moves only on FakeClock, so nothing hangs on timer accuracy.
  const gate = () => {
    let open!: () => void;
    let fail!: (err: Error) => void;
    const promise = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    return { promise, open, fail };
  };
  const settle = () => new Promise((r) => setImmediate(r));

  it('refreshes each started pod once per tick while the creates go on, and stops with them', async () => {
    const clock = new FakeClock();
    const pods = [pod('a', { phase: 'Running' }), pod('b', { phase: 'Pending' })];
    const calls: string[] = [];
    const creates = gate();
    const done = refreshWhileCreating(
      creates.promise,
      () => pods,
      async (p) => {
        calls.push(p.metadata.name ?? '');
      },
      { intervalMs: 250, clock },
    );
    await settle();
    assert.deepEqual(calls, [], 'nothing before the first tick');
    clock.advance(250);
    await settle();
    assert.deepEqual(calls, ['a'], 'the first tick: the started pod');
    pods[1] = pod('b', { phase: 'Running' });
    clock.advance(250);
    await settle();
    assert.deepEqual(calls, ['a', 'b'], 'the next tick: the pod started since, a not again');
    creates.open();
    await done;
    pods.push(pod('c', { phase: 'Running' }));
    clock.advance(1_000);
    await settle();
    assert.deepEqual(calls, ['a', 'b'], 'no pass after the creates settled');
    assert.equal(clock.pendingTimers(), 0, 'no timer left behind');
  });

  it("a failed refresh is left to the next reconcile; the creates' error is what it throws", async () => {
    const clock = new FakeClock();
    const calls: string[] = [];
    const creates = gate();
    const done = refreshWhileCreating(
      creates.promise,
      () => [pod('a', { phase: 'Running' })],
      async (p) => {
        calls.push(p.metadata.name ?? '');
        throw new Error('conflict');
      },
      { intervalMs: 250, clock },
    );
    clock.advance(250);
    await settle();
    clock.advance(250);
    await settle();
    creates.fail(new Error('quota exceeded'));
    await assert.rejects(done, /quota exceeded/);
    assert.deepEqual(calls, ['a'], 'refreshed once, not retried');
  });

  it('creates that end before the first tick refresh nothing', async () => {
    const calls: string[] = [];
    await refreshWhileCreating(
      Promise.resolve(),
      () => [pod('a', { phase: 'Running' })],
      async (p) => {
        calls.push(p.metadata.name ?? '');
      },
      { clock: new FakeClock() },
    );
    assert.deepEqual(calls, []);
  });
});
