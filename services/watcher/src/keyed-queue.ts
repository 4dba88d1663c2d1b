// Runs publish tasks with bounded concurrency while keeping each object's tasks in the order they were pushed:
// consumers must see an object's changes in order, but different objects need not wait for each other.

export interface KeyedQueueOptions {
  /** Tasks running at once, across keys. */
  concurrency: number;
  /** Pending tasks (queued or running) beyond which waitForCapacity() blocks the producer. */
  capacity: number;
  /** A task that rejected; tasks are expected to handle their own failures, so this is a last resort. */
  onError?(key: string, error: unknown): void;
}

interface Entry {
  seq: number;
  task: () => Promise<void>;
}

interface FlushWaiter {
  upTo: number;
  resolve: () => void;
}

export class KeyedQueue {
  readonly #options: KeyedQueueOptions;
  readonly #byKey = new Map<string, Entry[]>();
  /** Keys with queued tasks and none running, in the order they became ready. */
  readonly #ready = new Set<string>();
  readonly #running = new Set<string>();
  /** Unfinished task sequence numbers, in push order (a Set iterates in insertion order). */
  readonly #unfinished = new Set<number>();
  #nextSeq = 0;
  #flushWaiters: FlushWaiter[] = [];
  #capacityWaiters: (() => void)[] = [];

  constructor(options: KeyedQueueOptions) {
    if (options.concurrency < 1 || options.capacity < 1)
      throw new Error('concurrency and capacity must be ≥ 1');
    this.#options = options;
  }

  /** Tasks pushed and not finished yet. */
  get size(): number {
    return this.#unfinished.size;
  }

  push(key: string, task: () => Promise<void>): void {
    const entry = { seq: this.#nextSeq++, task };
    this.#unfinished.add(entry.seq);
    const queue = this.#byKey.get(key);
    if (queue === undefined) this.#byKey.set(key, [entry]);
    else queue.push(entry);
    if (!this.#running.has(key)) this.#ready.add(key);
    this.#pump();
  }

  /** Fewer than `capacity` tasks are pending: a producer may push without waiting. */
  hasCapacity(): boolean {
    return this.#unfinished.size < this.#options.capacity;
  }

  /** Resolves once fewer than `capacity` tasks are pending. */
  waitForCapacity(): Promise<void> {
    if (this.hasCapacity()) return Promise.resolve();
    return new Promise((resolve) => this.#capacityWaiters.push(resolve));
  }

  /** Resolves when every task pushed before this call has finished. */
  flush(): Promise<void> {
    const upTo = this.#nextSeq - 1;
    if (this.#oldestUnfinished() > upTo) return Promise.resolve();
    return new Promise((resolve) => this.#flushWaiters.push({ upTo, resolve }));
  }

  #oldestUnfinished(): number {
    const first = this.#unfinished.values().next();
    return first.done ? Number.POSITIVE_INFINITY : first.value;
  }

  #pump(): void {
    while (this.#running.size < this.#options.concurrency && this.#ready.size > 0) {
      const key = this.#ready.values().next().value as string;
      this.#ready.delete(key);
      const queue = this.#byKey.get(key);
      const entry = queue?.shift();
      if (entry === undefined) continue;
      if (queue?.length === 0) this.#byKey.delete(key);
      this.#running.add(key);
      void this.#run(key, entry);
    }
  }

  async #run(key: string, entry: Entry): Promise<void> {
    try {
      await entry.task();
    } catch (err) {
      this.#options.onError?.(key, err);
    }
    this.#running.delete(key);
    this.#unfinished.delete(entry.seq);
    if (this.#byKey.has(key)) this.#ready.add(key);
    this.#settleWaiters();
    this.#pump();
  }

  #settleWaiters(): void {
    if (this.#unfinished.size < this.#options.capacity && this.#capacityWaiters.length > 0) {
      const waiters = this.#capacityWaiters;
      this.#capacityWaiters = [];
      for (const resolve of waiters) resolve();
    }
    if (this.#flushWaiters.length > 0) {
      const oldest = this.#oldestUnfinished();
      const still: FlushWaiter[] = [];
      for (const waiter of this.#flushWaiters) {
        if (oldest > waiter.upTo) waiter.resolve();
        else still.push(waiter);
      }
      this.#flushWaiters = still;
    }
  }
}
