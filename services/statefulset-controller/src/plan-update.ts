// One rolling-update round of an Advanced StatefulSet as a pure decision (docs/behaviour/advanced-statefulset.md#rolling-update, #in-place-update,
// #lifecycle-hooks, #on-delete; Kruise pkg/controller/statefulset/stateful_set_control.go rollingUpdateStatefulsetPods,
// refreshPodState, inPlaceUpdatePod, handleSpecifiedDeletedPods; stateful_update_utils.go sortPodsToUpdate). A pod
// not at the update revision is updated in place when podUpdatePolicy allows and only images / template metadata
// changed (after the inPlaceUpdate hook lets it), otherwise deleted and recreated at the update revision by a later
// scaling round.
//
// With `rollingUpdate.unorderedUpdate` the targets are the updated / terminating pods first, then the others in
// unorderedUpdate.priorityStrategy order (docs/behaviour/advanced-statefulset.md#unordered-update).
//
// With gate StatefulSetAutoResizePVCGate and `volumeClaimUpdateStrategy.type: OnPodRollingUpdate`, claims grow pod
// by pod as the rollout reaches them (docs/behaviour/advanced-statefulset.md#volume-resize; Kruise
// rollingUpdateStatefulsetPods with statefulset_resize_pvc.go): a pod whose volumes have not reached their size
// counts as unavailable, a target whose claims are smaller than the templates gets a `resize-claims` action and is
// not updated until its claims completed.
//
// Left out: the update expectations (the caller runs this only once earlier updates are observed).

import {
  type ControllerRevision,
  getPodLifecycleState,
  isAtRevision,
  isPodHooked,
  type LifecycleHook,
  LifecycleState,
  sortByPriority,
  type UpdatePriorityStrategy,
} from '@kruise-ts/core';
import {
  applyInPlaceUpdate,
  calculateInPlaceUpdateSpec,
  type InPlaceUpdateResult,
  type InPlaceUpdateSpec,
  isInPlaceUpdateCompleted,
} from '@kruise-ts/inplace';
import { getValueFromIntOrPercent } from '@kruise-ts/kube';
import { podName } from './identity.ts';
import { inPlaceCheckOptions, refreshedLifecycleState } from './lifecycle-refresh.ts';
import { deleteOrPrepare, minReadySecondsOf, type ScaleAction } from './plan-scale.ts';
import { isHealthy, isTerminating, podRevision, runningAndAvailable } from './pod-state.ts';
import { getOrdinal, getStatefulSetReplicasRange, ordinalInRange } from './replicas-range.ts';
import {
  gateOn,
  type Now,
  type PersistentVolumeClaim,
  REVISION_LABEL,
  SPECIFIED_DELETE_LABEL,
  type StatefulSet,
  type StatefulSetGates,
  type StatefulSetPod,
} from './types.ts';
import { podClaimsState, resizesOnRollingUpdate } from './volume-resize.ts';

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
  /** The set's revisions (for the revision a pod is at: in-place updates diff it against the update revision). */
  revisions?: readonly ControllerRevision[];
  /** The namespace's claims (read only when the rollout grows claims; see resizesOnRollingUpdate). */
  pvcs?: readonly PersistentVolumeClaim[];
}

export type UpdateAction =
  | { type: 'delete-pod'; pod: StatefulSetPod; reason: 'specified-delete' | 'update' }
  /** TryPatchPVC: grow the pod's claims smaller than their templates (the storage classes are read then). */
  | { type: 'resize-claims'; pod: StatefulSetPod }
  | { type: 'prepare-delete'; pod: StatefulSetPod; markPodNotReady: boolean }
  /** With `hook`, its labels and finalizers are put back (Updated → PreparingUpdate). */
  | { type: 'set-lifecycle-state'; pod: StatefulSetPod; state: LifecycleState; hook?: LifecycleHook }
  /**
   * Update the pod in place: write `result.statusConditions` (InPlaceUpdateReady False) first, then the pod
   * (recomputed from a fresh read with the same spec and options).
   */
  | {
      type: 'update-in-place';
      pod: StatefulSetPod;
      spec: InPlaceUpdateSpec;
      setLifecycleUpdating: boolean;
      result: InPlaceUpdateResult<StatefulSetPod>;
    };

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
  | 'invalid-max-unavailable'
  /** A target could not be updated in place (InPlaceOnly with a change that needs a recreate, or a bad state). */
  | 'in-place-error';

