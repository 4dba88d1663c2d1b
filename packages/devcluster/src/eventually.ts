// Polling for tests and start-up checks: the cluster is eventually consistent, so assertions about it wait.
export async function eventually<T>(
  description: string,
  probe: () => Promise<T | undefined | null | false>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${description}`, { cause: lastError });
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 200));
  }
}
