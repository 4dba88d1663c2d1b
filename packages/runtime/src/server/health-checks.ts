// Named health checks evaluated the way Kubernetes components answer /healthz, /livez and /readyz: every check
// runs, `?exclude=name` skips one, and the body lists `[+]name ok` / `[-]name failed: reason` when verbose or
// when anything fails, so a failing probe says which check failed.

/** Resolves when healthy; throws (or rejects) with the reason when not. */
export type HealthCheck = () => void | Promise<void>;

export interface CheckReport {
  healthy: boolean;
  /** The plain-text body for the probe. */
  body: string;
  results: { name: string; ok: boolean; reason?: string }[];
}

export interface EvaluateOptions {
  /** `healthz`, `livez` or `readyz`: names the endpoint in the summary line. */
  endpoint: string;
  verbose?: boolean;
  exclude?: readonly string[];
  timeoutMs?: number;
}

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
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
      const reason = await runCheck(check, options.timeoutMs ?? 5000);
      return reason === undefined ? { name, ok: true } : { name, ok: false, reason };
    }),
  );
  const healthy = results.every((r) => r.ok);
  if (healthy && !options.verbose) return { healthy, body: 'ok', results };
  const lines = results.map((r) => (r.ok ? `[+]${r.name} ok` : `[-]${r.name} failed: ${r.reason}`));
  for (const name of excluded) if (checks.has(name)) lines.push(`[+]${name} excluded: ok`);
  const missing = [...excluded].filter((name) => !checks.has(name));
  if (missing.length > 0)
    lines.push(`warn: some health checks cannot be excluded: no matches for ${missing.join(',')}`);
  lines.push(healthy ? `${options.endpoint} check passed` : `${options.endpoint} check failed`);
  return { healthy, body: `${lines.join('\n')}\n`, results };
}
