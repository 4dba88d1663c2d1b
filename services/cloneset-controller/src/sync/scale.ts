// Kruise's Scale() as a plan (docs/behaviour/cloneset.md#scale-steps): one step per reconcile — cancel PreparingDelete, or create, or delete
// unhooked PreparingDelete pods, or delete specified pods, or scale in — chosen from the cached pods and PVCs. The
// caller executes the plan; if scalePlanModifies(plan), the update step must wait for the next reconcile.

import { getPodLifecycleState, isLifecycleMarkPodNotReady, LifecycleState, type Pod } from '@kruise-ts/core';
import { deletionTransition } from '../lifecycle/state-machine.ts';
import { instanceId, isPodUpdatedForScale, isSpecifiedDelete } from '../pod-state.ts';
import {
  type CloneSet,
  type FeatureGates,
  type Now,
  type PersistentVolumeClaim,
  specReplicas,
} from '../types.ts';
import { calculateDiffsWithExpectation, type ExpectationDiffs } from './expectation-diffs.ts';
import { getOrGenAvailableIds, type RandomInt } from './instance-ids.ts';
import { choosePodsToDelete, limitByDeleteReadyLimit } from './scale-in.ts';

export type ScaleStep =
  /** Nothing to change: go on to Update. */
  | 'none'
  /** PreparingDelete pods go back to PreparingNormal because replicas grew (managePreparingDelete). */
  | 'cancel-preparing-delete'
  /** Create pods (possibly none when scaleStrategy.maxUnavailable allows none; Update then still runs). */
  | 'create'
  /** PreparingDelete pods whose preDelete hook is released are deleted. */
  | 'delete-preparing-delete'
  | 'specified-delete'
  | 'scale-in';

export interface PodDeletion<P extends Pod, C extends PersistentVolumeClaim> {
  pod: P;
  /** Owned PVCs with the pod's instance id: deleted after the pod (controller deletions never keep PVCs). */
  pvcs: C[];
}

export interface ScalePlan<P extends Pod, C extends PersistentVolumeClaim> {
  step: ScaleStep;
  /** The numbers behind the plan; absent when a PreparingDelete cancellation pre-empts them. */
  diffs?: ExpectationDiffs;
  /** Patch lifecycle state to PreparingNormal. */
  cancelPreparingDelete: P[];
  /** Instance ids of the pods to create at each revision (pods are named <cloneset>-<id>). */
  create: { currentRevision: string[]; updateRevision: string[] };
  /** Chosen for deletion but held by the preDelete hook: patch lifecycle state to PreparingDelete. */
  markPreparingDelete: Array<{ pod: P; markPodNotReady: boolean }>;
  deletions: Array<PodDeletion<P, C>>;
  /** Warning event ScaleUpLimited: "scaleUp is limited because of scaleStrategy.maxUnavailable, limit: N". */
  scaleUpLimited?: { limit: number };
}

export interface ScaleInput<P extends Pod, C extends PersistentVolumeClaim> {
  /** The CloneSet (its spec knobs; the template does not matter here except topologySpreadConstraints). */
  cloneSet: CloneSet;
  /** Claimed active pods. */
  pods: readonly P[];
  /** Owned PVCs without deletionTimestamp (after PVC cleanup when reuse is disabled). */
  pvcs: readonly C[];
  currentRevision: string;
  updateRevision: string;
  now: Now;
  gates?: FeatureGates;
  nodeLabels?: ReadonlyMap<string, Readonly<Record<string, string>>>;
  randomInt?: RandomInt;
}

/** Whether executing the plan changes anything (Kruise then skips Update in this reconcile). */
export function scalePlanModifies(plan: ScalePlan<Pod, PersistentVolumeClaim>): boolean {
  return (
    plan.cancelPreparingDelete.length > 0 ||
    plan.create.currentRevision.length + plan.create.updateRevision.length > 0 ||
    plan.markPreparingDelete.length > 0 ||
    plan.deletions.length > 0
  );
}

function emptyPlan<P extends Pod, C extends PersistentVolumeClaim>(
  step: ScaleStep,
  diffs?: ExpectationDiffs,
): ScalePlan<P, C> {
  return {
    step,
    ...(diffs === undefined ? {} : { diffs }),
    cancelPreparingDelete: [],
    create: { currentRevision: [], updateRevision: [] },
    markPreparingDelete: [],
    deletions: [],
  };
}

/**
 * deletePods: hooked pods move to PreparingDelete (those already there are left alone), the others are deleted
 * with their PVCs.
 */
