// Creates on a freshly acquired partition wait until the cache shows every object of the owner the apiserver
// holds (issue #12, docs/adr/0025-fast-failover.md). The take-over freshness record covers the previous owner's
// writes up to its last liveness beat; a pod it created in the ≤ 750 ms after that beat, while the watcher
// lags, is invisible to the successor, which would create the same replica again (more pods than replicas +
// maxSurge; a BroadcastJob pod run twice on a node). So inside the partition's re-check window a reconcile
// about to create lists the owner's objects from the apiserver once: one of them missing from the cache means
// the cache is behind, and the creates wait for it.

interface Owned {
  metadata: {
    name?: string | undefined;
    ownerReferences?: ReadonlyArray<{ uid: string; controller?: boolean | undefined }> | undefined;
  };
}

/** Objects from the apiserver (`live`) controlled by `ownerUid` whose names the cache (`cachedNames`) lacks. */
export function controlledNotCached<T extends Owned>(
  ownerUid: string,
  cachedNames: ReadonlySet<string>,
  live: readonly T[],
): T[] {
  return live.filter((o) => {
    const name = o.metadata.name ?? '';
    if (name === '' || cachedNames.has(name)) return false;
    return (o.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === ownerUid);
  });
}
