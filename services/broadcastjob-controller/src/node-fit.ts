// Kruise's checkNodeFitness: the scheduler filters a BroadcastJob pod must pass on a node, in Kruise's order,
// each failure reported with the scheduler's reason text (the first failing filter decides).

import type { PodSpec } from '@kruise-ts/api';
import type { Node } from '@kruise-ts/core';
import { requiredNodeAffinityMatches } from './node-affinity.ts';
import { insufficientResources } from './resource-fit.ts';
import { findUntoleratedTaint, TAINT_NODE_UNSCHEDULABLE, tolerationsTolerateTaint } from './taints.ts';

export type NodeFit = { fits: true } | { fits: false; reason: string };

export const REASON_NODE_NAME = "node(s) didn't match the requested node name";
export const REASON_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
export const REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

export function untoleratedTaintReason(key: string, value: string): string {
  return `node(s) had taint {${key}: ${value}}, that the pod didn't tolerate`;
}

/** Whether `pod` (an existing pod, or the mock pod made from the template) could run on `node`. */
export function podFitsNode(pod: { spec?: Partial<PodSpec> }, node: Node): NodeFit {
  const spec = pod.spec;
  if (spec?.nodeName && spec.nodeName !== node.metadata.name)
    return { fits: false, reason: REASON_NODE_NAME };
  if (!requiredNodeAffinityMatches(spec, node)) return { fits: false, reason: REASON_NODE_AFFINITY };
  const tolerations = spec?.tolerations ?? [];
  const taint = findUntoleratedTaint(node.spec?.taints ?? [], tolerations);
  if (taint !== undefined) {
    return { fits: false, reason: untoleratedTaintReason(taint.key, taint.value ?? '') };
  }
  // Tolerating the unschedulable taint also tolerates spec.unschedulable (cordon).
  const toleratesCordon = tolerationsTolerateTaint(tolerations, {
    key: TAINT_NODE_UNSCHEDULABLE,
    effect: 'NoSchedule',
  });
  if (node.spec?.unschedulable === true && !toleratesCordon)
    return { fits: false, reason: REASON_UNSCHEDULABLE };
  const insufficient = insufficientResources(spec, node);
  if (insufficient.length > 0) return { fits: false, reason: insufficient.join(', ') };
  return { fits: true };
}
