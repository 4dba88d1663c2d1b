// Test helpers: let every pending promise settle (microtasks drain before setImmediate runs), and deferreds.
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A deterministic PRNG (mulberry32) for randomised but reproducible schedules. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A span context as a bus message would carry it. */
export function spanContext(n: number): {
  traceId: string;
  spanId: string;
  traceFlags: number;
  isRemote: boolean;
} {
  return {
    traceId: n.toString(16).padStart(32, 'a'),
    spanId: n.toString(16).padStart(16, 'b'),
    traceFlags: 1,
    isRemote: true,
  };
}
