// The pod the controller creates on a node (createPod + kubecontroller.GetPodFromTemplate): the template's
// labels (with the two job labels), annotations, finalizers and spec, a generated name, the job as controller,
// and the node pinned either through required node affinity — the default, so the scheduler still binds it — or
// directly through spec.nodeName (Kruise's --assign-bcj-pods-by-scheduler=false).

import type { Affinity, OwnerReference, PodSpec } from '@kruise-ts/api';
import { isDns1123Subdomain } from '@kruise-ts/kube';
import { jobControllerRef, jobLabels } from './labels.ts';
import { NODE_NAME_FIELD } from './node-affinity.ts';
import type { BroadcastJob } from './types.ts';

export interface NewPodOptions {
  /** Pin the node through node affinity and let the scheduler bind (default true). */
  assignPodsByScheduler?: boolean;
}

export interface NewBroadcastJobPod {
  apiVersion: 'v1';
  kind: 'Pod';
  metadata: {
    generateName: string;
    namespace?: string;
    labels: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
    ownerReferences: OwnerReference[];
  };
  spec: PodSpec;
}

/** `<job>-` unless that is not a valid name prefix (then the bare job name, as getPodsPrefix does). */
export function generateNamePrefix(jobName: string): string {
  const prefix = `${jobName}-`;
  // A trailing dash is fine in a prefix (a random suffix follows); Go's maskTrailingDash swaps it for "a" —
  // dropping the character before it too, which only matters for odd names and is kept for parity.
  const masked = `${prefix.slice(0, -2)}a`;
  return isDns1123Subdomain(masked) ? prefix : jobName;
}

/**
 * daemonsetutil.ReplaceDaemonSetPodNodeNameNodeAffinity: the required node selector becomes the single term
 * `metadata.name In [node]`; preferred terms and pod (anti-)affinity stay. The template's own required terms
 * have already been checked against the node.
 */
export function pinToNode(affinity: Affinity | null | undefined, nodeName: string): Affinity {
  const required = {
    nodeSelectorTerms: [{ matchFields: [{ key: NODE_NAME_FIELD, operator: 'In', values: [nodeName] }] }],
  };
  const base = affinity ?? {};
  return {
    ...base,
    nodeAffinity: { ...base.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required },
  };
}

export function newPodForNode(
  job: BroadcastJob,
  nodeName: string,
  options: NewPodOptions = {},
): NewBroadcastJobPod {
  const template = structuredClone(job.spec.template);
  const meta = template.metadata ?? {};
  const spec: PodSpec = template.spec ?? { containers: [] };
  if (options.assignPodsByScheduler ?? true) {
    spec.affinity = pinToNode(spec.affinity, nodeName);
  } else if (nodeName !== '') {
    spec.nodeName = nodeName;
  }
  const namespace = job.metadata?.namespace;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: generateNamePrefix(job.metadata?.name ?? ''),
      ...(namespace === undefined ? {} : { namespace }),
      labels: { ...meta.labels, ...jobLabels(job) },
      ...(meta.annotations === undefined ? {} : { annotations: meta.annotations }),
      ...(meta.finalizers === undefined ? {} : { finalizers: meta.finalizers }),
      ownerReferences: [jobControllerRef(job)],
    },
    spec,
  };
}
