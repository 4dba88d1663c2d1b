// Kubernetes' name and value syntax checks (apimachinery util/validation), as far as the BroadcastJob decisions
// need them: label keys and values inside node affinity, DNS subdomains for generated pod names.

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function isDns1123Subdomain(value: string): boolean {
  return value.length <= 253 && DNS1123_SUBDOMAIN.test(value);
}

/** IsQualifiedName: optional DNS-subdomain prefix and "/", then a name of at most 63 characters. */
export function isQualifiedName(key: string): boolean {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  if (parts.length === 2 && !isDns1123Subdomain(parts[0] ?? '')) return false;
  const name = parts.at(-1) ?? '';
  return name.length > 0 && name.length <= 63 && QUALIFIED_NAME_PART.test(name);
}

export function isLabelValue(value: string): boolean {
  return value === '' || (value.length <= 63 && QUALIFIED_NAME_PART.test(value));
}

/** strconv.ParseInt(s, 10, 64); undefined where Go returns an error. */
export function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}
