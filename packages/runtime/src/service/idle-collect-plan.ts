// When a service that has just been busy gives its memory back (docs/adr/0037-memory-returned-after-a-burst.md).
// V8 keeps the heap it grew during a burst (a 500-pod rollout leaves cloneset-controller with ~40 MiB of old
// space committed around ~11 MiB of live objects, and more in pooled pages); an ordinary major GC frees the
// objects but keeps the pages. A "last-resort" collection compacts and returns them, at the cost of one pause
// of tens of milliseconds, so it runs only once the process has gone quiet after real work. Pure: the caller
// measures the event loop and runs the collection.

export interface IdleCollectPolicy {
  /** Length of one measured window of the event loop (ms). */
  windowMs: number;
  /** A window whose event-loop utilisation is below this is idle. */
  idleBelow: number;
  /** Event-loop busy time, summed over busy windows since the last collection, that makes one worth it (ms). */
  minBusyMs: number;
  /** Never two collections closer than this (ms): a service busy in short bursts pauses at most this often. */
  minIntervalMs: number;
}

export const IDLE_COLLECT_POLICY: IdleCollectPolicy = {
  windowMs: 5_000,
  idleBelow: 0.02,
  minBusyMs: 2_000,
  minIntervalMs: 60_000,
};

export interface IdleCollectState {
  /** Busy time of the busy windows since the last collection (ms). */
  busyMs: number;
  /** Monotonic time of the last collection, undefined before the first. */
  lastCollectAt: number | undefined;
}

/**
 * A process starts as if after a burst: loading its modules and syncing its caches leave garbage and grown pages
 * (its first quiet window returns 3–5 MiB of RSS per service), and module evaluation runs before the event loop
 * does, so its utilisation never shows that work.
 */
export function startingIdleCollectState(policy: IdleCollectPolicy = IDLE_COLLECT_POLICY): IdleCollectState {
  return { busyMs: policy.minBusyMs, lastCollectAt: undefined };
}

/** One window of the event loop, as `performance.eventLoopUtilization()` reports it between two readings. */
export interface LoopWindow {
  utilization: number;
  /** Time the loop spent running code in the window (ms). */
  activeMs: number;
  /** Monotonic time at the end of the window (ms). */
  endedAt: number;
}

export interface IdleCollectDecision {
  collect: boolean;
  state: IdleCollectState;
}

export function planIdleCollect(
  state: IdleCollectState,
  window: LoopWindow,
  policy: IdleCollectPolicy = IDLE_COLLECT_POLICY,
): IdleCollectDecision {
  if (window.utilization >= policy.idleBelow) {
    // Busy: count the work. An idle service's own ticks (lease beats, metrics) never add up to a collection.
    return { collect: false, state: { ...state, busyMs: state.busyMs + window.activeMs } };
  }
  const spacedOut =
    state.lastCollectAt === undefined || window.endedAt - state.lastCollectAt >= policy.minIntervalMs;
  if (state.busyMs >= policy.minBusyMs && spacedOut) {
    return { collect: true, state: { busyMs: 0, lastCollectAt: window.endedAt } };
  }
  return { collect: false, state };
}
