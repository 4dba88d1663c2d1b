import type { Pod } from '@kruise-ts/core';
// Counting the job's pods (filterPods, isPodFailed; step 6). Phase decides first; otherwise a pod being deleted
// is left out, and a running OnFailure pod that restarted more than failurePolicy.restartLimit times (init and
// app containers together) counts as failed.

export interface ClassifiedPods {
  active: Pod[];
  failed: Pod[];
  succeeded: Pod[];
  /** Not Succeeded/Failed and being deleted: counted nowhere. */
  terminating: Pod[];
}

export function isTerminating(pod: Pod): boolean {
  return pod.metadata.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
}

export function restartCount(pod: Pod): number {
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  return statuses.reduce((sum, s) => sum + (s.restartCount ?? 0), 0);
}

/** Only restartPolicy OnFailure restarts in place; with Never a failure shows up as phase Failed. */
export function exceededRestartLimit(pod: Pod, restartLimit: number): boolean {
  return pod.spec?.restartPolicy === 'OnFailure' && restartCount(pod) > restartLimit;
}

export function classifyPods(pods: readonly Pod[], restartLimit: number): ClassifiedPods {
  const out: ClassifiedPods = { active: [], failed: [], succeeded: [], terminating: [] };
  for (const pod of pods) {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded') out.succeeded.push(pod);
    else if (phase === 'Failed') out.failed.push(pod);
    else if (isTerminating(pod)) out.terminating.push(pod);
    else if (exceededRestartLimit(pod, restartLimit)) out.failed.push(pod);
    else out.active.push(pod);
  }
  return out;
}

/** kubecontroller.IsPodActive, which completion uses: a pod over its restart limit still blocks completion. */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !isTerminating(pod);
}
