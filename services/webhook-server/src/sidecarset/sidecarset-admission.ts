// What the SidecarSet webhooks add to @kruise-ts/api's defaulting and validation: the hash annotations Kruise's
// mutating webhook writes (docs/behaviour/sidecarset.md#defaults), and the refusal of HotUpgrade sidecars, which kruise-ts does not
// implement (the in-place "two slots" upgrade of docs/behaviour/sidecarset.md#hot-upgrade).
import type { FieldError } from '@kruise-ts/api';
import { type SidecarSet, sidecarSetHashAnnotations } from '@kruise-ts/sidecarset';

/** Writes (overwrites) kruise.io/sidecarset-hash and -hash-without-image on a defaulted SidecarSet. */
export function withSidecarSetHashes<T extends { metadata?: SidecarSet['metadata']; spec: object }>(
  obj: T,
): T {
  const hashes = sidecarSetHashAnnotations(obj as unknown as SidecarSet);
  obj.metadata = { ...obj.metadata, annotations: { ...obj.metadata?.annotations, ...hashes } };
  return obj;
}

export const HOT_UPGRADE_UNSUPPORTED =
  'kruise-ts does not support HotUpgrade sidecars (hot-upgrade slots -1/-2 and the empty-image flip); use ColdUpgrade';

/** A FieldValueNotSupported error per container asking for HotUpgrade. */
export function hotUpgradeErrors(obj: {
  spec?: Pick<SidecarSet['spec'], 'containers' | 'initContainers'>;
}): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['initContainers', 'containers'] as const) {
    for (const [i, c] of (obj.spec?.[field] ?? []).entries()) {
      if (c.upgradeStrategy?.upgradeType !== 'HotUpgrade') continue;
      const path = `spec.${field}[${i}].upgradeStrategy.upgradeType`;
      errors.push({
        type: 'FieldValueNotSupported',
        path,
        value: 'HotUpgrade',
        detail: `supported values: "ColdUpgrade"; ${HOT_UPGRADE_UNSUPPORTED}`,
        message: `${path}: Unsupported value: "HotUpgrade": supported values: "ColdUpgrade"; ${HOT_UPGRADE_UNSUPPORTED}`,
      });
    }
  }
  return errors;
}
