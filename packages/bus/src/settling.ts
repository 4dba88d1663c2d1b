// Right after a replicated (R3) stream or KV bucket is created, the servers other than its leader may not know
// its subjects yet: a publish through them gets "no responders" for a moment. Such a publish is retried,
// bounded; any other error, or one that outlasts the window, is the caller's.
export interface SettlingOptions {
  /** Default 30. */
  attempts?: number;
  /** Default 100 ms between attempts. */
  delayMs?: number;
}

export function isNoResponders(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (/no responders/i.test(e.message)) return true;
  }
  return false;
}

export async function retryWhileSettling<T>(
  work: () => Promise<T>,
  options: SettlingOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 30;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isNoResponders(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 100));
    }
  }
}
