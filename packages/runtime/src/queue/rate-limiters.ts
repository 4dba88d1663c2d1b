// Per-key requeue delays with client-go's semantics (k8s.io/client-go/util/workqueue/default_rate_limiters.go).
import { type Clock, realClock } from '../clock.ts';
import { TokenBucket } from '../token-bucket.ts';

export interface RateLimiter<K = string> {
  /** How long to wait before handing `key` out again; each call counts as one more failure. */
  when(key: K): number;
  /** Clears the key's failure history (it succeeded or is no longer tracked). */
  forget(key: K): void;
  /** Failures recorded for the key since it was last forgotten. */
  numRequeues(key: K): number;
}

/** base × 2^failures, capped at max: a failing key backs off without slowing any other key. */
export class ItemExponentialFailureRateLimiter<K = string> implements RateLimiter<K> {
  readonly #failures = new Map<K, number>();
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;

  constructor(baseDelayMs: number, maxDelayMs: number) {
    this.baseDelayMs = baseDelayMs;
    this.maxDelayMs = maxDelayMs;
  }

  when(key: K): number {
    const exp = this.#failures.get(key) ?? 0;
    this.#failures.set(key, exp + 1);
    const backoff = this.baseDelayMs * 2 ** exp;
    return !Number.isFinite(backoff) || backoff > this.maxDelayMs ? this.maxDelayMs : backoff;
  }

  forget(key: K): void {
    this.#failures.delete(key);
  }

  numRequeues(key: K): number {
    return this.#failures.get(key) ?? 0;
  }
}

/** One token bucket for all keys: bounds the overall retry rate, whatever the keys. */
export class BucketRateLimiter<K = string> implements RateLimiter<K> {
  readonly bucket: TokenBucket;

  constructor(bucket: TokenBucket) {
    this.bucket = bucket;
  }

  when(_key: K): number {
    return this.bucket.reserve();
  }

  forget(_key: K): void {}

  numRequeues(_key: K): number {
    return 0;
  }
}

/** The longest delay any of the limiters asks for; every limiter sees every call. */
export class MaxOfRateLimiter<K = string> implements RateLimiter<K> {
  readonly #limiters: RateLimiter<K>[];

  constructor(...limiters: RateLimiter<K>[]) {
    this.#limiters = limiters;
  }

  when(key: K): number {
    let max = 0;
    for (const limiter of this.#limiters) max = Math.max(max, limiter.when(key));
    return max;
  }

  forget(key: K): void {
    for (const limiter of this.#limiters) limiter.forget(key);
  }

  numRequeues(key: K): number {
    let max = 0;
    for (const limiter of this.#limiters) max = Math.max(max, limiter.numRequeues(key));
    return max;
  }
}

export interface ControllerRateLimiterOptions {
  /** First per-key back-off; client-go: 5 ms. */
  baseDelayMs?: number;
  /** Per-key back-off cap; client-go: 1000 s. */
  maxDelayMs?: number;
  /** Overall retry rate; client-go: 10 per second. */
  qps?: number;
  /** Overall burst; client-go: 100. */
  burst?: number;
  clock?: Clock;
}

/** client-go's DefaultControllerRateLimiter: max(per-key exponential back-off, overall token bucket). */
export function defaultControllerRateLimiter<K = string>(
  options: ControllerRateLimiterOptions = {},
): RateLimiter<K> {
  return new MaxOfRateLimiter<K>(
    new ItemExponentialFailureRateLimiter<K>(options.baseDelayMs ?? 5, options.maxDelayMs ?? 1_000_000),
    new BucketRateLimiter<K>(
      new TokenBucket(options.qps ?? 10, options.burst ?? 100, options.clock ?? realClock),
    ),
  );
}
