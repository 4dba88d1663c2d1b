import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPodUpdatedForScale } from '../../src/pod-state.ts';
import {
  calculateDiffsWithExpectation,
  EMPTY_DIFFS,
  type ExpectationDiffs,
  isEmptyDiffs,
} from '../../src/sync/expectation-diffs.ts';
import { type CloneSetOptions, makeCloneSet, NEW, NOW, OLD, podsFrom } from './helpers.ts';

interface Case {
  name: string;
  cs: CloneSetOptions;
  pods: string;
  /** current revision == update revision */
  consistent?: boolean;
  /** CloneSetPartitionRollback off (it is on for the rest, as in Kruise's table) */
  noRollback?: boolean;
  /** count PreparingUpdate pods as updated (PreparingUpdateAsUpdate, scaling side) */
  preparingUpdateAsUpdate?: boolean;
  want: Partial<ExpectationDiffs>;
}

// replicas, partition, maxUnavailable, maxSurge — the four knobs of every case.
const cs = (
  replicas: number,
  partition: number | string,
  maxUnavailable: number | string,
  maxSurge: number | string,
) => ({ replicas, partition, maxUnavailable, maxSurge }) satisfies CloneSetOptions;

// biome-ignore format: one case per line reads as a table
const cases: Case[] = [
  { name: 'empty CloneSet', cs: cs(0, 0, 1, 0), pods: '', want: {} },
  { name: 'scale 0 -> 5: create all, no readiness gating', cs: cs(5, 0, 1, 0), pods: '', want: { scaleUpNum: 5, scaleUpLimit: 5 } },
  { name: 'scale 0 -> 5 done', cs: cs(5, 0, 1, 0), pods: 'N N N N N', want: {} },

  { name: 'specified delete of 1 ready pod: delete first', cs: cs(5, 0, 1, 0), pods: 'N* N N N N', want: { deleteReadyLimit: 1 } },
  { name: 'specified delete of 1 ready pod: then replace', cs: cs(5, 0, 1, 0), pods: 'N N N N', want: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: 'specified delete of 2 ready pods: one at a time', cs: cs(5, 0, 1, 0), pods: 'N* N* N N N', want: { deleteReadyLimit: 1 } },
  { name: 'specified delete of 2: replacement of the first', cs: cs(5, 0, 1, 0), pods: 'N* N N N', want: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: 'specified delete of 2: replacement not ready yet blocks', cs: cs(5, 0, 1, 0), pods: 'N* N N N n', want: {} },
  { name: 'specified delete of 2: replacement ready, delete second', cs: cs(5, 0, 1, 0), pods: 'N* N N N N', want: { deleteReadyLimit: 1 } },
  { name: 'specified delete of 2 not-ready pods with replicas 5 -> 4', cs: cs(4, 0, 1, 0), pods: 'n* n* N N N', want: { deleteReadyLimit: 2 } },
  { name: 'specified delete with replicas 4: replace the missing one', cs: cs(4, 0, 1, 0), pods: 'N N N', want: { scaleUpNum: 1, scaleUpLimit: 1 } },

  { name: 'partition 3, 5 old: update 2, one at a time', cs: cs(5, 3, 1, 0), pods: 'O O O O O', want: { updateNum: 2, updateMaxUnavailable: 1 } },
  { name: 'partition 3, 1 new: update 1 more', cs: cs(5, 3, 1, 0), pods: 'N O O O O', want: { updateNum: 1, updateMaxUnavailable: 1 } },
  { name: 'partition 3 reached', cs: cs(5, 3, 1, 0), pods: 'N N O O O', want: {} },

  { name: 'rollback to partition 4 from 4 new', cs: cs(5, 4, 2, 0), pods: 'N N N N O', want: { updateNum: -3, updateMaxUnavailable: 2 } },
  { name: 'rollback to partition 4 from 2 new', cs: cs(5, 4, 2, 0), pods: 'N N O O O', want: { updateNum: -1, updateMaxUnavailable: 2 } },
  { name: 'rollback to partition 4 done', cs: cs(5, 4, 2, 0), pods: 'N O O O O', want: {} },
  { name: 'rollback gate off: never moves pods back', cs: cs(5, 4, 1, 0), pods: 'O N N N N', noRollback: true, want: {} },

  { name: 'specified delete with maxSurge 1: surge first', cs: cs(5, 0, 0, 1), pods: 'N* N N N N', want: { scaleUpNum: 1, useSurge: 1, scaleUpLimit: 1 } },
  { name: 'specified delete with maxSurge 1: wait for the surge pod', cs: cs(5, 0, 0, 1), pods: 'N* N N N N n', want: { useSurge: 1 } },
  { name: 'specified delete with maxSurge 1: surge ready, delete', cs: cs(5, 0, 0, 1), pods: 'N* N N N N N', want: { deleteReadyLimit: 1, useSurge: 1 } },
  { name: 'specified delete with maxSurge 1: done', cs: cs(5, 0, 0, 1), pods: 'N N N N N', want: {} },

  // docs/behaviour/cloneset.md#rollout-example second example (in-place)
  { name: 'in-place partition 3 + maxSurge 1, step 1: surge pod of the new revision', cs: cs(5, 3, 1, 1), pods: 'O O O O O', want: { scaleUpNum: 1, useSurge: 1, updateNum: 2, updateMaxUnavailable: 1, scaleUpLimit: 1 } },
  { name: 'in-place partition 3 + maxSurge 1, step 2: update one old pod', cs: cs(5, 3, 1, 1), pods: 'O O O O O n', want: { useSurge: 1, updateNum: 1, updateMaxUnavailable: 2 } },
  { name: 'in-place partition 3 + maxSurge 1, step 3: one old to go, nothing ready to spare', cs: cs(5, 3, 1, 1), pods: 'O O O O n:U n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 0 } },
  { name: 'in-place partition 3 + maxSurge 1, step 4: in-place pod ready, delete an old one', cs: cs(5, 3, 1, 1), pods: 'O O O O N n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 } },

  // docs/behaviour/cloneset.md#rollout-example worked example (recreate)
  { name: 'recreate partition 3 + maxSurge 1, step 1/7', cs: cs(5, 3, 1, 1), pods: 'O O O O O', want: { scaleUpNum: 1, useSurge: 1, updateNum: 2, updateMaxUnavailable: 1, scaleUpLimit: 1 } },
  { name: 'recreate partition 3 + maxSurge 1, step 2/7', cs: cs(5, 3, 1, 1), pods: 'O O O O O n', want: { useSurge: 1, updateNum: 1, updateMaxUnavailable: 2 } },
  { name: 'recreate partition 3 + maxSurge 1, step 3/7', cs: cs(5, 3, 1, 1), pods: 'O O O O O* n', want: { useSurge: 1, useSurgeOldRevision: 1, deleteReadyLimit: 1, updateNum: 1, updateMaxUnavailable: 2 } },
  { name: 'recreate partition 3 + maxSurge 1, step 4/7', cs: cs(5, 3, 1, 1), pods: 'O O O O n', want: { useSurge: 1, scaleUpNum: 1, updateNum: 1, updateMaxUnavailable: 1, scaleUpLimit: 1 } },
  { name: 'recreate partition 3 + maxSurge 1, step 5/7', cs: cs(5, 3, 1, 1), pods: 'O O O O n n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 0 } },
  { name: 'recreate partition 3 + maxSurge 1, step 6/7', cs: cs(5, 3, 1, 1), pods: 'O O O O N n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 } },
  { name: 'recreate partition 3 + maxSurge 1, step 7/7', cs: cs(5, 3, 1, 1), pods: 'O O O N N', want: {} },

  { name: 'partition 99% maxUnavailable 3 maxSurge 2, step 1', cs: cs(5, '99%', 3, 2), pods: 'O O O O O', want: { scaleUpNum: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 3, scaleUpLimit: 1 } },
  { name: 'partition 99% maxUnavailable 3 maxSurge 2, step 2', cs: cs(5, '99%', 3, 2), pods: 'O O O O O n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 3 } },
  { name: 'partition 99% maxUnavailable 3 maxSurge 2, step 3', cs: cs(5, '99%', 3, 2), pods: 'O O O O n', want: {} },
  { name: 'partition 99% maxUnavailable 40% maxSurge 30%, step 1', cs: cs(5, '99%', '40%', '30%'), pods: 'O O O O O', want: { scaleUpNum: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 2, scaleUpLimit: 1 } },
  { name: 'partition 99% maxUnavailable 40% maxSurge 30%, step 2', cs: cs(5, '99%', '40%', '30%'), pods: 'O O O O O n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 2 } },
  { name: 'partition 99% maxUnavailable 40% maxSurge 30%, step 3', cs: cs(5, '99%', '40%', '30%'), pods: 'O O O O n', want: {} },
  { name: 'partition 99% maxUnavailable 30% (floored to 1 with surge), step 1', cs: cs(5, '99%', '30%', '30%'), pods: 'O O O O O', want: { scaleUpNum: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 1, scaleUpLimit: 1 } },
  { name: 'partition 99% maxUnavailable 30%, step 2', cs: cs(5, '99%', '30%', '30%'), pods: 'O O O O O n', want: { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 } },
  { name: 'partition 99% maxUnavailable 30%, step 3', cs: cs(5, '99%', '30%', '30%'), pods: 'O O O O n', want: {} },

  { name: 'revisions consistent, all updated', cs: cs(5, 0, 1, 0), pods: 'N N N N N', consistent: true, want: {} },
  { name: 'revisions consistent, partition 3 ignored for pods already updated', cs: cs(5, 3, 1, 0), pods: 'N N N N N', consistent: true, want: {} },
  { name: 'revisions consistent, 2 other-revision pods within partition 3', cs: cs(5, 3, 1, 0), pods: 'O O N N N', consistent: true, want: {} },
  { name: 'revisions consistent, 3 other-revision pods beyond partition 1', cs: cs(5, 1, 1, 0), pods: 'O O O N N', consistent: true, want: { updateNum: 2, updateMaxUnavailable: 1 } },
  { name: 'update still allowed while a pod is missing', cs: cs(5, 1, 2, 0), pods: 'O O N N', consistent: true, want: { scaleUpNum: 1, updateNum: 1, updateMaxUnavailable: 1, scaleUpLimit: 1 } },
  { name: 'update still allowed while a pod is surplus', cs: cs(5, 1, 1, 0), pods: 'O O O N N N', consistent: true, want: { scaleDownNum: 1, scaleDownNumOldRevision: 2, deleteReadyLimit: 2, updateNum: 1, updateMaxUnavailable: 2 } },

  { name: 'scale 0 -> 5 with scaleStrategy.maxUnavailable 2', cs: { ...cs(5, 0, 1, 0), scaleMaxUnavailable: 2 }, pods: '', want: { scaleUpNum: 5, scaleUpLimit: 2 } },
  { name: 'scale 3 -> 6 with scaleStrategy.maxUnavailable 2 and 1 not ready', cs: { ...cs(6, 0, 1, 0), scaleMaxUnavailable: 2 }, pods: 'N N n', want: { scaleUpNum: 3, scaleUpLimit: 1 } },
  { name: 'scale 3 -> 6 with scaleStrategy.maxUnavailable 2 and 2 not ready', cs: { ...cs(6, 0, 1, 0), scaleMaxUnavailable: 2 }, pods: 'N n n', want: { scaleUpNum: 3, scaleUpLimit: 0 } },

  { name: 'preDelete hook, PreparingDelete counted: specified pod ready', cs: cs(3, 0, 1, 0), pods: 'N N N*', want: { deleteReadyLimit: 1 } },
  { name: 'preDelete hook, PreparingDelete counted: no replacement while hooked', cs: cs(3, 0, 1, 0), pods: 'N N N*:PD', want: {} },
  { name: 'preDelete hook, PreparingDelete counted: replaced once gone', cs: cs(3, 0, 1, 0), pods: 'N N', want: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: 'preDelete hook, PreparingDelete counted: replacement created', cs: cs(3, 0, 1, 0), pods: 'N N n', want: {} },
  { name: 'excludePreparingDelete: specified pod ready', cs: { ...cs(3, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N*', want: { deleteReadyLimit: 1 } },
  { name: 'excludePreparingDelete: replacement while the hooked pod lingers', cs: { ...cs(3, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N*:PD', want: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: 'excludePreparingDelete: replacement created', cs: { ...cs(3, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N*:PD n', want: {} },
  { name: 'excludePreparingDelete: deletion cancelled leaves one surplus', cs: { ...cs(3, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N n', want: { scaleDownNum: 1, deleteReadyLimit: 1 } },
  { name: 'excludePreparingDelete: scale 3 -> 2 with the hooked pod specified', cs: { ...cs(2, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N*', want: { deleteReadyLimit: 2 } },
  { name: 'excludePreparingDelete: scale 3 -> 2 while hooked', cs: { ...cs(2, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N*:PD', want: {} },
  { name: 'excludePreparingDelete: scale back to 3 while hooked', cs: { ...cs(3, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N N*:PD', want: { scaleUpNum: 1, scaleUpLimit: 1 } },
  { name: 'excludePreparingDelete: scaled back', cs: { ...cs(3, 0, 1, 0), excludePreparingDelete: true }, pods: 'N N n', want: {} },

  { name: 'PreparingUpdate counted as updated; partition 90% of 4 keeps 3', cs: { ...cs(4, '90%', 1, 0), excludePreparingDelete: true }, pods: 'O:PU O O', preparingUpdateAsUpdate: true, want: { scaleUpNum: 1, scaleUpLimit: 1, scaleUpNumOldRevision: 1 } },
  { name: 'PreparingUpdate counted as updated; partition 2', cs: { ...cs(4, 2, 1, 0), excludePreparingDelete: true }, pods: 'O:PU O O', preparingUpdateAsUpdate: true, want: { scaleUpNum: 1, scaleUpLimit: 1 } },

  { name: 'paused: maxSurge 3 ignored, new pods at the update revision', cs: { ...cs(5, 0, 0, 3), paused: true }, pods: 'O O O', want: { scaleUpNum: 2, scaleUpLimit: 2, updateNum: 3, updateMaxUnavailable: -2 } },
  { name: 'paused: scale down 5 -> 3', cs: { ...cs(3, 0, 0, 3), paused: true }, pods: 'O O O O O', want: { scaleDownNum: 2, scaleDownNumOldRevision: 5, deleteReadyLimit: 2, updateNum: 3, updateMaxUnavailable: 2 } },
  { name: 'paused: surplus new pods', cs: { ...cs(5, 0, 0, 3), paused: true }, pods: 'O O O O O n n n', want: { scaleDownNum: 3, scaleDownNumOldRevision: 5, updateNum: 2, updateMaxUnavailable: 3 } },
  { name: 'paused with partition 2: surplus new pods', cs: { ...cs(5, 2, 0, 3), paused: true }, pods: 'O O O O O n n n', want: { scaleDownNum: 3, scaleDownNumOldRevision: 3 } },
];

describe('calculateDiffsWithExpectation (docs/behaviour/cloneset.md#scale-arithmetic, #rollout-example, #specified-delete; UT diffs)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const gates = { partitionRollback: c.noRollback !== true, preparingUpdateAsUpdate: true };
      const got = calculateDiffsWithExpectation(makeCloneSet(c.cs), podsFrom(c.pods), {
        currentRevision: c.consistent === true ? NEW : OLD,
        updateRevision: NEW,
        now: NOW,
        gates,
        ...(c.preparingUpdateAsUpdate === true
          ? { isPodUpdated: (p, rev) => isPodUpdatedForScale(p, rev, gates) }
          : {}),
      });
      assert.deepEqual(got, { ...EMPTY_DIFFS, ...c.want });
    });
  }

  it('isEmptyDiffs is true only for all zeros', () => {
    assert.equal(isEmptyDiffs({ ...EMPTY_DIFFS }), true);
    assert.equal(isEmptyDiffs({ ...EMPTY_DIFFS, updateMaxUnavailable: -2 }), false);
  });

  it('OnDelete (no rollingUpdate): partition and surge 0, maxUnavailable is floor(20%)', () => {
    const set = makeCloneSet({ replicas: 5, noRollingUpdate: true });
    const got = calculateDiffsWithExpectation(set, podsFrom('O O O O O O'), {
      currentRevision: OLD,
      updateRevision: NEW,
      now: NOW,
    });
    // floor(0.2 * 5) = 1 ⇒ 1 + (6 - 5) - 0 = 2 ready deletions allowed
    assert.deepEqual(got, {
      ...EMPTY_DIFFS,
      scaleDownNum: 1,
      scaleDownNumOldRevision: 6,
      deleteReadyLimit: 2,
      updateNum: 5,
      updateMaxUnavailable: 2,
    });
  });

  it('OnDelete with 4 replicas: floor(20%) is 0, so a ready specified pod cannot go (docs/behaviour/cloneset.md#edge-ondelete-small-replicas)', () => {
    const set = makeCloneSet({ replicas: 4, noRollingUpdate: true });
    const got = calculateDiffsWithExpectation(set, podsFrom('N* N N N'), {
      currentRevision: NEW,
      updateRevision: NEW,
      now: NOW,
    });
    assert.equal(got.deleteReadyLimit, 0);
  });

  it('minReadySeconds: a pod Ready for less than minReadySeconds is unavailable', () => {
    const set = makeCloneSet({ replicas: 2, maxUnavailable: 1, minReadySeconds: 10 });
    const pods = podsFrom('N N*');
    for (const p of pods) {
      const cond = p.status?.conditions?.[0];
      if (cond !== undefined) cond.lastTransitionTime = new Date(NOW - 5_000).toISOString();
    }
    const got = calculateDiffsWithExpectation(set, pods, {
      currentRevision: NEW,
      updateRevision: NEW,
      now: NOW,
    });
    // one unavailable (the non-specified pod) ⇒ 1 + 0 - 1 = 0
    assert.equal(got.deleteReadyLimit, 0);
    const later = calculateDiffsWithExpectation(set, pods, {
      currentRevision: NEW,
      updateRevision: NEW,
      now: NOW + 6_000,
    });
    assert.equal(later.deleteReadyLimit, 1);
  });
});
