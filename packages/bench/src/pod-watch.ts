// Watches the workload's pods (resuming-watch.ts) and feeds every event to the invariant checker.
import { type PodEventType, PodInvariants } from './invariants.ts';
import type { BenchKube } from './kube.ts';
import { resumingWatch } from './resuming-watch.ts';

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
  let events: PodEventRecord[] = [];
  const watch = await resumingWatch<PodObject>(
    kube,
    `/api/v1/namespaces/${namespace}/pods`,
    { labelSelector },
    (type, obj) => {
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
  );
  return {
    invariants,
    get events() {
      return events;
    },
    mark: () => {
      events = [];
    },
    stop: () => watch.stop(),
  };
}
