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
   * The contender's running counters, read in one scrape of each process's /metrics; a phase's figures are the
   * differences. Undefined when a process did not answer.
   */
  counters(): Promise<ContenderCounters | undefined>;
}

export interface ContenderCounters {
  /**
   * Reconciles the workload's controller has finished (controller_runtime_reconcile_total, every result),
   * summed over its processes: how often each contender looks at the workload for the same pod changes.
   */
  reconciles: number;
  /** Object changes its watcher has published and coalesced (kruise-ts only). */
  busEvents?: BusEvents;
}

export interface BusEvents {
  published: number;
  coalesced: number;
}

export interface HeapMiB {
  used: number;
  committed: number;
}
