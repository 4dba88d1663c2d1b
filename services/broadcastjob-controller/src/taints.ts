import type { Toleration } from '@kruise-ts/api';
import type { Taint } from '@kruise-ts/core';
// Toleration matching as the scheduler's TaintToleration filter does it (k8s Toleration.ToleratesTaint and
// v1helper.FindMatchingUntoleratedTaint), used by the node fitness check.

export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/**
 * An empty effect or key in the toleration matches any; operator Exists ignores the value, Equal (or none)
 * compares it; any other operator tolerates nothing.
 */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

export function tolerationsTolerateTaint(tolerations: readonly Toleration[], taint: Taint): boolean {
  return tolerations.some((t) => toleratesTaint(t, taint));
}

/** Only these effects keep a pod off a node; PreferNoSchedule is a scoring hint. */
export function isSchedulingTaint(taint: Taint): boolean {
  return taint.effect === 'NoSchedule' || taint.effect === 'NoExecute';
}

/** The first NoSchedule/NoExecute taint (in node order) that no toleration matches. */
export function findUntoleratedTaint(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
): Taint | undefined {
  return taints.find((taint) => isSchedulingTaint(taint) && !tolerationsTolerateTaint(tolerations, taint));
}
