// Go's strconv integer syntax, as node affinity's Gt/Lt read label values (the name and label checks are
// @kruise-ts/kube's).

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** strconv.ParseInt(s, 10, 64); undefined where Go returns an error. */
export function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}
