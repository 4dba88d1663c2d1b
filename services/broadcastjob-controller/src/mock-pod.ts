// Kruise's NewMockPod: the job's template bound to a node by spec.nodeName, standing in for the pod a node
// would get when asking whether it fits.

import type { Affinity, BroadcastJob, PodSpecView, Toleration } from './types.ts';

export function templatePodSpec(job: BroadcastJob): PodSpecView {
  const spec = job.spec.template.spec;
  if (spec === undefined) return {};
  // The API types keep affinity and tolerations as opaque JSON; they are the core/v1 shapes typed here.
  return {
    ...spec,
    affinity: spec.affinity as Affinity | undefined,
    tolerations: spec.tolerations as Toleration[] | undefined,
  };
}

export function mockPod(job: BroadcastJob, nodeName: string): { spec: PodSpecView } {
  return { spec: { ...templatePodSpec(job), nodeName } };
}
