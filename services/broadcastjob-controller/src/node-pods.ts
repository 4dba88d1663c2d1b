// Which node each of the job's pods belongs to (getAssignedNode, getNodeToPodMap). A pod placed by the scheduler
// has no nodeName until bound, so its node is read from the metadata.name matchFields term the controller put
// into its required node affinity. One node should hold one pod; extra ones are reported, and the last pod seen
// for a node is the one the reconcile looks at.

import type { Pod } from '@kruise-ts/core';
import { NODE_NAME_FIELD } from './node-affinity.ts';

/** The pod's node, or "" when neither spec.nodeName nor a single-value metadata.name In term names one. */
export function assignedNode(pod: Pod): string {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms =
    pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const term of terms) {
    for (const req of term.matchFields ?? []) {
      if (req.key === NODE_NAME_FIELD && req.operator === 'In' && req.values?.length === 1) {
        return req.values[0] ?? '';
      }
    }
  }
  return '';
}

export interface DuplicatePod {
  pod: Pod;
  nodeName: string;
}

export interface NodePods {
  /** Node name → the job's pod there ("" collects pods with no node). */
  byNode: Map<string, Pod>;
  /** Each pod found on a node that already had one, in input order. */
  duplicates: DuplicatePod[];
}

export function nodeToPodMap(pods: readonly Pod[]): NodePods {
  const byNode = new Map<string, Pod>();
  const duplicates: DuplicatePod[] = [];
  for (const pod of pods) {
    const nodeName = assignedNode(pod);
    if (byNode.has(nodeName)) duplicates.push({ pod, nodeName });
    byNode.set(nodeName, pod);
  }
  return { byNode, duplicates };
}
