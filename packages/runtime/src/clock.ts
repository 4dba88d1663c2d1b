// Time as a dependency: everything that waits (queue delays, back-off, rate limits, shutdown deadlines) asks a
// Clock, so unit tests drive time with FakeClock instead of sleeping and stay deterministic on a busy machine.

export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch (or any fixed origin; only differences matter). */
  now(): number;
  /**
   * Calls `fn` after `ms`. `unref` timers do not keep the process alive (for background requeues, which must
   * not hold a process that is otherwise done).
   */
  setTimer(fn: () => void, ms: number, options?: { unref?: boolean }): Timer;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms, options) {
    const handle = setTimeout(fn, Math.max(0, ms));
    if (options?.unref) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Resolves after `ms` on `clock`; rejects with the signal's reason if aborted first. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 && signal === undefined) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      timer.cancel();
      reject(signal?.reason);
    };
    const timer = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface FakeTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** A clock that only moves when told to; timers fire in time order (ties in creation order) during `advance`. */
export class FakeClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: FakeTimer[] = [];

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(fn: () => void, ms: number): Timer {
    const timer: FakeTimer = { at: this.#now + Math.max(0, ms), seq: this.#seq++, fn, cancelled: false };
    this.#timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Timers not yet fired nor cancelled. */
  pendingTimers(): number {
    return this.#timers.filter((t) => !t.cancelled).length;
  }

  /** When the next live timer fires, if any. */
  nextTimerAt(): number | undefined {
    const next = this.#next();
    return next?.at;
  }

  /** Moves time forward by `ms`, firing every timer that comes due, including ones set by fired timers. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const next = this.#next();
      if (next === undefined || next.at > until) break;
      this.#timers.splice(this.#timers.indexOf(next), 1);
      this.#now = Math.max(this.#now, next.at);
      next.fn();
    }
    this.#now = until;
  }

  #next(): FakeTimer | undefined {
    this.#timers = this.#timers.filter((t) => !t.cancelled);
    let best: FakeTimer | undefined;
    for (const t of this.#timers) {
      if (best === undefined || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    }
    return best;
  }
}
