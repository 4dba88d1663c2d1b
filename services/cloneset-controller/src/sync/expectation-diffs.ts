// calculateDiffsWithExpectation (docs/behaviour/cloneset.md#scale-arithmetic): from the claimed active pods, how many pods to create or delete (and
// how many of those on the current revision), how much surge to use, and how many pods to move between revisions
// within maxUnavailable. Scaling and updating both start from these numbers.

import { getPodLifecycleState, LifecycleState, type Pod, rolloutLimits } from '@kruise-ts/core';
import { isPodAvailable, isPodOnRevision, isSpecifiedDelete } from '../pod-state.ts';
import { type CloneSet, type FeatureGates, type Now, specReplicas } from '../types.ts';

export interface ExpectationDiffs {
  /** Pods to create (≥ 0). */
  scaleUpNum: number;
  /** Of the pods to create, how many at the current revision; may exceed scaleUpNum. */
  scaleUpNumOldRevision: number;
  /** Pods to delete beyond those already specified for deletion (≥ 0). */
  scaleDownNum: number;
  /** Of the pods to delete, how many from the old revisions; may exceed scaleDownNum. */
  scaleDownNumOldRevision: number;
  /** Creations allowed now by scaleStrategy.maxUnavailable. */
  scaleUpLimit: number;
  /** Ready pods that may be deleted now (updateStrategy.maxUnavailable). */
  deleteReadyLimit: number;
  /** Pods above replicas wanted for now. */
  useSurge: number;
  /** The part of useSurge on the current revision. */
  useSurgeOldRevision: number;
  /** > 0: pods to move to the update revision; < 0: pods to roll back to the current revision. */
  updateNum: number;
  /** Unavailable pods the update may reach (may be negative). */
  updateMaxUnavailable: number;
}

export const EMPTY_DIFFS: Readonly<ExpectationDiffs> = Object.freeze({
  scaleUpNum: 0,
  scaleUpNumOldRevision: 0,
  scaleDownNum: 0,
  scaleDownNumOldRevision: 0,
  scaleUpLimit: 0,
  deleteReadyLimit: 0,
  useSurge: 0,
  useSurgeOldRevision: 0,
  updateNum: 0,
  updateMaxUnavailable: 0,
});

export interface DiffInput {
  currentRevision: string;
  updateRevision: string;
  now: Now;
  gates?: FeatureGates;
  /** Which pods count as updated; default: the revision hash only (what Update uses). Scale passes the gate-aware one. */
  isPodUpdated?: (pod: Pod, updateRevision: string) => boolean;
}

interface SideCounts {
  total: number;
  active: number;
  preDeleting: number;
  toDelete: number;
  unavailable: number;
}

const emptySide = (): SideCounts => ({ total: 0, active: 0, preDeleting: 0, toDelete: 0, unavailable: 0 });

// Strictly opposite signs (Kruise's IsIntPlusAndMinus).
const oppositeSigns = (a: number, b: number): boolean => (a > 0 && b < 0) || (a < 0 && b > 0);

export function shouldExcludePreparingDelete(cs: CloneSet, gates: FeatureGates = {}): boolean {
  return (
    gates.scalingExcludePreparingDelete === true || cs.spec.scaleStrategy?.excludePreparingDelete === true
  );
}

