// Kruise's NewMockPod: the job's template bound to a node by spec.nodeName, standing in for the pod a node
// would get when asking whether it fits.

import type { PodSpec } from '@kruise-ts/api';
import type { BroadcastJob } from './types.ts';

export function templatePodSpec(job: BroadcastJob): Partial<PodSpec> {
  return job.spec.template.spec ?? {};
}

export function mockPod(job: BroadcastJob, nodeName: string): { spec: Partial<PodSpec> } {
  return { spec: { ...templatePodSpec(job), nodeName } };
}
