// apimachinery's util/validation syntax checks as booleans, for the places that only need to know whether a
// key or value is acceptable (selector conversion, node affinity, generated names). The validating webhook's
// checks with Kubernetes' error messages live in @kruise-ts/api.

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

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

/** IsValidLabelValue: empty, or at most 63 characters of the qualified-name alphabet. */
export function isLabelValue(value: string): boolean {
  return value === '' || (value.length <= 63 && QUALIFIED_NAME_PART.test(value));
}
