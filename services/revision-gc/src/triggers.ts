// Which workload a cache change may let revision-gc prune for, without reading pod bodies: a revision is freed
// only when the workload's pins or limit move, a revision appears, or a pod leaves the revision it was at
// (deleted, or relabelled by an update). A pod created at a revision pins it, it frees nothing, and a pod's
// status churn (scheduling, readiness) changes nothing revision-gc decides — most pod events enqueue nothing.
import { CONTROLLER_REVISION_HASH_LABEL_KEY } from '@kruise-ts/core';
import type { CacheChange, CachedObject } from '@kruise-ts/runtime';
import type { WorkloadKind } from './workload-kinds.ts';

const isKind = (o: CachedObject, gk: { group: string; kind: string }) =>
  o.group === gk.group && o.kind === gk.kind;

/** What of a workload the pruning decision reads: its pinned revisions and its history limit. */
function pruneView(kind: WorkloadKind, o: CachedObject): string {
  return JSON.stringify([kind.pinnedRevisions(o.object), kind.historyLimit(o.object)]);
}

/**
 * The keys (`namespace/name` of the workload) a change enqueues. `ownerOf` maps a controller uid to the key of
 * the cached workload of `kind` with that uid (the owner must be cached: without it there is nothing to prune).
 */
export function revisionGcKeysFor(
  kind: WorkloadKind,
  change: CacheChange,
  revisionKind: { group: string; kind: string },
  podKind: { group: string; kind: string },
  ownerOf: (uid: string) => string | undefined,
): string[] {
  const { old, current } = change;
  const obj = current ?? old;
  if (obj === undefined) return [];
  if (isKind(obj, kind)) {
    if (current === undefined) return []; // the garbage collector removes its revisions with it
    if (old !== undefined && pruneView(kind, old) === pruneView(kind, current)) return [];
    return [`${obj.namespace}/${obj.name}`];
  }
  const owners = (objs: (CachedObject | undefined)[]) => {
    const keys = new Set<string>();
    for (const o of objs) {
      const key = o === undefined || o.controllerUid === '' ? undefined : ownerOf(o.controllerUid);
      if (key !== undefined) keys.add(key);
    }
    return [...keys];
  };
  if (isKind(obj, revisionKind)) return owners([old, current]);
  if (isKind(obj, podKind)) {
    if (old === undefined) return []; // a new pod pins its revision, it frees none
    const leftRevision =
      current === undefined ||
      current.controllerUid !== old.controllerUid ||
      current.labels[CONTROLLER_REVISION_HASH_LABEL_KEY] !== old.labels[CONTROLLER_REVISION_HASH_LABEL_KEY];
    return leftRevision ? owners([old]) : [];
  }
  return [];
}
