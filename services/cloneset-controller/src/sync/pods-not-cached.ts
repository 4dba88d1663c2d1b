// Pods the apiserver holds for a CloneSet that the cache does not show yet, looked for only before creating
// pods on a freshly acquired partition (issue #12, docs/adr/0025-fast-failover.md). The take-over freshness
// record covers the previous owner's writes up to its last liveness beat; a pod it created in the ≤ 750 ms
// after that beat, while the watcher lags, is invisible to the successor, which would create the same replica
// again (more pods than replicas + maxSurge). One uncached list before creating closes that window: if the
// apiserver shows a pod of ours the cache lacks, the cache is behind and the scale waits for it.

import type { CloneSetPod } from '../types.ts';

type Pod = Pick<CloneSetPod, 'metadata'>;

/** Pods from the apiserver (`live`) controlled by the CloneSet whose names the cache (`cachedNames`) lacks. */
export function podsNotCached<P extends Pod>(
  csUid: string,
  cachedNames: ReadonlySet<string>,
  live: readonly P[],
): P[] {
  return live.filter((p) => {
    const name = p.metadata.name ?? '';
    if (name === '' || cachedNames.has(name)) return false;
    return (p.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === csUid);
  });
}
