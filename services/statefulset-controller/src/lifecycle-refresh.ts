// refreshPodState, lifecycle part (Kruise pkg/controller/statefulset/stateful_set_control.go): where a pod's
// lifecycle state moves on its own. Kruise runs it for each replica as the scaling round processes it and again
// before a rolling update, so both planners ask here. Pure.
import { getPodLifecycleState, isPodAllHooked, LifecycleState } from '@kruise-ts/core';
import { type InPlaceCheckOptions, isInPlaceUpdateCompleted } from '@kruise-ts/inplace';
import { gateOn, type StatefulSet, type StatefulSetGates, type StatefulSetPod } from './types.ts';

/** The in-place completion checks the gates ask for (vertical scaling waits for the resized resources). */
export function inPlaceCheckOptions(gates: StatefulSetGates | undefined): InPlaceCheckOptions {
  return { verticalScaling: gateOn(gates, 'inPlaceWorkloadVerticalScaling') };
}

/**
 * refreshPodState (lifecycle part): PreparingNormal → Normal once no preNormal hook holds it; Updating → Updated
 * (an inPlaceUpdate hook not all hooked again) or Normal once the in-place update completed; Updated → Normal once
 * the inPlaceUpdate hook is all hooked again (or there is none). Undefined: no change.
 */
export function refreshedLifecycleState(
  set: StatefulSet,
  pod: StatefulSetPod,
  gates?: StatefulSetGates,
): LifecycleState | undefined {
  const lifecycle = set.spec.lifecycle;
  switch (getPodLifecycleState(pod)) {
    case LifecycleState.PreparingNormal:
      return lifecycle?.preNormal === undefined || isPodAllHooked(lifecycle.preNormal, pod)
        ? LifecycleState.Normal
        : undefined;
    case LifecycleState.Updating:
      if (!isInPlaceUpdateCompleted(pod, inPlaceCheckOptions(gates))) return undefined;
      // As in Kruise, any lifecycle without an all-hooked inPlaceUpdate hook passes through Updated.
      return lifecycle !== undefined && !isPodAllHooked(lifecycle.inPlaceUpdate, pod)
        ? LifecycleState.Updated
        : LifecycleState.Normal;
    case LifecycleState.Updated:
      return lifecycle?.inPlaceUpdate === undefined || isPodAllHooked(lifecycle.inPlaceUpdate, pod)
        ? LifecycleState.Normal
        : undefined;
    default:
      return undefined;
  }
}
