// Which nodes the job wants (getNodesToRunPod; step 7). A node with the job's pod is judged with that pod,
// a node without one with the mock pod. Fitting nodes are desired; those without a pod are where new pods go.
//
// Kruise's checkNodeFitness returns an error together with every "does not fit", and getNodesToRunPod skips a
// node on error before it looks at fitness, so in Kruise a pod that no longer fits is neither desired nor ever
// deleted. `unfitPods` lists those pods (not terminating) for the spec's reading, where they are deleted.

import type { Node, Pod } from '@kruise-ts/core';
import { isTerminating } from './classify-pods.ts';
import { mockPod } from './mock-pod.ts';
import { podFitsNode } from './node-fit.ts';
import type { BroadcastJob } from './types.ts';

export interface UnfitNode {
  nodeName: string;
  reason: string;
  /** The job's pod on that node, if any. */
  pod?: Pod;
}

export interface NodesToRun {
  /** Fitting node → its pod (undefined: none yet), in node order. */
  desired: Map<string, Pod | undefined>;
  /** Fitting nodes with no pod, in node order. */
  restNodes: Node[];
  /** Non-terminating pods on nodes they no longer fit. */
  unfitPods: Pod[];
  /** Every node left out, with the filter's reason (for logs). */
  unfitNodes: UnfitNode[];
}

export function nodesToRunPod(
  job: BroadcastJob,
  nodes: readonly Node[],
  podsByNode: ReadonlyMap<string, Pod>,
): NodesToRun {
  const out: NodesToRun = { desired: new Map(), restNodes: [], unfitPods: [], unfitNodes: [] };
  for (const node of nodes) {
    const nodeName = node.metadata.name;
    const pod = podsByNode.get(nodeName);
    const fit = podFitsNode(pod ?? mockPod(job, nodeName), node);
    if (!fit.fits) {
      out.unfitNodes.push({ nodeName, reason: fit.reason, ...(pod === undefined ? {} : { pod }) });
      if (pod !== undefined && !isTerminating(pod)) out.unfitPods.push(pod);
      continue;
    }
    out.desired.set(nodeName, pod);
    if (pod === undefined) out.restNodes.push(node);
  }
  return out;
}
