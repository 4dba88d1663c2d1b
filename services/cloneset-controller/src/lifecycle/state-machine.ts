// The pod lifecycle state machine (docs/behaviour/cloneset.md#lifecycle): which state label a pod moves to on each reconcile, before an
// in-place update, and when chosen for deletion. Pure decisions; patch bodies come from core's lifecycle helpers.

import {
  getPodLifecycleState,
  isPodAllHooked,
  isPodHooked,
  type LifecycleHook,
  LifecycleState,
  type Pod,
} from '@kruise-ts/core';
import { isPodOnRevision } from '../pod-state.ts';
import type { CloneSet } from '../types.ts';

export interface LifecycleTransition {
  to: LifecycleState;
  /** Also mark the pod not ready (KruisePodReady) per the hook's markPodNotReady. */
  markPodNotReady: boolean;
  /** Re-add this hook's labels and finalizers with the state (Updated → PreparingUpdate). */
  withHook?: LifecycleHook;
}

const scheduled = (pod: Pod): boolean => (pod.spec?.nodeName ?? '') !== '';

/** After an in-place update (or its rollback): Updated while the inPlaceUpdate hook is not all hooked, else Normal. */
function afterUpdate(cs: CloneSet, pod: Pod): LifecycleState {
  const lifecycle = cs.spec.lifecycle;
  return lifecycle !== undefined && !isPodAllHooked(lifecycle.inPlaceUpdate, pod)
    ? LifecycleState.Updated
    : LifecycleState.Normal;
}

/**
 * refreshPodState: the transition a pod makes on this reconcile regardless of any update, or undefined.
 * - PreparingNormal → Normal once scheduled (no preNormal hook) or once the preNormal hook is all hooked;
 * - PreparingUpdate → Updated/Normal when the pod is already at the update revision (the update was rolled back);
 * - Updating → Updated/Normal once the in-place update completed;
 * - Updated → Normal when there is no inPlaceUpdate hook or it is all hooked again.
 */
export function refreshLifecycleTransition(
  cs: CloneSet,
  pod: Pod,
  updateRevision: string,
  inPlaceUpdateCompleted: boolean,
): LifecycleTransition | undefined {
  const lifecycle = cs.spec.lifecycle;
  let to: LifecycleState | undefined;
  switch (getPodLifecycleState(pod)) {
    case LifecycleState.PreparingNormal: {
      const ready =
        lifecycle?.preNormal === undefined ? scheduled(pod) : isPodAllHooked(lifecycle.preNormal, pod);
      if (ready) to = LifecycleState.Normal;
      break;
    }
    case LifecycleState.PreparingUpdate:
      if (isPodOnRevision(pod, updateRevision)) to = afterUpdate(cs, pod);
      break;
    case LifecycleState.Updating:
      if (inPlaceUpdateCompleted) to = afterUpdate(cs, pod);
      break;
    case LifecycleState.Updated:
      if (lifecycle?.inPlaceUpdate === undefined || isPodAllHooked(lifecycle.inPlaceUpdate, pod)) {
        to = LifecycleState.Normal;
      }
      break;
  }
  if (to === undefined) return undefined;
  return { to, markPodNotReady: lifecycle?.inPlaceUpdate?.markPodNotReady === true };
}

/**
 * A pod that will move PreparingNormal → Normal on nothing but being scheduled and is not scheduled yet. Its
 * first InPlaceUpdateReady=True waits for that move so one status write carries both (docs/adr/0042): the
 * condition only gates readiness, which an unscheduled pod cannot reach anyway.
 */
export function awaitsNormalOnScheduling(cs: CloneSet, pod: Pod): boolean {
  return (
    getPodLifecycleState(pod) === LifecycleState.PreparingNormal &&
    cs.spec.lifecycle?.preNormal === undefined &&
    !scheduled(pod)
  );
}

export type InPlaceLifecycleGate =
  /** Go ahead with the in-place update (the pod becomes Updating). */
  | { kind: 'proceed' }
  /** Move the pod to PreparingUpdate and stop: the inPlaceUpdate hook must release it first. */
  | { kind: 'transition'; transition: LifecycleTransition }
  /** Still held by the inPlaceUpdate hook. */
  | { kind: 'wait' }
  | { kind: 'error'; error: string };

/** The lifecycle part of updatePod for an in-place-able pod. */
export function inPlaceLifecycleGate(cs: CloneSet, pod: Pod): InPlaceLifecycleGate {
  const hook = cs.spec.lifecycle?.inPlaceUpdate;
  const state = getPodLifecycleState(pod);
  switch (state) {
    case '':
    case LifecycleState.PreparingNormal:
    case LifecycleState.Normal:
      if (hook !== undefined && isPodHooked(hook, pod)) {
        return {
          kind: 'transition',
          transition: { to: LifecycleState.PreparingUpdate, markPodNotReady: hook.markPodNotReady === true },
        };
      }
      return { kind: 'proceed' };
    case LifecycleState.Updated:
      // A newer revision arrived while waiting in Updated. Without a hook Kruise writes nothing here.
      if (hook === undefined) return { kind: 'wait' };
      return {
        kind: 'transition',
        transition: {
          to: LifecycleState.PreparingUpdate,
          markPodNotReady: hook.markPodNotReady === true,
          withHook: hook,
        },
      };
    case LifecycleState.PreparingUpdate:
      return hook !== undefined && isPodHooked(hook, pod) ? { kind: 'wait' } : { kind: 'proceed' };
    case LifecycleState.Updating:
      return { kind: 'proceed' };
    default:
      return {
        kind: 'error',
        error: `not allowed to in-place update pod ${pod.metadata.name ?? ''} in state ${state}`,
      };
  }
}

/** deletePods: a pod the preDelete hook holds goes to PreparingDelete instead of being deleted. */
export function deletionTransition(cs: CloneSet, pod: Pod): LifecycleTransition | undefined {
  const hook = cs.spec.lifecycle?.preDelete;
  if (hook === undefined || !isPodHooked(hook, pod)) return undefined;
  return { to: LifecycleState.PreparingDelete, markPodNotReady: hook.markPodNotReady === true };
}
