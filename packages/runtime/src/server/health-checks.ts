// Named health checks evaluated the way Kubernetes components answer /healthz, /livez and /readyz: every check
// runs, `?exclude=name` skips one, and the body lists `[+]name ok` / `[-]name failed: reason` when verbose or
// when anything fails, so a failing probe says which check failed.

/**
 * Resolves when healthy; throws (or rejects) with the reason when not. A string it returns is a note on a
 * healthy state, listed on verbose probes (`[+]bus ok: disconnected, serving from the snapshot`).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: most checks are plain functions that return nothing
export type HealthCheck = () => void | string | Promise<void | string>;

export interface CheckReport {
  healthy: boolean;
  /** The plain-text body for the probe. */
  body: string;
  results: { name: string; ok: boolean; reason?: string; note?: string }[];
}

export interface EvaluateOptions {
  /** `healthz`, `livez` or `readyz`: names the endpoint in the summary line. */
  endpoint: string;
  verbose?: boolean;
  exclude?: readonly string[];
  timeoutMs?: number;
}

async function runCheck(
  check: HealthCheck,
  timeoutMs: number,
): Promise<{ reason: string } | { note: string | undefined }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      Promise.resolve().then(check),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { note: typeof result === 'string' && result !== '' ? result : undefined };
  } catch (err) {
    return { reason: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export async function evaluateChecks(
  checks: ReadonlyMap<string, HealthCheck>,
  options: EvaluateOptions,
): Promise<CheckReport> {
  const excluded = new Set(options.exclude ?? []);
  const entries = [...checks].filter(([name]) => !excluded.has(name));
  const results = await Promise.all(
    entries.map(async ([name, check]) => {
      const outcome = await runCheck(check, options.timeoutMs ?? 5000);
      if ('reason' in outcome) return { name, ok: false, reason: outcome.reason };
      return outcome.note === undefined ? { name, ok: true } : { name, ok: true, note: outcome.note };
    }),
  );
  const healthy = results.every((r) => r.ok);
  if (healthy && !options.verbose) return { healthy, body: 'ok', results };
  const lines = results.map((r) =>
    r.ok ? `[+]${r.name} ok${r.note === undefined ? '' : `: ${r.note}`}` : `[-]${r.name} failed: ${r.reason}`,
  );
  for (const name of excluded) if (checks.has(name)) lines.push(`[+]${name} excluded: ok`);
  const missing = [...excluded].filter((name) => !checks.has(name));
  if (missing.length > 0)
    lines.push(`warn: some health checks cannot be excluded: no matches for ${missing.join(',')}`);
  lines.push(healthy ? `${options.endpoint} check passed` : `${options.endpoint} check failed`);
  return { healthy, body: `${lines.join('\n')}\n`, results };
}
