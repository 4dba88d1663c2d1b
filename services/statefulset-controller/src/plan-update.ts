// One rolling-update round of an Advanced StatefulSet as a pure decision (docs/behaviour/advanced-statefulset.md#rolling-update, #on-delete; Kruise
// rollingUpdateStatefulsetPods, handleSpecifiedDeletedPods, sortPodsToUpdate). Recreate only: a pod that is not at
// the update revision is deleted and comes back at the update revision in a later scaling round.
//
// Left out: in-place update (podUpdatePolicy InPlace*: such pods are recreated here), the in-place completion part
// of "unavailable", `unorderedUpdate` (Parallel + priorities: the ordered order is used), PVC resize, and the update
// expectations (the caller runs this only once earlier updates are observed).

import { getPodLifecycleState, isPodAllHooked, LifecycleState } from '@kruise-ts/core';
import { getValueFromIntOrPercent } from '@kruise-ts/kube';
import { podName } from './identity.ts';
import { deleteOrPrepare, minReadySecondsOf, type ScaleAction } from './plan-scale.ts';
import { isHealthy, isTerminating, podRevision, runningAndAvailable } from './pod-state.ts';
import { getOrdinal, getStatefulSetReplicasRange, ordinalInRange } from './replicas-range.ts';
import {
  type Now,
  SPECIFIED_DELETE_LABEL,
  type StatefulSet,
  type StatefulSetGates,
  type StatefulSetPod,
} from './types.ts';

export interface UpdatePlanInput {
  set: StatefulSet;
  /** The pods the set owns (the same list the scaling round saw, before its actions). */
  pods: readonly StatefulSetPod[];
  currentRevisionName: string;
  updateRevisionName: string;
  now: Now;
  gates?: StatefulSetGates;
  /** Pods the scaling round of the same reconcile already deletes (not deleted twice). */
  alreadyDeleted?: ReadonlySet<string>;
}

export type UpdateAction =
  | { type: 'delete-pod'; pod: StatefulSetPod; reason: 'specified-delete' | 'update' }
  | { type: 'prepare-delete'; pod: StatefulSetPod; markPodNotReady: boolean }
  | { type: 'set-lifecycle-state'; pod: StatefulSetPod; state: LifecycleState };

export type UpdateStop =
  /** updateStrategy OnDelete: pods change only when deleted by hand. */
  | 'on-delete'
  /** rollingUpdate.paused. */
  | 'paused'
  /** A pod's lifecycle state was refreshed this round (Kruise ends the round there). */
  | 'lifecycle-refreshed'
  /** The unavailable pods reached maxUnavailable and the next target is available. */
  | 'max-unavailable'
  /** rollingUpdate.maxUnavailable cannot be resolved. */
  | 'invalid-max-unavailable';

export interface UpdatePlan {
  actions: UpdateAction[];
  stop?: UpdateStop;
  /** The target the max-unavailable stop blocked on. */
  blockedPod?: string;
  /** The resolved maxUnavailable (1 without rollingUpdate). */
  maxUnavailable: number;
  /** Names counted unavailable at the end of the round (missing replicas count under their future name). */
  unavailable: string[];
  /** Target indexes (ordinal − start), in the order they were considered. */
  targets: number[];
  /** What the status counts lose through this round's deletions (Kruise decrements them in place). */
  currentReplicasDelta: number;
  updatedReplicasDelta: number;
  requeueAfterMs?: number;
}

/** rollingUpdate.maxUnavailable against spec.replicas, percent rounded down, at least 1 (default int 1). */
export function rollingMaxUnavailable(set: StatefulSet): number {
  const rolling = set.spec.updateStrategy?.rollingUpdate;
  if (rolling === undefined) return 1;
  return Math.max(1, getValueFromIntOrPercent(rolling.maxUnavailable ?? 1, set.spec.replicas ?? 1, false));
}

/**
 * sortPodsToUpdate (ordered): indexes (ordinal − start) from the highest down to `partition`, at most
 * replicas − partition of them, skipping reserved slots (`filled(index)` false).
 */
export function orderedUpdateIndexes(
  slots: number,
  partition: number,
  replicas: number,
  filled: (index: number) => boolean,
): number[] {
  const maxUpdate = replicas - partition;
  if (maxUpdate <= 0) return [];
  const out: number[] = [];
  for (let i = slots - 1; i >= partition && out.length < maxUpdate; i--) if (filled(i)) out.push(i);
  return out;
}

/** specifieddelete.IsSpecifiedDelete: the label is present (any value). */
export function isSpecifiedDelete(pod: StatefulSetPod): boolean {
  return Object.hasOwn(pod.metadata.labels ?? {}, SPECIFIED_DELETE_LABEL);
}