export interface UpdatePlan {
  actions: UpdateAction[];
  stop?: UpdateStop;
  /** The target the max-unavailable stop blocked on. */
  blockedPod?: string;
  /** The resolved maxUnavailable (1 without rollingUpdate). */
  maxUnavailable: number;
  /** Names counted unavailable at the end of the round (missing replicas count under their future name). */
  unavailable: string[];
  /** Pods held by their claims: growing now, or their volume not yet at the requested size (#volume-resize). */
  volumeResizing: string[];
  /** Target indexes (ordinal − start), in the order they were considered. */
  targets: number[];
  /** What the status counts lose through this round's deletions (Kruise decrements them in place). */
  currentReplicasDelta: number;
  updatedReplicasDelta: number;
  requeueAfterMs?: number;
  /** With stop 'in-place-error': Kruise's error text (the round fails and is retried). */
  error?: string;
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

/**
 * sortPodsToUpdate with unorderedUpdate: over every existing pod from the highest index down, those already at
 * the update revision or terminating first, then the rest sorted by the priority strategy (stable: ties keep the
 * highest index first); at most replicas − partition of them. `pods[i]` is the pod at index i (ordinal − start),
 * undefined for a missing or reserved slot.
 */
export function unorderedUpdateIndexes(
  pods: readonly (StatefulSetPod | undefined)[],
  partition: number,
  replicas: number,
  updateRevisionName: string,
  priority: UpdatePriorityStrategy | undefined,
): number[] {
  const maxUpdate = replicas - partition;
  if (maxUpdate <= 0) return [];
  const updated: number[] = [];
  const waiting: number[] = [];
  for (let i = pods.length - 1; i >= 0; i--) {
    const pod = pods[i];
    if (pod === undefined) continue;
    if (isTerminating(pod) || isAtRevision(pod.metadata, updateRevisionName)) updated.push(i);
    else waiting.push(i);
  }
  return [...updated, ...sortByPriority(priority, pods, waiting)].slice(0, maxUpdate);
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
    volumeResizing: [],
    targets: [],
    currentReplicasDelta: 0,
    updatedReplicasDelta: 0,
  };
  if ((set.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') {
    plan.stop = 'on-delete';
    return plan;
  }

  // refreshPodState over every pod (lifecycle part; the in-place part runs on every reconcile): a change ends
  // the round.
  for (const pod of input.pods) {
    const state = refreshedLifecycleState(set, pod, input.updateRevisionName, gates);
    if (state !== undefined) plan.actions.push({ type: 'set-lifecycle-state', pod, state });
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
  const resizing = resizesOnRollingUpdate(set, gates);
  const claimsByName = new Map((input.pvcs ?? []).map((c) => [c.metadata?.name ?? '', c]));
  const claimState = (pod: StatefulSetPod) => podClaimsState(set, pod, claimsByName);
  const volumeResizing = new Set<string>();
  for (let i = 0; i < slots; i++) {
    if (!filled(i)) continue;
    const pod = byIndex.get(i);
    // A replica not created yet is unhealthy.
    if (pod === undefined || !isHealthy(pod)) {
      unavailable.add(nameAt(i));
      continue;
    }
    if (!isInPlaceUpdateCompleted(pod, inPlaceCheckOptions(gates))) {
      unavailable.add(nameAt(i));
      continue;
    }
    const avail = runningAndAvailable(pod, minReadySeconds, now);
    if (!avail.available) {
      unavailable.add(nameAt(i));
      if (avail.waitMs > 0 && (plan.requeueAfterMs === undefined || avail.waitMs < plan.requeueAfterMs))
        plan.requeueAfterMs = avail.waitMs;
      continue;
    }
    // A volume still growing makes its pod unavailable.
    if (resizing && !claimState(pod).ready) {
      unavailable.add(nameAt(i));
      volumeResizing.add(nameAt(i));
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
  const unordered = rolling?.unorderedUpdate;
  plan.targets =
    unordered === undefined
      ? orderedUpdateIndexes(slots, partition, set.spec.replicas ?? 1, filled)
      : unorderedUpdateIndexes(
          Array.from({ length: slots }, (_, i) => (filled(i) ? byIndex.get(i) : undefined)),
          partition,
          set.spec.replicas ?? 1,
          input.updateRevisionName,
          unordered.priorityStrategy,
        );
  for (const i of plan.targets) {
    const pod = byIndex.get(i);
    // A replica still to be created gets its revision at creation; nothing to delete.
    if (pod === undefined) continue;
    const claims = resizing ? claimState(pod) : undefined;
    const claimsMatched = claims?.matched ?? true;
    if (podRevision(pod) === input.updateRevisionName && claimsMatched) continue;
    const name = pod.metadata.name ?? '';
    if (unavailable.size >= maxUnavailable && !unavailable.has(name)) {
      plan.stop = 'max-unavailable';
      plan.blockedPod = name;
      break;
    }
    if (claims !== undefined) {
      if (!claimsMatched) plan.actions.push({ type: 'resize-claims', pod });
      // Kruise grows the claims of a pod still running (online file system expansion) and updates the pod only
      // once they completed; the claims as read here are the ones before the resize.
      if (!claimsMatched || !claims.completed) {
        unavailable.add(name);
        volumeResizing.add(name);
        continue;
      }
    }
    if (!specified.has(name) && !isTerminating(pod)) {
      const inPlace = planInPlaceUpdate(set, pod, input, now);
      if (inPlace.kind === 'error') {
        plan.stop = 'in-place-error';
        plan.error = inPlace.error;
        plan.blockedPod = name;
        plan.actions.push(...inPlace.actions);
        break;
      }
      if (inPlace.kind === 'in-place') {
        plan.actions.push(...inPlace.actions);
        // Kruise counts a pod being updated in place (or held by its hook for that) as leaving the current
        // revision, as it does a deleted one.
        if (podRevision(pod) === input.currentRevisionName) plan.currentReplicasDelta--;
      } else {
        const actions = deletion(pod, 'update');
        plan.actions.push(...actions);
        countDeletion(pod, actions, false);
      }
      unavailable.add(name);
    }
  }
  plan.unavailable = [...unavailable];
  plan.volumeResizing = [...volumeResizing];
  return plan;
}

/** rollingUpdate.podUpdatePolicy is InPlaceIfPossible or InPlaceOnly. */
export function inPlacePolicy(set: StatefulSet): 'InPlaceIfPossible' | 'InPlaceOnly' | undefined {
  const policy = set.spec.updateStrategy?.rollingUpdate?.podUpdatePolicy;
  return policy === 'InPlaceIfPossible' || policy === 'InPlaceOnly' ? policy : undefined;
}

export type InPlaceDecision =
  /** Recreate the pod. */
  | { kind: 'recreate' }
  /** The pod is being updated in place (these actions, possibly none while a hook holds it). */
  | { kind: 'in-place'; actions: UpdateAction[] }
  | { kind: 'error'; error: string; actions: UpdateAction[] };

/**
 * inPlaceUpdatePod: what to do with a target not at the update revision under podUpdatePolicy. The lifecycle
 * goes "" / PreparingNormal / Normal → PreparingUpdate while the inPlaceUpdate hook is on the pod (Updated →
 * PreparingUpdate puts the hook back), waits in PreparingUpdate while hooked, then updates (state Updating, unless
 * the pod never had a lifecycle state).
 */
export function planInPlaceUpdate(
  set: StatefulSet,
  pod: StatefulSetPod,
  input: Pick<UpdatePlanInput, 'revisions' | 'updateRevisionName' | 'gates'>,
  now: Now,
): InPlaceDecision {
  const policy = inPlacePolicy(set);
  if (policy === undefined) return { kind: 'recreate' };
  const revisions = input.revisions ?? [];
  const oldRevision = revisions.find((r) => r.metadata.name === podRevision(pod));
  const updateRevision = revisions.find((r) => r.metadata.name === input.updateRevisionName);
  const grace = set.spec.updateStrategy?.rollingUpdate?.inPlaceUpdateStrategy?.gracePeriodSeconds;
  const spec = calculateInPlaceUpdateSpec(oldRevision, updateRevision, {
    ...(grace === undefined ? {} : { gracePeriodSeconds: grace }),
    ...(policy === 'InPlaceOnly' ? { ignoreVolumeClaimTemplatesHashDiff: true } : {}),
    envFromMetadata: gateOn(input.gates, 'inPlaceUpdateEnvFromMetadata'),
    verticalScaling: gateOn(input.gates, 'inPlaceWorkloadVerticalScaling'),
  });
  const name = pod.metadata.name ?? '';
  if (spec === undefined) {
    return policy === 'InPlaceOnly'
      ? {
          kind: 'error',
          error: `find strategy InPlaceOnly but failed to update pod ${name} in-place`,
          actions: [],
        }
      : { kind: 'recreate' };
  }
  const hook = set.spec.lifecycle?.inPlaceUpdate;
  const state = getPodLifecycleState(pod);
  switch (state) {
    case '':
    case LifecycleState.PreparingNormal:
    case LifecycleState.Normal:
      if (set.spec.lifecycle !== undefined && isPodHooked(hook, pod)) {
        return {
          kind: 'in-place',
          actions: [{ type: 'set-lifecycle-state', pod, state: LifecycleState.PreparingUpdate }],
        };
      }
      break;
    case LifecycleState.Updated:
      return {
        kind: 'in-place',
        actions: [
          {
            type: 'set-lifecycle-state',
            pod,
            state: LifecycleState.PreparingUpdate,
            ...(hook === undefined ? {} : { hook }),
          },
        ],
      };
    case LifecycleState.PreparingUpdate:
      if (set.spec.lifecycle !== undefined && isPodHooked(hook, pod))
        return { kind: 'in-place', actions: [] };
      break;
    case LifecycleState.Updating:
      break;
    default:
      return {
        kind: 'error',
        error: `not allowed to in-place update pod ${name} in state ${state}`,
        actions: [],
      };
  }
  const setLifecycleUpdating = state !== '';
  const result = applyInPlaceUpdate(pod, spec, {
    now,
    revisionLabels: { [REVISION_LABEL]: spec.revision },
    setLifecycleUpdating,
  });
  return {
    kind: 'in-place',
    actions: [{ type: 'update-in-place', pod, spec, setLifecycleUpdating, result }],
  };
}
