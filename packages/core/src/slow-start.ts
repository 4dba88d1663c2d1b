// Batched creation (Kruise's DoItSlowly, used by CloneSet and BroadcastJob): batches of 1, 2, 4, … (capped by
// what is left) run concurrently; the first batch with a failure ends the run, so a broken template costs one
// call, not hundreds.

export const INITIAL_CREATE_BATCH_SIZE = 1;

/** The batch sizes a fully successful run of `count` calls goes through: 7 ⇒ [1, 2, 4]. */
export function slowStartBatchSizes(count: number, initialBatchSize = INITIAL_CREATE_BATCH_SIZE): number[] {
  const sizes: number[] = [];
  let remaining = count;
  for (let size = Math.min(remaining, initialBatchSize); size > 0; size = Math.min(2 * size, remaining)) {
    sizes.push(size);
    remaining -= size;
  }
  return sizes;
}

export interface SlowStartResult {
  /** Calls that succeeded. */
  successes: number;
  /** Calls made (successes plus failures of the last batch). */
  attempted: number;
  /** The first error, if a batch failed. */
  error?: unknown;
}

/**
 * Runs `fn` `count` times in slow-start batches; each call gets its index (0-based, in batch order). Stops after
 * the first batch in which any call rejected.
 */
export async function doItSlowly(
  count: number,
  fn: (index: number) => Promise<void>,
  initialBatchSize = INITIAL_CREATE_BATCH_SIZE,
): Promise<SlowStartResult> {
  let successes = 0;
  let attempted = 0;
  for (const size of slowStartBatchSizes(count, initialBatchSize)) {
    const start = attempted;
    const results = await Promise.allSettled(Array.from({ length: size }, (_, i) => fn(start + i)));
    attempted += size;
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    successes += results.filter((r) => r.status === 'fulfilled').length;
    if (failed !== undefined) return { successes, attempted, error: failed.reason };
  }
  return { successes, attempted };
}
