// Watches the workload object, so a phase ends at the moment its converged status arrives rather than at the
// next tick of a poll (a 250 ms poll added 0–250 ms to every phase of both contenders, a tenth of a 2 s
// scale-down). The watch resumes when the apiserver closes it (resuming-watch.ts); a slow GET backs it up in case
// an event is lost while it reconnects.
import type { BenchKube } from './kube.ts';
import { resumingWatch } from './resuming-watch.ts';
import type { WorkloadStatus } from './workload.ts';

interface Waiter {
  minGeneration: number;
  done: (obj: WorkloadStatus) => boolean;
  resolve: (at: number) => void;
}

/** One state of the workload as the bench saw it (for `--timeline`). */
export interface WorkloadEventRecord {
  /** performance.now() at arrival. */
  at: number;
  name: string;
  /** The status counters in short, e.g. `gen 3/3 replicas 200 ready 200 updated 200`. */
  summary: string;
}

export interface WorkloadWatch {
  /** Every state since the last `mark()`. */
  events: WorkloadEventRecord[];
  /** Starts a new list of events (at the start of a phase). */
  mark(): void;
  /**
   * Resolves with performance.now() at the arrival of the first state of generation `minGeneration` or later
   * that `done` accepts (the state already held counts, timed now). Rejects after `timeoutMs` with the last
   * status seen.
   */
  until(minGeneration: number, done: (obj: WorkloadStatus) => boolean, timeoutMs: number): Promise<number>;
  stop(): void;
}

const generationOf = (obj: WorkloadStatus): number => obj.metadata?.generation ?? 0;

export function statusSummary(obj: WorkloadStatus): string {
  const s = obj.status ?? {};
  const n = (v: number | undefined) => v ?? 0;
  return (
    `gen ${s.observedGeneration ?? 0}/${generationOf(obj)} replicas ${n(s.replicas)} ready ${n(s.readyReplicas)} ` +
    `updated ${n(s.updatedReplicas)}`
  );
}

export async function watchWorkload(
  kube: BenchKube,
  collectionPath: string,
  name: string,
): Promise<WorkloadWatch> {
  let latest: WorkloadStatus | undefined;
  const waiters = new Set<Waiter>();
  let events: WorkloadEventRecord[] = [];

  const offer = (obj: WorkloadStatus, at: number) => {
    if (latest !== undefined && generationOf(obj) < generationOf(latest)) return;
    latest = obj;
    for (const w of waiters)
      if (generationOf(obj) >= w.minGeneration && w.done(obj)) {
        waiters.delete(w);
        w.resolve(at);
      }
  };

  const watch = await resumingWatch<
    WorkloadStatus & { metadata?: { name?: string; resourceVersion?: string } }
  >(kube, collectionPath, { fieldSelector: `metadata.name=${name}` }, (type, obj) => {
    if (type !== 'ADDED' && type !== 'MODIFIED') return;
    const at = performance.now();
    events.push({ at, name: obj.metadata?.name ?? name, summary: statusSummary(obj) });
    offer(obj, at);
  });

  return {
    get events() {
      return events;
    },
    mark: () => {
      events = [];
    },
    until(minGeneration, done, timeoutMs) {
      return new Promise<number>((resolve, reject) => {
        let backup: NodeJS.Timeout | undefined;
        const waiter: Waiter = {
          minGeneration,
          done,
          resolve: (at) => {
            clearTimeout(timer);
            clearInterval(backup);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          clearInterval(backup);
          reject(new Error(`not converged after ${timeoutMs / 1000} s: ${JSON.stringify(latest?.status)}`));
        }, timeoutMs);
        waiters.add(waiter);
        if (latest !== undefined) offer(latest, performance.now());
        const path = `${collectionPath}/${name}`;
        backup = setInterval(() => {
          kube
            .ok('GET', path)
            .then((obj) => offer(obj as WorkloadStatus, performance.now()))
            .catch(() => undefined);
        }, 5_000);
      });
    },
    stop: () => watch.stop(),
  };
}
