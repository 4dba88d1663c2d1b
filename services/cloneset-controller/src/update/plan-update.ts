// Kruise's Update() as a plan (docs/behaviour/cloneset.md#update-steps, #update-pod): first refresh every pod (in-place progress, lifecycle
// transitions, missing pod-template-hash label) — if any pod's labels change, that is all for this reconcile —
// then, unless OnDelete or paused, pick the pods to move between revisions (docs/behaviour/cloneset.md#update-order, #update-limit) and decide per pod:
// in place, recreate (mark specified-delete; the scale step deletes it later), or a lifecycle step first.

import {
  CONTROLLER_REVISION_HASH_LABEL_KEY,
  type ControllerRevision,
  getInPlaceUpdateGraceAnnotation,
  getPodLifecycleState,
  LifecycleState,
  POD_TEMPLATE_HASH_LABEL_KEY,
  shortRevisionHash,
} from '@kruise-ts/core';
import {
  applyInPlaceUpdate,
  calculateInPlaceUpdateSpec,
  type InPlaceCheckOptions,
  type InPlaceRefresh,
  type InPlaceSpecOptions,
  type InPlaceUpdateResult,
  type InPlaceUpdateSpec,
  isInPlaceUpdateCompleted,
  refreshInPlaceUpdate,
} from '@kruise-ts/inplace';
import {
  awaitsNormalOnScheduling,
  inPlaceLifecycleGate,
  type LifecycleTransition,
  refreshLifecycleTransition,
} from '../lifecycle/state-machine.ts';
import { isPodOnRevision, SPECIFIED_DELETE_LABEL } from '../pod-state.ts';
import { earlierVolumeClaimTemplatesHash } from '../revisions/volume-claim-templates-hash.ts';
import { calculateDiffsWithExpectation, type ExpectationDiffs } from '../sync/expectation-diffs.ts';
import type { CloneSet, CloneSetPod, FeatureGates, Now } from '../types.ts';
import { limitUpdateIndexes, sortUpdateIndexes } from './update-order.ts';

export interface UpdateInput<P extends CloneSetPod> {
  /** The CloneSet with the update revision's template (Kruise's updateSet); only spec knobs are read. */
  cloneSet: CloneSet;
  /** Claimed active pods. */
  pods: readonly P[];
  currentRevision: ControllerRevision;
  updateRevision: ControllerRevision;
  /** All revisions of the CloneSet (to find each pod's own revision for the in-place diff). */
  revisions: readonly ControllerRevision[];
  now: Now;
  gates?: FeatureGates;
}

export interface PodRefresh<P extends CloneSetPod> {
  pod: P;
  /** In-place progress; writing it does not end the reconcile. */
  inPlace: InPlaceRefresh<P>;
  /** A lifecycle state change to patch. */
  lifecycle?: LifecycleTransition;
  /** Patch label pod-template-hash to this value (pods created before Kruise v1.1). */
  podTemplateHash?: string;
}

export type PodUpdate<P extends CloneSetPod> =
  /** Patch the lifecycle state (PreparingUpdate) and wait for the inPlaceUpdate hook. */
  | { type: 'lifecycle'; pod: P; transition: LifecycleTransition }
  /** Held by the inPlaceUpdate hook; nothing to write. */
  | { type: 'wait'; pod: P }
  /** Write result.statusConditions, then result.pod. Event SuccessfulUpdatePodInPlace. */
  | { type: 'in-place'; pod: P; spec: InPlaceUpdateSpec; result: InPlaceUpdateResult<P> }
  /**
   * Patch label apps.kruise.io/specified-delete="true" (skip when already marked). Event
   * SuccessfulUpdatePodReCreate "successfully patch pod <name> specified-delete for update(revision <rev>)".
   */
  | { type: 'recreate'; pod: P; alreadyMarked: boolean };

