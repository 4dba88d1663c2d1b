// How the CloneSet controller classifies one pod (docs/behaviour/cloneset.md#pod-predicates): marked for deletion, on the update revision,
// available. Shared by scaling, updating and status.

import {
  getPodLifecycleState,
  isAtRevision,
  isCloneSetPodAvailable,
  isCloneSetPodReady,
  LifecycleState,
  type Pod,
} from '@kruise-ts/core';
import type { CloneSet, FeatureGates, Now } from './types.ts';

export const SPECIFIED_DELETE_LABEL = 'apps.kruise.io/specified-delete';
export const INSTANCE_ID_LABEL = 'apps.kruise.io/cloneset-instance-id';

/** The label key alone marks the pod (any value), or its name is in scaleStrategy.podsToDelete. */
export function isSpecifiedDelete(cs: CloneSet, pod: Pod): boolean {
  if (pod.metadata.labels?.[SPECIFIED_DELETE_LABEL] !== undefined) return true;
  const name = pod.metadata.name;
  return name !== undefined && (cs.spec.scaleStrategy?.podsToDelete ?? []).includes(name);
}

/** Lifecycle state "" or Normal, running, Ready for more than minReadySeconds, InPlaceUpdateReady not False. */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: Now): boolean {
  return isCloneSetPodAvailable(pod, minReadySeconds, now);
}

/** Kruise's isPodReady in the sync package: availability with minReadySeconds 0 (so lifecycle state counts). */
export function isPodReadyToDelete(pod: Pod): boolean {
  return isCloneSetPodReady(pod);
}

/** Updating and status only look at the revision hash label. */
export function isPodOnRevision(pod: Pod, revisionName: string): boolean {
  return isAtRevision(pod.metadata, revisionName);
}

/** Scaling also counts PreparingUpdate pods as updated when the PreparingUpdateAsUpdate gate is on. */
export function isPodUpdatedForScale(pod: Pod, updateRevision: string, gates: FeatureGates = {}): boolean {
  if (
    gates.preparingUpdateAsUpdate === true &&
    getPodLifecycleState(pod) === LifecycleState.PreparingUpdate
  ) {
    return true;
  }
  return isPodOnRevision(pod, updateRevision);
}

export function instanceId(obj: { metadata: { labels?: Record<string, string> } }): string {
  return obj.metadata.labels?.[INSTANCE_ID_LABEL] ?? '';
}
