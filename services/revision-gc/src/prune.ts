// One workload's pruning decision from the cache: which of its revisions are in use and which go.
import { type ControllerRevision, isAtRevision, revisionsToPrune } from '@kruise-ts/core';
import type { KubernetesObject } from '@kruise-ts/runtime';
import type { WorkloadKind } from './workload-kinds.ts';

export interface PruneInput {
  kind: WorkloadKind;
  workload: KubernetesObject;
  revisions: readonly ControllerRevision[];
  /** Pods owned by the workload. */
  pods: readonly PodView[];
}

/**
 * A pod as the cache holds it: its labels from the bus envelope, its body parsed only when read. Only the pods at
 * a revision are read (for their deletionTimestamp), and only until one live pod is found, so a reconcile does
 * not parse every pod of a large workload (docs/performance.md).
 */
export interface PodView {
  labels: Readonly<Record<string, string>>;
  readonly object: KubernetesObject;
}

/**
 * Whether any revision could go, whatever the pods say: only one beyond the history limit. Within it the pods are
 * neither read nor held (docs/adr/0032-deferred-kinds-per-partition.md).
 */
export function mayPrune(kind: WorkloadKind, workload: KubernetesObject, revisionCount: number): boolean {
  return revisionCount > Math.max(0, kind.historyLimit(workload));
}

export function revisionsToDelete(input: PruneInput): ControllerRevision[] {
  if (!mayPrune(input.kind, input.workload, input.revisions.length)) return [];
  const pinned = new Set(input.kind.pinnedRevisions(input.workload));
  const inUse = (name: string) =>
    pinned.has(name) ||
    input.pods.some(
      (pod) => isAtRevision({ labels: pod.labels }, name) && !pod.object.metadata?.deletionTimestamp,
    );
  return revisionsToPrune(input.revisions, inUse, input.kind.historyLimit(input.workload));
}