export type UpdateStop =
  /** Some pod's lifecycle state or pod-template-hash label changes: no update in this reconcile. */
  'refreshing' | 'on-delete' | 'paused' | 'nothing-to-update';

export interface UpdatePlan<P extends CloneSetPod> {
  refresh: Array<PodRefresh<P>>;
  stop?: UpdateStop;
  diffs?: ExpectationDiffs;
  /** The revision pods move to (the current revision when rolling back). */
  targetRevision?: string;
  /** Per pod, in update order. */
  updates: Array<PodUpdate<P>>;
  /** FailedUpdate: processing stopped at the pod that failed. */
  error?: string;
  /** Shortest positive wait any step asked for (grace periods). */
  requeueAfterMs?: number;
}

export function podUpdatePolicy(cs: CloneSet): string {
  return cs.spec.updateStrategy?.rollingUpdate?.podUpdatePolicy || 'ReCreate';
}

function inPlaceOptions(cs: CloneSet, gates: FeatureGates): InPlaceSpecOptions {
  const rolling = cs.spec.updateStrategy?.rollingUpdate;
  return {
    gracePeriodSeconds: rolling?.inPlaceUpdateStrategy?.gracePeriodSeconds ?? 0,
    ignoreVolumeClaimTemplatesHashDiff: rolling?.podUpdatePolicy === 'InPlaceOnly',
    recreatePodWhenChangeVCT: gates.recreatePodWhenChangeVCT === true,
    ...(gates.recreatePodWhenChangeVCT === true
      ? { earlierVolumeClaimTemplatesHash: earlierVolumeClaimTemplatesHash(cs.spec.volumeClaimTemplates) }
      : {}),
    envFromMetadata: gates.inPlaceUpdateEnvFromMetadata !== false,
    verticalScaling: gates.inPlaceWorkloadVerticalScaling === true,
  };
}

/** The in-place completion checks the gates ask for (vertical scaling waits for the resized resources). */
export function inPlaceCheckOptions(gates: FeatureGates): InPlaceCheckOptions {
  return { verticalScaling: gates.inPlaceWorkloadVerticalScaling === true };
}

function minPositive(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined || a <= 0) return b !== undefined && b > 0 ? b : undefined;
  if (b === undefined || b <= 0) return a;
  return Math.min(a, b);
}

/** Decides how one chosen pod moves to `target` (updatePod). */
export function decidePodUpdate<P extends CloneSetPod>(
  cs: CloneSet,
  pod: P,
  target: ControllerRevision,
  revisions: readonly ControllerRevision[],
  now: Now,
  gates: FeatureGates = {},
): PodUpdate<P> | { type: 'error'; error: string } {
  const policy = podUpdatePolicy(cs);
  if (policy === 'InPlaceIfPossible' || policy === 'InPlaceOnly') {
    const own = revisions.find((r) => isPodOnRevision(pod, r.metadata.name ?? ''));
    const spec = calculateInPlaceUpdateSpec(own, target, inPlaceOptions(cs, gates));
    if (spec !== undefined) {
      const gate = inPlaceLifecycleGate(cs, pod);
      switch (gate.kind) {
        case 'transition':
          return { type: 'lifecycle', pod, transition: gate.transition };
        case 'wait':
          return { type: 'wait', pod };
        case 'error':
          return { type: 'error', error: gate.error };
        case 'proceed':
          return {
            type: 'in-place',
            pod,
            spec,
            result: applyInPlaceUpdate(pod, spec, { now, shortHash: gates.cloneSetShortHash === true }),
          };
      }
    }
    if (policy === 'InPlaceOnly') {
      return {
        type: 'error',
        error: `find Pod ${pod.metadata.name ?? ''} update strategy is InPlaceOnly but can not update in-place`,
      };
    }
  }
  return {
    type: 'recreate',
    pod,
    alreadyMarked: pod.metadata.labels?.[SPECIFIED_DELETE_LABEL] !== undefined,
  };
}