/** Plan one rolling-update round. */
export function planUpdate(input: UpdatePlanInput): UpdatePlan {
  const { set, now, gates } = input;
  const setName = set.metadata?.name ?? '';
  const alreadyDeleted = input.alreadyDeleted ?? new Set<string>();
  const plan: UpdatePlan = {
    actions: [],
    maxUnavailable: 1,
    unavailable: [],
    targets: [],
    currentReplicasDelta: 0,
    updatedReplicasDelta: 0,
  };
  if ((set.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') {
    plan.stop = 'on-delete';
    return plan;
  }

  // refreshPodState over every pod (lifecycle part): a change ends the round.
  for (const pod of input.pods) {
    if (getPodLifecycleState(pod) !== LifecycleState.PreparingNormal) continue;
    const preNormal = set.spec.lifecycle?.preNormal;
    if (preNormal === undefined || isPodAllHooked(preNormal, pod))
      plan.actions.push({ type: 'set-lifecycle-state', pod, state: LifecycleState.Normal });
  }
  if (plan.actions.length > 0) {
    plan.stop = 'lifecycle-refreshed';
    return plan;
  }

  const rolling = set.spec.updateStrategy?.rollingUpdate;
  if (rolling?.paused === true) {
    plan.stop = 'paused';
    return plan;
  }
  try {
    plan.maxUnavailable = rollingMaxUnavailable(set);
  } catch {
    plan.stop = 'invalid-max-unavailable';
    return plan;
  }
  const maxUnavailable = plan.maxUnavailable;

  const range = getStatefulSetReplicasRange(set, gates);
  const slots = range.end - range.start;
  const byIndex = new Map<number, StatefulSetPod>();
  for (const pod of input.pods) {
    const ordinal = getOrdinal(pod.metadata.name ?? '');
    if (ordinalInRange(ordinal, range)) byIndex.set(ordinal - range.start, pod);
  }
  const filled = (i: number) => !range.reserved.has(i + range.start);
  const nameAt = (i: number) => podName(setName, i + range.start);

  const minReadySeconds = minReadySecondsOf(set);
  const unavailable = new Set<string>();
  for (let i = 0; i < slots; i++) {
    if (!filled(i)) continue;
    const pod = byIndex.get(i);
    // A replica not created yet is unhealthy.
    if (pod === undefined || !isHealthy(pod)) {
      unavailable.add(nameAt(i));
      continue;
    }
    const avail = runningAndAvailable(pod, minReadySeconds, now);
    if (!avail.available) {
      unavailable.add(nameAt(i));
      if (avail.waitMs > 0 && (plan.requeueAfterMs === undefined || avail.waitMs < plan.requeueAfterMs))
        plan.requeueAfterMs = avail.waitMs;
    }
  }

  const countDeletion = (
    pod: StatefulSetPod,
    actions: ScaleAction[] | UpdateAction[],
    updatedToo: boolean,
  ) => {
    if (!actions.some((a) => a.type === 'delete-pod')) return;
    const revision = podRevision(pod);
    if (revision === input.currentRevisionName) plan.currentReplicasDelta--;
    else if (updatedToo && revision === input.updateRevisionName) plan.updatedReplicasDelta--;
  };
  const deletion = (pod: StatefulSetPod, reason: 'specified-delete' | 'update'): UpdateAction[] => {
    if (alreadyDeleted.has(pod.metadata.name ?? '')) return [];
    return deleteOrPrepare(set, pod, 'condemned').map((a) =>
      a.type === 'delete-pod' ? { type: 'delete-pod', pod, reason } : (a as UpdateAction),
    );
  };

  // Specified deletion, highest index first, regardless of partition.
  const specified = new Set<string>();
  for (let i = slots - 1; i >= 0; i--) {
    const pod = byIndex.get(i);
    if (pod === undefined || !isSpecifiedDelete(pod)) continue;
    const name = pod.metadata.name ?? '';
    if (unavailable.size >= maxUnavailable && !unavailable.has(name)) continue;
    specified.add(name);
    const actions = deletion(pod, 'specified-delete');
    plan.actions.push(...actions);
    countDeletion(pod, actions, true);
    unavailable.add(name);
  }

  const partition = rolling?.partition ?? 0;
  plan.targets = orderedUpdateIndexes(slots, partition, set.spec.replicas ?? 1, filled);
  for (const i of plan.targets) {
    const pod = byIndex.get(i);
    // A replica still to be created gets its revision at creation; nothing to delete.
    if (pod === undefined) continue;
    if (podRevision(pod) === input.updateRevisionName) continue;
    const name = pod.metadata.name ?? '';
    if (unavailable.size >= maxUnavailable && !unavailable.has(name)) {
      plan.stop = 'max-unavailable';
      plan.blockedPod = name;
      break;
    }
    if (!specified.has(name) && !isTerminating(pod)) {
      const actions = deletion(pod, 'update');
      plan.actions.push(...actions);
      countDeletion(pod, actions, false);
      unavailable.add(name);
    }
  }
  plan.unavailable = [...unavailable];
  return plan;
}