export function planPodDeletions<P extends Pod, C extends PersistentVolumeClaim>(
  cs: CloneSet,
  pods: readonly P[],
  pvcs: readonly C[],
): Pick<ScalePlan<P, C>, 'markPreparingDelete' | 'deletions'> {
  const markPreparingDelete: ScalePlan<P, C>['markPreparingDelete'] = [];
  const deletions: ScalePlan<P, C>['deletions'] = [];
  for (const pod of pods) {
    const held = deletionTransition(cs, pod);
    if (held !== undefined) {
      if (getPodLifecycleState(pod) !== LifecycleState.PreparingDelete) {
        markPreparingDelete.push({ pod, markPodNotReady: held.markPodNotReady });
      }
      continue;
    }
    const id = instanceId(pod);
    deletions.push({ pod, pvcs: pvcs.filter((pvc) => instanceId(pvc) === id) });
  }
  return { markPreparingDelete, deletions };
}

export function planScale<P extends Pod, C extends PersistentVolumeClaim>(
  input: ScaleInput<P, C>,
): ScalePlan<P, C> {
  const { cloneSet: cs, pods, pvcs, gates = {} } = input;

  // 1. Pods specified for deletion and pods already waiting in PreparingDelete.
  const specified = pods.filter((p) => isSpecifiedDelete(cs, p));
  const inPreDelete = pods.filter((p) => getPodLifecycleState(p) === LifecycleState.PreparingDelete);
  const numToDelete = new Set([...specified, ...inPreDelete].map((p) => p.metadata.name)).size;

  // managePreparingDelete: replicas grew, so pods waiting to be deleted are kept instead. Not once any hook marks
  // pods not ready (an Updated hook could be lost).
  if (!isLifecycleMarkPodNotReady(cs.spec.lifecycle)) {
    let diff = specReplicas(cs) - pods.length + numToDelete;
    const cancel: P[] = [];
    for (const pod of inPreDelete) {
      if (diff <= 0) break;
      if (isSpecifiedDelete(cs, pod)) continue;
      cancel.push(pod);
      diff--;
    }
    if (cancel.length > 0) return { ...emptyPlan('cancel-preparing-delete'), cancelPreparingDelete: cancel };
  }

  // 2. The numbers, with the scaling notion of "updated".
  const isUpdated = (p: Pod, rev: string) => isPodUpdatedForScale(p, rev, gates);
  const diffs = calculateDiffsWithExpectation(cs, pods, {
    currentRevision: input.currentRevision,
    updateRevision: input.updateRevision,
    now: input.now,
    gates,
    isPodUpdated: isUpdated,
  });
  const limited =
    diffs.scaleUpNum > diffs.scaleUpLimit ? { scaleUpLimited: { limit: diffs.scaleUpLimit } } : {};

  // 3. Scale out: the first ids (sorted) go to the current revision.
  if (diffs.scaleUpNum > 0) {
    const ids = getOrGenAvailableIds(diffs.scaleUpLimit, pods, pvcs, input.randomInt);
    const atCurrent = Math.min(diffs.scaleUpNumOldRevision, ids.length);
    return {
      ...emptyPlan('create', diffs),
      ...limited,
      create: { currentRevision: ids.slice(0, atCurrent), updateRevision: ids.slice(atCurrent) },
    };
  }

  // 4. PreparingDelete pods whose hook is gone.
  if (inPreDelete.length > 0) {
    const planned = planPodDeletions(cs, inPreDelete, pvcs);
    if (planned.deletions.length > 0 || planned.markPreparingDelete.length > 0) {
      return { ...emptyPlan('delete-preparing-delete', diffs), ...limited, ...planned };
    }
  }

  // 5. Specified deletions: not-ready pods always, ready ones within deleteReadyLimit.
  let deleteReadyLimit = diffs.deleteReadyLimit;
  const preDeleteNames = new Set(inPreDelete.map((p) => p.metadata.name));
  const specifiedOnly = specified.filter((p) => !preDeleteNames.has(p.metadata.name));
  if (specifiedOnly.length > 0) {
    const allowed = limitByDeleteReadyLimit(specifiedOnly, deleteReadyLimit);
    deleteReadyLimit = allowed.remaining;
    const planned = planPodDeletions(cs, allowed.pods, pvcs);
    if (planned.deletions.length > 0 || planned.markPreparingDelete.length > 0) {
      return { ...emptyPlan('specified-delete', diffs), ...limited, ...planned };
    }
  }

  // 6. Scale in, but not while earlier deletions are still pending.
  if (diffs.scaleDownNum > 0 && numToDelete === 0) {
    const updated = pods.filter((p) => isUpdated(p, input.updateRevision));
    const notUpdated = pods.filter((p) => !isUpdated(p, input.updateRevision));
    const chosen = choosePodsToDelete(
      cs,
      diffs.scaleDownNum,
      diffs.scaleDownNumOldRevision,
      notUpdated,
      updated,
      {
        now: input.now,
        ...(input.nodeLabels === undefined ? {} : { nodeLabels: input.nodeLabels }),
      },
    );
    const allowed = limitByDeleteReadyLimit(chosen, deleteReadyLimit);
    return { ...emptyPlan('scale-in', diffs), ...limited, ...planPodDeletions(cs, allowed.pods, pvcs) };
  }
  return { ...emptyPlan('none', diffs), ...limited };
}
