// Copying helper for the per-kind mappings.

/** Copies the listed keys that are set. */
export function pick<T extends object, K extends keyof T>(
  obj: T | undefined,
  keys: readonly K[],
): Pick<T, K> {
  const out = {} as Pick<T, K>;
  if (!obj) return out;
  for (const key of keys) {
    if (obj[key] !== undefined) out[key] = structuredClone(obj[key]);
  }
  return out;
}
