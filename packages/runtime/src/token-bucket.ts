// A token bucket with golang.org/x/time/rate's reservation semantics, which client-go uses both for its
// client-side request throttle and for the work queue's overall rate limit: callers take a token now and are
// told how long to wait for it, so concurrent callers queue up fairly instead of polling.
import { type Clock, realClock } from './clock.ts';

export interface TokenBucketStats {
  /** Reservations made. */
  reservations: number;
  /** Reservations that had to wait for their token. */
  waited: number;
  /** Sum of the waits handed out, in milliseconds. */
  totalWaitMs: number;
  /** Longest wait handed out, in milliseconds. */
  maxWaitMs: number;
}

export class TokenBucket {
  readonly qps: number;
  readonly burst: number;
  readonly #clock: Clock;
  #tokens: number;
  #last: number;
  readonly #stats: TokenBucketStats = { reservations: 0, waited: 0, totalWaitMs: 0, maxWaitMs: 0 };

  /** `qps` of Infinity (or ≤ 0) disables limiting; `burst` is the bucket size and the initial fill. */
  constructor(qps: number, burst: number, clock: Clock = realClock) {
    if (!(burst >= 1) && Number.isFinite(qps) && qps > 0) {
      throw new Error(`token bucket burst must be at least 1, got ${burst}`);
    }
    this.qps = qps;
    this.burst = burst;
    this.#clock = clock;
    this.#tokens = burst;
    this.#last = clock.now();
  }

  get unlimited(): boolean {
    return !Number.isFinite(this.qps) || this.qps <= 0;
  }

  /** Tokens available now (negative when callers are already queued for future tokens). */
  tokens(): number {
    this.#advance();
    return this.#tokens;
  }

  /** Takes one token and returns how many milliseconds the caller must wait before using it (0: go now). */
  reserve(): number {
    this.#stats.reservations++;
    if (this.unlimited) return 0;
    this.#advance();
    this.#tokens -= 1;
    if (this.#tokens >= 0) return 0;
    const wait = (-this.#tokens / this.qps) * 1000;
    this.#stats.waited++;
    this.#stats.totalWaitMs += wait;
    this.#stats.maxWaitMs = Math.max(this.#stats.maxWaitMs, wait);
    return wait;
  }

  /** Takes a token only if one is available now. */
  tryTake(): boolean {
    if (this.unlimited) return true;
    this.#advance();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    this.#stats.reservations++;
    return true;
  }

  stats(): TokenBucketStats {
    return { ...this.#stats };
  }

  #advance(): void {
    const now = this.#clock.now();
    const elapsed = Math.max(0, now - this.#last);
    this.#last = now;
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed / 1000) * this.qps);
  }
}
