// Retrying with client-go's back-off (k8s.io/apimachinery/pkg/util/wait.Backoff and client-go/util/retry):
// run, and on a retriable error sleep duration×jitter, grow the duration by factor (up to cap), and try again,
// at most `steps` runs in all; the last retriable error is thrown when the steps run out.
import { trace } from '@opentelemetry/api';
import { type Clock, realClock, sleep } from '../clock.ts';
import { ConflictError } from './errors.ts';

export interface Backoff {
  /** First wait, in milliseconds. */
  durationMs: number;
  /** Multiplier applied to the wait after each step (0 or 1: constant). */
  factor: number;
  /** Each wait is lengthened by up to this fraction, at random. */
  jitter: number;
  /** Most runs in all. */
  steps: number;
  /** Longest wait before jitter; reaching it ends growth and makes this the last step. */
  capMs?: number;
}

/** client-go's retry.DefaultRetry, meant for conflicts: 5 runs, 10 ms apart (+10% jitter). */
export const DEFAULT_RETRY: Readonly<Backoff> = Object.freeze({
  steps: 5,
  durationMs: 10,
  factor: 1,
  jitter: 0.1,
});

/** client-go's retry.DefaultBackoff, for less contended errors: 4 runs, 10, 50, 250 ms apart (+10% jitter). */
export const DEFAULT_BACKOFF: Readonly<Backoff> = Object.freeze({
  steps: 4,
  durationMs: 10,
  factor: 5,
  jitter: 0.1,
});

export interface RetryOptions {
  backoff?: Backoff;
  clock?: Clock;
  /** Source of randomness for jitter, in [0, 1). */
  random?: () => number;
  signal?: AbortSignal;
}

/** The successive waits a back-off yields (wait.Backoff.Step). */
export function* backoffWaits(backoff: Backoff, random: () => number = Math.random): Generator<number> {
  let duration = backoff.durationMs;
  let steps = backoff.steps;
  while (steps > 1) {
    steps--;
    const wait = duration;
    if (backoff.factor !== 0) {
      duration *= backoff.factor;
      if (backoff.capMs !== undefined && backoff.capMs > 0 && duration > backoff.capMs) {
        duration = backoff.capMs;
        steps = 1;
      }
    }
    yield backoff.jitter > 0 ? wait + random() * backoff.jitter * wait : wait;
  }
}

/** Runs `fn`, retrying with back-off while `retriable(err)` holds (client-go retry.OnError). */
export async function retryOnError<T>(
  retriable: (err: unknown) => boolean,
  fn: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const clock = options.clock ?? realClock;
  const waits = backoffWaits(options.backoff ?? DEFAULT_BACKOFF, options.random);
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!retriable(err)) throw err;
      const next = waits.next();
      if (next.done) throw err;
      // Visible in the trace: a reconcile that fought over an object shows each lost round.
      trace.getActiveSpan()?.addEvent('retry', {
        'retry.attempt': attempt,
        'retry.wait_ms': Math.round(next.value),
        'error.type': err instanceof Error ? err.name : typeof err,
      });
      await sleep(clock, next.value, options.signal);
    }
  }
}

/**
 * Runs `fn` (which should re-read the object, change it and write it back) until it does not fail with a
 * ConflictError, with client-go's DefaultRetry back-off unless given another.
 */
export function retryOnConflict<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  return retryOnError((err) => err instanceof ConflictError, fn, {
    ...options,
    backoff: options.backoff ?? DEFAULT_RETRY,
  });
}
