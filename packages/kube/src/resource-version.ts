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

/**
 * A decimal of at most 19 digits without a leading zero: below 2^64, and ordered as numbers by length first, then
 * as text. Every resourceVersion etcd hands out is one, so comparisons need no BigInt (every cache event and
 * expectation check compares some).
 */
function isShortDecimal(s: string): boolean {
  const n = s.length;
  if (n === 0 || n > 19 || (n > 1 && s.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b`; undefined when either cannot be compared. */
export function compareResourceVersions(
  a: string | null | undefined,
  b: string | null | undefined,
): -1 | 0 | 1 | undefined {
  if (typeof a === 'string' && typeof b === 'string' && isShortDecimal(a) && isShortDecimal(b)) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
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
