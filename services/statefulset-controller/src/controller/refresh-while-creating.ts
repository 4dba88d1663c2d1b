// A burst of creates holds its reconcile for as long as the client's rate limit spreads it (200 pods at qps 50
// after a burst of 100: two seconds). Meanwhile the cluster starts the first of them, and their InPlaceUpdateReady
// (the readiness gate every Kruise pod carries) would wait for the next reconcile's refresh, whose writes then
// queue on the in-place lane's budget all at once. So while the creates go on, the pods of the burst that have
// started get, every quarter second, the refresh the next reconcile would give them (docs/performance.md,
// thirty-ninth round). Only started pods: the kubelet computes Ready from its own copy of the pod, and a gate
// written before its first report can be missed by that report and cost a second status write.
import { type Clock, realClock, sleep } from '@kruise-ts/runtime';
import type { StatefulSetPod } from '../types.ts';

export const REFRESH_WHILE_CREATING_MS = 250;

/** A pod of the burst the in-flight refresh looks at: running, not going away, not refreshed by it yet. */
export function refreshableWhileCreating(pod: StatefulSetPod, refreshed: ReadonlySet<string>): boolean {
  return (
    !refreshed.has(pod.metadata.name ?? '') &&
    pod.metadata.deletionTimestamp === undefined &&
    pod.status?.phase === 'Running'
  );
}

/**
 * Awaits `creating`; until it settles, every `intervalMs` on `clock` calls `refresh` for each pod of `createdPods()`
 * that is refreshable, each at most once (a refresh that fails is the next reconcile's, which refreshes every pod
 * anyway). `creating`'s own outcome is what this returns or throws.
 */
export async function refreshWhileCreating(
  creating: Promise<unknown>,
  createdPods: () => readonly StatefulSetPod[],
  refresh: (pod: StatefulSetPod) => Promise<void>,
  options: { intervalMs?: number; clock?: Clock } = {},
): Promise<void> {
  const { intervalMs = REFRESH_WHILE_CREATING_MS, clock = realClock } = options;
  const settled = new AbortController();
  const markSettled = () => settled.abort();
  void creating.then(markSettled, markSettled);
  const refreshed = new Set<string>();
  const passes = (async () => {
    for (;;) {
      try {
        await sleep(clock, intervalMs, settled.signal);
      } catch {
        return; // the creates are done
      }
      for (const pod of createdPods()) {
        if (settled.signal.aborted) return;
        if (!refreshableWhileCreating(pod, refreshed)) continue;
        refreshed.add(pod.metadata.name ?? '');
        await refresh(pod).catch(() => {});
      }
    }
  })();
  try {
    await creating;
  } finally {
    await passes;
  }
}
