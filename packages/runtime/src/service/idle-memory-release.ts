// Runs planIdleCollect() on the live event loop: every window, read the loop's utilisation and, when the plan
// says so, run a last-resort (memory-reducing) major GC and log what it returned. Needs `gc`, which the services'
// Node flags expose (deploy/src/services.ts: --expose-gc); without it the release stays off.
import { performance } from 'node:perf_hooks';
import type { Logger } from '@kruise-ts/telemetry';
import {
  IDLE_COLLECT_POLICY,
  type IdleCollectPolicy,
  planIdleCollect,
  startingIdleCollectState,
} from './idle-collect-plan.ts';

export interface IdleMemoryRelease {
  stop(): void;
}

const MIB = 1024 * 1024;

export function startIdleMemoryRelease(
  logger: Logger,
  policy: IdleCollectPolicy = IDLE_COLLECT_POLICY,
): IdleMemoryRelease | undefined {
  const gc = globalThis.gc;
  if (gc === undefined) {
    logger.info('memory is not returned after bursts: node runs without --expose-gc');
    return undefined;
  }
  let state = startingIdleCollectState(policy);
  let previous = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const window = performance.eventLoopUtilization(now, previous);
    previous = now;
    const decision = planIdleCollect(
      state,
      { utilization: window.utilization, activeMs: window.active, endedAt: performance.now() },
      policy,
    );
    state = decision.state;
    if (!decision.collect) return;
    const before = process.memoryUsage();
    const startedAt = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const after = process.memoryUsage();
    // The collection's own time belongs to no window: measure the next one from here.
    previous = performance.eventLoopUtilization();
    logger.info(
      {
        pauseMs: Math.round(performance.now() - startedAt),
        heapTotalMiB: [before.heapTotal, after.heapTotal].map((b) => Math.round(b / MIB)),
        rssMiB: [before.rss, after.rss].map((b) => Math.round(b / MIB)),
      },
      'returned memory after a burst',
    );
  }, policy.windowMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
