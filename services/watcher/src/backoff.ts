// Exponential back-off with jitter for retrying the apiserver and the bus, and a sleep that a stop or a
// wake-up can cut short.

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** Growth per failure. Default 2. */
  factor?: number;
  /** Up to this fraction of each delay is added at random, so replicas do not retry in lockstep. Default 0.2. */
  jitter?: number;
}

export class Backoff {
  readonly #options: Required<BackoffOptions>;
  readonly #random: () => number;
  #attempt = 0;

  constructor(options: BackoffOptions, random: () => number = Math.random) {
    this.#options = { factor: 2, jitter: 0.2, ...options };
    this.#random = random;
  }

  /** The delay before the next attempt; each call counts one more failure. */
  next(): number {
    const { initialMs, maxMs, factor, jitter } = this.#options;
    const base = Math.min(maxMs, initialMs * factor ** this.#attempt);
    this.#attempt++;
    return Math.round(Math.min(maxMs, base * (1 + jitter * this.#random())));
  }

  reset(): void {
    this.#attempt = 0;
  }
}

/** Waits `ms`; resolves early (to false) when any signal aborts, else true. */
export function sleep(ms: number, ...signals: (AbortSignal | undefined)[]): Promise<boolean> {
  const active = signals.filter((s): s is AbortSignal => s !== undefined);
  if (active.some((s) => s.aborted)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (completed: boolean) => {
      clearTimeout(timer);
      for (const s of active) s.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    for (const s of active) s.addEventListener('abort', onAbort, { once: true });
  });
}