export function planUpdate<P extends CloneSetPod>(input: UpdateInput<P>): UpdatePlan<P> {
  const { cloneSet: cs, pods, now, gates = {} } = input;
  const updateName = input.updateRevision.metadata.name ?? '';
  const plan: UpdatePlan<P> = { refresh: [], updates: [] };

  // 1. Refresh every pod.
  let labelsChange = false;
  for (const pod of pods) {
    let inPlace = refreshInPlaceUpdate(pod, now, inPlaceCheckOptions(gates));
    if (inPlace.action === 'update-status' && awaitsNormalOnScheduling(cs, pod)) {
      // Written with the Normal label once scheduled: one pod write instead of two (docs/adr/0042).
      inPlace = { action: 'none', reason: 'with-normal' };
    }
    if (inPlace.action === 'error') {
      plan.error = inPlace.error;
      return plan;
    }
    if (inPlace.action === 'none')
      plan.requeueAfterMs = minPositive(plan.requeueAfterMs, inPlace.requeueAfterMs);
    const entry: PodRefresh<P> = { pod, inPlace };
    const transition = refreshLifecycleTransition(
      cs,
      pod,
      updateName,
      isInPlaceUpdateCompleted(pod, inPlaceCheckOptions(gates)),
    );
    if (transition !== undefined) entry.lifecycle = transition;
    if (pod.metadata.labels?.[POD_TEMPLATE_HASH_LABEL_KEY] === undefined) {
      entry.podTemplateHash = shortRevisionHash(
        pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL_KEY] ?? '',
      );
    }
    if (entry.lifecycle !== undefined || entry.podTemplateHash !== undefined) labelsChange = true;
    plan.refresh.push(entry);
  }
  if (labelsChange) return { ...plan, stop: 'refreshing' };

  // 2. Strategies that never update.
  if (cs.spec.updateStrategy?.type === 'OnDelete') return { ...plan, stop: 'on-delete' };
  const rolling = cs.spec.updateStrategy?.rollingUpdate;
  if (rolling?.paused === true) return { ...plan, stop: 'paused' };

  // 3. How many and which way.
  const diffs = calculateDiffsWithExpectation(cs, pods, {
    currentRevision: input.currentRevision.metadata.name ?? '',
    updateRevision: updateName,
    now,
    gates,
  });
  plan.diffs = diffs;
  if (diffs.updateNum === 0) return { ...plan, stop: 'nothing-to-update' };
  const target = diffs.updateNum > 0 ? input.updateRevision : input.currentRevision;
  plan.targetRevision = target.metadata.name ?? '';

  // 4. Candidates: not yet at the target; PreparingDelete never; pods in a grace period only when Updated.
  const waiting: number[] = [];
  pods.forEach((pod, i) => {
    const atUpdate = isPodOnRevision(pod, updateName);
    if (diffs.updateNum > 0 ? atUpdate : !atUpdate) return;
    const state = getPodLifecycleState(pod);
    if (state === LifecycleState.PreparingDelete) return;
    if (state !== LifecycleState.Updated && (getInPlaceUpdateGraceAnnotation(pod.metadata) ?? '') !== '')
      return;
    waiting.push(i);
  });

  // 5. Order and limit, then decide per pod.
  const sorted = sortUpdateIndexes(rolling, pods, waiting);
  const chosen = limitUpdateIndexes(
    diffs,
    pods,
    sorted,
    plan.targetRevision,
    cs.spec.minReadySeconds ?? 0,
    now,
  );
  for (const i of chosen) {
    const decision = decidePodUpdate(cs, pods[i] as P, target, input.revisions, now, gates);
    if (decision.type === 'error') {
      plan.error = decision.error;
      break;
    }
    if (decision.type === 'in-place') {
      plan.requeueAfterMs = minPositive(plan.requeueAfterMs, decision.result.requeueAfterMs);
    }
    plan.updates.push(decision);
  }
  return plan;
}
