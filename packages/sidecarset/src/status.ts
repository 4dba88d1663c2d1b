// calculateStatus and inconsistentStatus (sidecarset_processor.go; docs/behaviour/sidecarset.md#reconcile step 2).
import type { SidecarSetStatus } from '@kruise-ts/api';
import { isPodSidecarUpdated, isPodStateConsistent, isSidecarSetPodReady } from './pod-state.ts';
import type { Pod, SidecarSet } from './types.ts';

export function calculateStatus(
  sidecarSet: SidecarSet,
  pods: readonly Pod[],
  latestRevision: string,
  collisionCount: number,
): Required<SidecarSetStatus> {
  let updated = 0;
  let ready = 0;
  let updatedReady = 0;
  for (const pod of pods) {
    const isUpdated = isPodSidecarUpdated(sidecarSet, pod);
    if (isUpdated) updated++;
    if (isPodStateConsistent(pod, sidecarSet) && isSidecarSetPodReady(pod, sidecarSet)) {
      ready++;
      if (isUpdated) updatedReady++;
    }
  }
  return {
    observedGeneration: sidecarSet.metadata?.generation ?? 0,
    matchedPods: pods.length,
    updatedPods: updated,
    readyPods: ready,
    updatedReadyPods: updatedReady,
    latestRevision,
    collisionCount,
  };
}

/** Whether the status must be written. */
export function statusChanged(
  current: SidecarSetStatus | undefined,
  next: Required<SidecarSetStatus>,
): boolean {
  const c = current ?? { matchedPods: 0, updatedPods: 0, readyPods: 0 };
  return (
    next.observedGeneration > (c.observedGeneration ?? 0) ||
    next.matchedPods !== c.matchedPods ||
    next.updatedPods !== c.updatedPods ||
    next.readyPods !== c.readyPods ||
    next.updatedReadyPods !== (c.updatedReadyPods ?? 0) ||
    next.latestRevision !== (c.latestRevision ?? '') ||
    next.collisionCount !== c.collisionCount
  );
}
