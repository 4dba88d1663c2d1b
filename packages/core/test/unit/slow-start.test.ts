// Slow-start batches (Kruise's DoItSlowly): sizes 1, 2, 4, … and a stop after the first failing batch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { doItSlowly, slowStartBatchSizes } from '../../src/slow-start.ts';

describe('slow-start batches (docs/behaviour/cloneset.md#pod-creation DoItSlowly)', () => {
  it('batch sizes double and are capped by what is left', () => {
    assert.deepEqual(slowStartBatchSizes(0), []);
    assert.deepEqual(slowStartBatchSizes(1), [1]);
    assert.deepEqual(slowStartBatchSizes(7), [1, 2, 4]);
    assert.deepEqual(slowStartBatchSizes(10), [1, 2, 4, 3]);
  });

  it('stops after the first batch with a failure', async () => {
    const calls: number[] = [];
    const res = await doItSlowly(10, async (i) => {
      calls.push(i);
      if (i === 4) throw new Error('quota exceeded');
    });
    // batches [0], [1,2], [3..6]: the third batch fails, the fourth never starts
    assert.deepEqual(
      calls.sort((a, b) => a - b),
      [0, 1, 2, 3, 4, 5, 6],
    );
    assert.equal(res.successes, 6);
    assert.equal(res.attempted, 7);
    assert.equal((res.error as Error).message, 'quota exceeded');
  });

  it('all succeed', async () => {
    const res = await doItSlowly(5, async () => {});
    assert.deepEqual(res, { successes: 5, attempted: 5 });
  });
});
