// What a running contender offers the benchmark: its processes (whose CPU and memory are counted), how to
// stop it, and what the report should say about how it ran.
import type { NamedPid } from './proc.ts';

export interface RunningContender {
  name: string;
  /** The processes counted as the contender, by name (current pids: a restart changes them). */
  pids(): NamedPid[];
  notCounted: string[];
  notes: string[];
  stop(): Promise<void>;
  /**
   * V8 heap used and committed (MiB) of the processes that report it, to tell memory a service holds from
   * memory V8 has not handed back; undefined when the contender has no such reading.
   */
  heapMiB?(): Promise<Record<string, HeapMiB>>;
  /**
   * Reconciles the workload's controller has finished so far (controller_runtime_reconcile_total, every result),
   * summed over its processes; a phase's count is the difference. How often each contender looks at the
   * workload for the same pod changes. Undefined when a process did not answer.
   */
  reconciles(): Promise<number | undefined>;
  /** Object changes its watcher has published and coalesced so far (kruise-ts only); a phase's is the difference. */
  busEvents?(): Promise<BusEvents | undefined>;
}

export interface BusEvents {
  published: number;
  coalesced: number;
}

export interface HeapMiB {
  used: number;
  committed: number;
}
