// One workload's pruning decision from the cache: which of its revisions are in use and which go.
import { type ControllerRevision, isAtRevision, revisionsToPrune } from '@kruise-ts/core';
import type { KubernetesObject } from '@kruise-ts/runtime';
import type { WorkloadKind } from './workload-kinds.ts';

export interface PruneInput {
  kind: WorkloadKind;
  workload: KubernetesObject;
  revisions: readonly ControllerRevision[];
  /** Live pods owned by the workload. */
  pods: readonly KubernetesObject[];
}

export function revisionsToDelete(input: PruneInput): ControllerRevision[] {
  const pinned = new Set(input.kind.pinnedRevisions(input.workload));
  const inUse = (name: string) =>
    pinned.has(name) ||
    input.pods.some(
      (pod) => !pod.metadata?.deletionTimestamp && isAtRevision({ labels: pod.metadata?.labels ?? {} }, name),
    );
  return revisionsToPrune(input.revisions, inUse, input.kind.historyLimit(input.workload));
}
