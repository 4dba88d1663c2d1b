// refreshPodState, lifecycle part (Kruise pkg/controller/statefulset/stateful_set_control.go): where a pod's
// lifecycle state moves on its own. Kruise runs it for each replica as the scaling round processes it and again
// before a rolling update, so both planners ask here. Pure.
import { getPodLifecycleState, isAtRevision, isPodAllHooked, LifecycleState } from '@kruise-ts/core';
import { type InPlaceCheckOptions, isInPlaceUpdateCompleted } from '@kruise-ts/inplace';
import { gateOn, type StatefulSet, type StatefulSetGates, type StatefulSetPod } from './types.ts';

/** The in-place completion checks the gates ask for (vertical scaling waits for the resized resources). */
export function inPlaceCheckOptions(gates: StatefulSetGates | undefined): InPlaceCheckOptions {
  return { verticalScaling: gateOn(gates, 'inPlaceWorkloadVerticalScaling') };
}

/**
 * refreshPodState (lifecycle part): PreparingNormal → Normal once no preNormal hook holds it; PreparingUpdate →
 * Updated/Normal when the pod is at the update revision already (the set was rolled back while the hook held it:
 * nothing to update, openkruise/kruise#1156); Updating → Updated (an inPlaceUpdate hook not all hooked again) or
 * Normal once the in-place update completed; Updated → Normal once the inPlaceUpdate hook is all hooked again (or
 * there is none). Undefined: no change.
 */
export function refreshedLifecycleState(
  set: StatefulSet,
  pod: StatefulSetPod,
  updateRevision: string,
  gates?: StatefulSetGates,
): LifecycleState | undefined {
  const lifecycle = set.spec.lifecycle;
  const afterUpdate = () =>
    lifecycle !== undefined && !isPodAllHooked(lifecycle.inPlaceUpdate, pod)
      ? LifecycleState.Updated
      : LifecycleState.Normal;
  switch (getPodLifecycleState(pod)) {
    case LifecycleState.PreparingNormal:
      return lifecycle?.preNormal === undefined || isPodAllHooked(lifecycle.preNormal, pod)
        ? LifecycleState.Normal
        : undefined;
    case LifecycleState.PreparingUpdate:
      return isAtRevision(pod.metadata, updateRevision) ? afterUpdate() : undefined;
    case LifecycleState.Updating:
      // As in Kruise, any lifecycle without an all-hooked inPlaceUpdate hook passes through Updated.
      return isInPlaceUpdateCompleted(pod, inPlaceCheckOptions(gates)) ? afterUpdate() : undefined;
    case LifecycleState.Updated:
      return lifecycle?.inPlaceUpdate === undefined || isPodAllHooked(lifecycle.inPlaceUpdate, pod)
        ? LifecycleState.Normal
        : undefined;
    default:
      return undefined;
  }
}
