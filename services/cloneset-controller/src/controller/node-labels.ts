// Node labels for the topology-spread scale-in ranker (docs/behaviour/cloneset.md#scale-in-order step 5): each node
// is read from the apiserver once per reconcile; a node that cannot be read is left out and its pods get no
// spread rank, as Kruise skips nodes its client cannot get (pkg/controller/cloneset/utils/pod_ranker.go).
import { NODE } from '@kruise-ts/kube';
import type { KubeClient } from '@kruise-ts/runtime';

interface Node {
  metadata?: { labels?: Record<string, string> };
}

export type NodeLabels = ReadonlyMap<string, Readonly<Record<string, string>>>;

export async function readNodeLabels(kube: KubeClient, nodes: readonly string[]): Promise<NodeLabels> {
  const labels = new Map<string, Readonly<Record<string, string>>>();
  if (nodes.length === 0) return labels;
  const api = kube.resource<Node>(NODE);
  const read = await Promise.allSettled(nodes.map((name) => api.get({ name })));
  for (const [i, result] of read.entries()) {
    const name = nodes[i];
    if (name !== undefined && result.status === 'fulfilled')
      labels.set(name, result.value.metadata?.labels ?? {});
  }
  return labels;
}
