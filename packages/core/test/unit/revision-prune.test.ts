import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ControllerRevision } from '../../src/kube-types.ts';
import { revisionsToPrune } from '../../src/revision-prune.ts';

const rev = (name: string, revision: number): ControllerRevision => ({ metadata: { name }, revision });
const history = [rev('r3', 3), rev('r1', 1), rev('r5', 5), rev('r2', 2), rev('r6', 6), rev('r4', 4)];

describe('revisionsToPrune (docs/behaviour/revision-gc.md#cloneset, truncateHistory)', () => {
  const cases: { name: string; inUse: string[]; limit: number; pruned: string[] }[] = [
    { name: 'within the limit nothing goes', inUse: [], limit: 10, pruned: [] },
    {
      name: 'the oldest idle revisions beyond the limit go first',
      inUse: [],
      limit: 4,
      pruned: ['r1', 'r2'],
    },
    {
      name: 'current, update and pod revisions are never pruned, nor counted against the limit',
      inUse: ['r1', 'r5', 'r6'],
      limit: 1,
      pruned: ['r2', 'r3'],
    },
    {
      name: 'limit 0 keeps only what is in use',
      inUse: ['r2', 'r6'],
      limit: 0,
      pruned: ['r1', 'r3', 'r4', 'r5'],
    },
    { name: 'a negative limit acts as 0', inUse: ['r6'], limit: -3, pruned: ['r1', 'r2', 'r3', 'r4', 'r5'] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const pruned = revisionsToPrune(history, (n) => c.inUse.includes(n), c.limit);
      assert.deepEqual(
        pruned.map((r) => r.metadata.name),
        c.pruned,
      );
    });
  }
});
