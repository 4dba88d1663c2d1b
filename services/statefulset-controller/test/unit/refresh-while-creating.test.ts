import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  // The creates settle when the test says so, so no assertion hangs on the machine's timer accuracy.
  const gate = () => {
    let open!: () => void;
    let fail!: (err: Error) => void;
    const promise = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    return { promise, open, fail };
  };

  it('refreshes each started pod once while the creates go on, and stops with them', async () => {
    const pods = [pod('a', { phase: 'Running' }), pod('b', { phase: 'Pending' })];
    const calls: string[] = [];
    const creates = gate();
    await refreshWhileCreating(
      creates.promise,
      () => pods,
      async (p) => {
        calls.push(p.metadata.name ?? '');
        // b starts after a's refresh; once b is refreshed too, the creates end and c starts.
        if (p.metadata.name === 'a') pods[1] = pod('b', { phase: 'Running' });
        if (p.metadata.name === 'b') {
          creates.open();
          pods.push(pod('c', { phase: 'Running' }));
        }
      },
      5,
    );
    assert.deepEqual(calls, ['a', 'b']);
    await sleep(30);
    assert.deepEqual(calls, ['a', 'b'], 'no pass after the creates settled');
  });

  it("a failed refresh is left to the next reconcile; the creates' error is what it throws", async () => {
    const calls: string[] = [];
    const creates = gate();
    await assert.rejects(
      refreshWhileCreating(
        creates.promise,
        () => [pod('a', { phase: 'Running' })],
        async (p) => {
          calls.push(p.metadata.name ?? '');
          setTimeout(() => creates.fail(new Error('quota exceeded')), 20);
          throw new Error('conflict');
        },
        5,
      ),
      /quota exceeded/,
    );
    assert.deepEqual(calls, ['a'], 'refreshed once, not retried');
  });

  it('creates that end before the first interval refresh nothing', async () => {
    const calls: string[] = [];
    await refreshWhileCreating(
      Promise.resolve(),
      () => [pod('a', { phase: 'Running' })],
      async (p) => {
        calls.push(p.metadata.name ?? '');
      },
      20,
    );
    assert.deepEqual(calls, []);
  });
});