export function calculateDiffsWithExpectation(
  cs: CloneSet,
  pods: readonly Pod[],
  input: DiffInput,
): ExpectationDiffs {
  const gates = input.gates ?? {};
  const replicas = specReplicas(cs);
  const { partition, maxSurge, maxUnavailable, scaleMaxUnavailable } = rolloutLimits({
    replicas,
    rollingUpdate: cs.spec.updateStrategy?.rollingUpdate ?? null,
    scaleMaxUnavailable: cs.spec.scaleStrategy?.maxUnavailable ?? null,
  });
  const minReadySeconds = cs.spec.minReadySeconds ?? 0;
  const isUpdated = input.isPodUpdated ?? isPodOnRevision;

  const fresh = emptySide();
  const old = emptySide();
  for (const pod of pods) {
    const side = isUpdated(pod, input.updateRevision) ? fresh : old;
    side.total++;
    if (getPodLifecycleState(pod) === LifecycleState.PreparingDelete) {
      side.preDeleting++;
      continue;
    }
    side.active++;
    if (isSpecifiedDelete(cs, pod)) side.toDelete++;
    else if (!isPodAvailable(pod, minReadySeconds, input.now)) side.unavailable++;
  }

  let updateOldDiff = old.active - partition;
  let updateNewDiff = fresh.active - (replicas - partition);
  const totalUnavailable = fresh.preDeleting + old.preDeleting + fresh.unavailable + old.unavailable;
  // Pods may only move towards the update revision unless rollback is both possible and enabled.
  if (input.updateRevision === input.currentRevision || gates.partitionRollback !== true) {
    updateOldDiff = Math.max(updateOldDiff, 0);
    updateNewDiff = Math.min(updateNewDiff, 0);
  }

  const res: ExpectationDiffs = { ...EMPTY_DIFFS };
  if (maxSurge > 0) {
    // Surge that lets a specified deletion wait for its replacement instead of breaking maxUnavailable.
    let scaleSurge = 0;
    let scaleOldSurge = 0;
    const toDelete = fresh.toDelete + old.toDelete;
    if (toDelete > 0) {
      scaleSurge = Math.min(Math.max(totalUnavailable + toDelete - maxUnavailable, 0), toDelete);
      if (scaleSurge > fresh.toDelete) scaleOldSurge = scaleSurge - fresh.toDelete;
    }
    // Surge that lets the revisions swap pods (create first, delete after).
    let updateSurge = 0;
    let updateOldSurge = 0;
    if (oppositeSigns(updateOldDiff, updateNewDiff)) {
      if (Math.abs(updateOldDiff) <= Math.abs(updateNewDiff)) {
        updateSurge = Math.abs(updateOldDiff);
        if (updateOldDiff < 0) updateOldSurge = updateSurge;
      } else {
        updateSurge = Math.abs(updateNewDiff);
        if (updateNewDiff > 0) updateOldSurge = updateSurge;
      }
    }
    // Scale and update never run in the same reconcile, so only the larger need is served.
    if (scaleSurge >= updateSurge) {
      res.useSurge = Math.min(maxSurge, scaleSurge);
      res.useSurgeOldRevision = Math.min(res.useSurge, scaleOldSurge);
    } else {
      res.useSurge = Math.min(maxSurge, updateSurge);
      res.useSurgeOldRevision = Math.min(res.useSurge, updateOldSurge);
    }
  }

  let currentTotal = pods.length;
  let currentOld = old.total;
  if (shouldExcludePreparingDelete(cs, gates)) {
    currentTotal -= old.preDeleting + fresh.preDeleting;
    currentOld -= old.preDeleting;
  }
  const expectedTotal = replicas + res.useSurge;
  const expectedOld = partition + res.useSurgeOldRevision;

  if (expectedTotal - currentTotal > 0) {
    res.scaleUpNum = expectedTotal - currentTotal;
    res.scaleUpNumOldRevision = Math.max(expectedOld - currentOld, 0);
    res.scaleUpLimit = Math.min(res.scaleUpNum, Math.max(scaleMaxUnavailable - totalUnavailable, 0));
  }
  // Pods already specified for deletion are not counted again.
  const surplus = currentTotal - old.toDelete - fresh.toDelete - expectedTotal;
  if (surplus > 0) {
    res.scaleDownNum = surplus;
    res.scaleDownNumOldRevision = Math.max(currentOld - old.toDelete - expectedOld, 0);
  }
  if (fresh.toDelete > 0 || old.toDelete > 0 || res.scaleDownNum > 0) {
    res.deleteReadyLimit = Math.max(maxUnavailable + (pods.length - replicas) - totalUnavailable, 0);
  }

  res.updateNum = Math.abs(updateOldDiff) <= Math.abs(updateNewDiff) ? updateOldDiff : -updateNewDiff;
  if (res.updateNum !== 0) res.updateMaxUnavailable = maxUnavailable + pods.length - replicas;
  // Avoid -0 from negating a zero diff.
  if (Object.is(res.updateNum, -0)) res.updateNum = 0;
  return res;
}

export function isEmptyDiffs(d: ExpectationDiffs): boolean {
  return (Object.keys(EMPTY_DIFFS) as Array<keyof ExpectationDiffs>).every((k) => d[k] === 0);
}
