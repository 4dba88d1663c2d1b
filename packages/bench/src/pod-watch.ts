// Watches the workload's pods and feeds every event to the invariant checker. Re-establishes the watch when
// the apiserver closes it (from the last resourceVersion seen), so a long phase is observed end to end.
import { Watch } from '@kubernetes/client-node';
import { type PodEventType, PodInvariants } from './invariants.ts';
import type { BenchKube } from './kube.ts';

interface PodObject {
  metadata?: { name?: string; deletionTimestamp?: string | Date; resourceVersion?: string };
  spec?: { containers?: { image?: string }[] };
  status?: { conditions?: { type?: string; status?: string }[] };
}

/** One pod event as the bench saw it (for `--timeline`): when, what, and the pod's state in it. */
export interface PodEventRecord {
  /** performance.now() at arrival. */
  at: number;
  type: PodEventType;
  name: string;
  terminating: boolean;
  ready: boolean;
  image: string;
}

export interface PodWatch {
  invariants: PodInvariants;
  /** Every pod event since the last `mark()` (timeline.ts reads the phase's span from them). */
  events: PodEventRecord[];
  /** Starts a new list of events (at the start of a phase). */
  mark(): void;
  stop(): void;
}

export async function watchPods(
  kube: BenchKube,
  namespace: string,
  labelSelector: string,
): Promise<PodWatch> {
  const invariants = new PodInvariants();
  const watch = new Watch(kube.kc);
  let stopped = false;
  let abort: AbortController | undefined;
  let resourceVersion: string | undefined;
  let events: PodEventRecord[] = [];
  const start = async (): Promise<void> => {
    kube.requests++;
    abort = await watch.watch(
      `/api/v1/namespaces/${namespace}/pods`,
      { labelSelector, allowWatchBookmarks: true, ...(resourceVersion ? { resourceVersion } : {}) },
      (type: string, obj: PodObject) => {
        if (obj.metadata?.resourceVersion) resourceVersion = obj.metadata.resourceVersion;
        if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') return;
        const name = obj.metadata?.name;
        if (name === undefined) return;
        const now = performance.now();
        const terminating =
          obj.metadata?.deletionTimestamp !== undefined && obj.metadata.deletionTimestamp !== null;
        const image = obj.spec?.containers?.[0]?.image ?? '';
        const ready = obj.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
        events.push({ at: now, type: type as PodEventType, name, terminating, ready, image });
        invariants.observe(type as PodEventType, { name, terminating, image });
      },
      () => {
        if (!stopped) setTimeout(() => void start().catch(() => undefined), 200);
      },
    );
  };
  await start();
  return {
    invariants,
    get events() {
      return events;
    },
    mark: () => {
      events = [];
    },
    stop: () => {
      stopped = true;
      abort?.abort();
    },
  };
}
