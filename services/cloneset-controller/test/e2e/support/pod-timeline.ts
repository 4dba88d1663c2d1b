// Every state a CloneSet's pods go through, from an apiserver watch (each ADDED/MODIFIED/DELETED applied in
// order) plus a 250 ms clock tick (availability under minReadySeconds changes with time alone). Invariants
// checked on this timeline hold at every moment the apiserver ever showed, not just at sample points.
import { isCloneSetPodAvailable, type Pod } from '@kruise-ts/core';
import { eventually } from '@kruise-ts/devcluster';
import type { V1Pod } from '@kubernetes/client-node';
import { Watch } from '@kubernetes/client-node';
import { INSTANCE_ID, imageOf, isActive } from './cloneset.ts';
import type { Harness } from './harness.ts';

export interface TimelinePoint {
  at: number;
  cause: 'event' | 'tick';
  active: number;
  available: number;
  images: string[];
}

export interface PodTimeline {
  points: TimelinePoint[];
  /** Every pod uid ever seen, with its name, instance id and when it was first seen. */
  seen: Map<string, SeenPod>;
  /** Pods as they are now (by name). */
  current(): V1Pod[];
  stop(): Promise<TimelinePoint[]>;
}

export interface SeenPod {
  name: string;
  instanceId: string;
  image: string;
  firstSeenAt: number;
}

export async function watchPodTimeline(
  h: Harness,
  ns: string,
  app: string,
  minReadySeconds: number,
  /** Pods that exist now: the timeline is live once it has seen them all. */
  expectPods: number,
): Promise<PodTimeline> {
  const pods = new Map<string, V1Pod>();
  const points: TimelinePoint[] = [];
  const seen = new Map<string, SeenPod>();
  const record = (cause: TimelinePoint['cause']) => {
    const at = Date.now();
    const active = [...pods.values()].filter(isActive);
    points.push({
      at,
      cause,
      active: active.length,
      available: active.filter((p) => isCloneSetPodAvailable(p as unknown as Pod, minReadySeconds, at))
        .length,
      images: active.map(imageOf).sort(),
    });
  };
  const watch = new Watch(h.kc);
  const controller = await watch.watch(
    `/api/v1/namespaces/${ns}/pods`,
    { labelSelector: `app=${app}` },
    (phase: string, obj: V1Pod) => {
      const name = obj.metadata?.name ?? '';
      const uid = obj.metadata?.uid;
      if (uid && !seen.has(uid)) {
        seen.set(uid, {
          name,
          instanceId: obj.metadata?.labels?.[INSTANCE_ID] ?? '',
          image: imageOf(obj),
          firstSeenAt: Date.now(),
        });
      }
      if (phase === 'DELETED') pods.delete(name);
      else pods.set(name, obj);
      record('event');
    },
    () => {},
  );
  // A watch without a resourceVersion starts with the current pods as ADDED events.
  await eventually(`timeline sees the ${expectPods} pods`, async () => pods.size >= expectPods, {
    timeoutMs: 15_000,
    intervalMs: 20,
  });
  points.length = 0;
  const tick = setInterval(() => record('tick'), 250);
  return {
    points,
    seen,
    current: () => [...pods.values()],
    stop: async () => {
      clearInterval(tick);
      controller.abort();
      return points;
    },
  };
}
