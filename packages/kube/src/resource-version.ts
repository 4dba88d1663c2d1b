// resourceVersions are opaque to clients in general, but this project's apiserver stores etcd revisions, so they
// compare as unsigned 64-bit integers. Anything else (empty, not decimal, out of range) cannot be compared.

const UINT64_MAX = 2n ** 64n - 1n;

/** The resourceVersion as an integer, or undefined when it is not a decimal uint64. */
export function parseResourceVersion(resourceVersion: string | null | undefined): bigint | undefined {
  if (resourceVersion === null || resourceVersion === undefined || !/^\d{1,20}$/.test(resourceVersion)) {
    return undefined;
  }
  const n = BigInt(resourceVersion);
  return n > UINT64_MAX ? undefined : n;
}

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b`; undefined when either cannot be compared. */
export function compareResourceVersions(
  a: string | null | undefined,
  b: string | null | undefined,
): -1 | 0 | 1 | undefined {
  const x = parseResourceVersion(a);
  const y = parseResourceVersion(b);
  if (x === undefined || y === undefined) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Whether `next` counts as at least `prev`. An empty or non-numeric `prev` accepts anything; a non-numeric `next`
 * never satisfies a numeric `prev`.
 */
export function isResourceVersionAtLeast(prev: string, next: string): boolean {
  if (parseResourceVersion(prev) === undefined) return true;
  const c = compareResourceVersions(next, prev);
  return c !== undefined && c >= 0;
}

/** Whether `candidate` is known to be older than `held`; unparsable versions never count as older. */
export function isResourceVersionOlder(candidate: string, held: string): boolean {
  return compareResourceVersions(candidate, held) === -1;
}
