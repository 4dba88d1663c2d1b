// Identity of a BroadcastJob's pods (broadcastjob_controller.go): the two labels every pod carries — the reconcile
// lists pods by them — and the controller reference the job puts on each pod.

import { newControllerReference, type OwnerReference } from '@kruise-ts/core';
import type { BroadcastJob } from './types.ts';

export const JOB_NAME_LABEL = 'broadcastjob-name';
export const CONTROLLER_UID_LABEL = 'broadcastjob-controller-uid';

/** Pods are owned through the hub version, whatever version the job was written in. */
export const BROADCASTJOB_API_VERSION = 'apps.kruise.io/v1beta1';
export const BROADCASTJOB_KIND = 'BroadcastJob';

/** The labels Kruise adds to the template in memory before anything else (step 2). */
export function jobLabels(job: BroadcastJob): Record<string, string> {
  return { [JOB_NAME_LABEL]: job.metadata?.name ?? '', [CONTROLLER_UID_LABEL]: job.metadata?.uid ?? '' };
}

/** metav1.NewControllerRef(job, BroadcastJob kind). */
export function jobControllerRef(job: BroadcastJob): OwnerReference {
  return newControllerReference({
    apiVersion: BROADCASTJOB_API_VERSION,
    kind: BROADCASTJOB_KIND,
    name: job.metadata?.name ?? '',
    uid: job.metadata?.uid ?? '',
  });
}
