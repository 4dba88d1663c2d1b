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
  it('refreshes each started pod once while the creates go on, and stops with them', async () => {
    const pods = [pod('a', { phase: 'Running' }), pod('b', { phase: 'Pending' })];
    const calls: string[] = [];
    const creating = sleep(70).then(() => {
      pods[1] = pod('b', { phase: 'Running' });
      return sleep(60);
    });
    await refreshWhileCreating(
      creating,
      () => pods,
      async (p) => {
        calls.push(p.metadata.name ?? '');
      },
      20,
    );
    const after = calls.length;
    assert.deepEqual(calls, ['a', 'b']);
    await sleep(60);
    assert.equal(calls.length, after, 'no pass after the creates settled');
  });

  it("a failed refresh is left to the next reconcile; the creates' error is what it throws", async () => {
    const calls: string[] = [];
    const creating = sleep(80).then(() => {
      throw new Error('quota exceeded');
    });
    await assert.rejects(
      refreshWhileCreating(
        creating,
        () => [pod('a', { phase: 'Running' })],
        async (p) => {
          calls.push(p.metadata.name ?? '');
          throw new Error('conflict');
        },
        20,
      ),
      /quota exceeded/,
    );
    assert.deepEqual(calls, ['a']);
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
