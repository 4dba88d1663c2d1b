// Ranks that spread a scale-in (docs/behaviour/cloneset.md#scale-in-order step 5): by default pods sharing a node with siblings rank higher (are
// deleted first); with template topologySpreadConstraints, pods in crowded topology domains rank higher.

import type { Pod } from '@kruise-ts/core';
import type { CloneSet, TopologySpreadConstraint } from '../types.ts';
import { deletionOrderLess, sortByLess } from './pod-order.ts';

export type Ranks = ReadonlyMap<Pod, number>;

const HOSTNAME_LABEL = 'kubernetes.io/hostname';

function groupByNode<P extends Pod>(pods: readonly P[]): Map<string, P[]> {
  const byNode = new Map<string, P[]>();
  for (const pod of pods) {
    const node = pod.spec?.nodeName ?? '';
    if (node === '') continue;
    const list = byNode.get(node);
    if (list === undefined) byNode.set(node, [pod]);
    else list.push(pod);
  }
  return byNode;
}

/**
 * On every node with several pods, all but the best one (last in deletion order) get rank `count − position`;
 * pods alone on their node, unscheduled pods and each node's best pod get no rank (0).
 */
export function sameNodeRanks(pods: readonly Pod[]): Ranks {
  const ranks = new Map<Pod, number>();
  for (const onNode of groupByNode(pods).values()) {
    if (onNode.length <= 1) continue;
    const sorted = sortByLess(onNode, (a, b) => deletionOrderLess(a, b)).slice(0, -1);
    for (const [i, pod] of sorted.entries()) ranks.set(pod, sorted.length - i);
  }
  return ranks;
}

export interface SpreadConstraint extends TopologySpreadConstraint {
  /** Only these topology values take part (Kruise's limitedValues); all when absent. */
  limitedValues?: string[];
}

/**
 * Kruise's spread-constraints ranker. `nodeLabels` maps node name to its labels; pods on nodes missing from it are
 * not ranked (Kruise skips nodes it cannot read). Within each topology domain pods are ordered (by the same-node
 * ranks unless the key is the hostname) and get `(size − position) × ln(domains + 2)`, summed over constraints.
 */
export function spreadConstraintRanks(
  pods: readonly Pod[],
  constraints: readonly SpreadConstraint[],
  nodeLabels: ReadonlyMap<string, Readonly<Record<string, string>>>,
): Ranks {
  const ranks = new Map<Pod, number>();
  // Nodes in order of their first pod, as Kruise collects them.
  const byNode = new Map<string, Pod[]>();
  for (const [node, onNode] of groupByNode(pods)) if (nodeLabels.has(node)) byNode.set(node, onNode);

  const sameNode = sameNodeRanks(pods);
  for (const constraint of constraints) {
    const limited =
      constraint.limitedValues !== undefined && constraint.limitedValues.length > 0
        ? new Set(constraint.limitedValues)
        : undefined;
    const domains = new Map<string, Pod[]>();
    for (const [node, onNode] of byNode) {
      const value = nodeLabels.get(node)?.[constraint.topologyKey];
      if (value === undefined || (limited !== undefined && !limited.has(value))) continue;
      domains.set(value, [...(domains.get(value) ?? []), ...onNode]);
    }
    const useSameNode = constraint.topologyKey !== HOSTNAME_LABEL;
    const weight = Math.log(domains.size + 2);
    for (const inDomain of domains.values()) {
      const sorted = sortByLess(inDomain, (a, b) =>
        deletionOrderLess(a, b, useSameNode ? { rank: (p) => sameNode.get(p) ?? 0 } : {}),
      );
      for (const [i, pod] of sorted.entries())
        ranks.set(pod, (ranks.get(pod) ?? 0) + (sorted.length - i) * weight);
    }
  }
  return ranks;
}

/**
 * The nodes whose labels a scale-in could rank by: with template topologySpreadConstraints and more active pods
 * than replicas (a scale-in needs at least that), the distinct nodes of the pods in their order; else none, so
 * nothing is read (Kruise reads each pod's node as it ranks, `NewSpreadConstraintsRanker` in
 * pkg/controller/cloneset/utils/pod_ranker.go).
 */
export function nodesToRank(cs: CloneSet, pods: readonly Pod[]): string[] {
  if ((cs.spec.template?.spec?.topologySpreadConstraints ?? []).length === 0) return [];
  if (pods.length <= (cs.spec.replicas ?? 1)) return [];
  return [...groupByNode(pods).keys()];
}
