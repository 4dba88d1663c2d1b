// The pods a reconcile works on (step 5): listed in the job's namespace by the two job labels, then kept only
// when their controller reference is this job (kind and UID).

import type { Pod } from '@kruise-ts/core';
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL, jobLabels } from './labels.ts';
import type { BroadcastJob } from './types.ts';

export function isOwnedBy(pod: Pod, job: BroadcastJob): boolean {
  const ref = pod.metadata.ownerReferences?.find((r) => r.controller === true);
  return ref !== undefined && ref.kind === 'BroadcastJob' && ref.uid === (job.metadata?.uid ?? '');
}

export function ownedPods(job: BroadcastJob, pods: readonly Pod[]): Pod[] {
  const want = jobLabels(job);
  const namespace = job.metadata?.namespace;
  return pods.filter((pod) => {
    if (
      namespace !== undefined &&
      pod.metadata.namespace !== undefined &&
      pod.metadata.namespace !== namespace
    ) {
      return false;
    }
    const labels = pod.metadata.labels ?? {};
    return (
      labels[JOB_NAME_LABEL] === want[JOB_NAME_LABEL] &&
      labels[CONTROLLER_UID_LABEL] === want[CONTROLLER_UID_LABEL] &&
      isOwnedBy(pod, job)
    );
  });
}
