// What validation needs to read from the cluster before it can decide, as pure functions of the admitted object:
// the pods newly named in a CloneSet's scaleStrategy.podsToDelete (pkg/webhook/cloneset/validating/validation.go
// validateScaleStrategy skips names already in the old object), the injection revision a SidecarSet pins
// (pkg/webhook/sidecarset/validating, GetHistorySidecarSet), and the patchPodMetadata whitelist of the
// kruise-configuration ConfigMap (pkg/util/configuration). The reads themselves are in cluster-reader.ts.
import type { FieldError, PatchPodMetadataWhitelist } from '@kruise-ts/api';

export const KRUISE_CONFIGURATION = 'kruise-configuration';
export const PATCH_POD_METADATA_WHITELIST_KEY = 'SidecarSet_PatchPodMetadata_WhiteList';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const podsToDeleteOf = (obj: unknown): string[] => {
  const spec = isObject(obj) && isObject(obj.spec) ? obj.spec : {};
  const names = isObject(spec.scaleStrategy) ? spec.scaleStrategy.podsToDelete : undefined;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
};

/**
 * The pod names to read for the podsToDelete checks: those not already listed in `old`, sorted, each once. None
 * when the list has duplicates (that error is reported alone, before any pod is read).
 */
export function podsToLookUp(obj: unknown, old: unknown): string[] {
  const names = podsToDeleteOf(obj);
  const unique = new Set(names);
  if (unique.size !== names.length) return [];
  const before = new Set(podsToDeleteOf(old));
  return [...unique].filter((n) => !before.has(n)).sort();
}

/** The injection revision a SidecarSet pins, when validation has to find it (either name set). */
export function pinnedInjectionRevision(
  obj: unknown,
): { revisionName?: string; customVersion?: string } | undefined {
  const spec = isObject(obj) && isObject(obj.spec) ? obj.spec : {};
  const strategy = isObject(spec.injectionStrategy) ? spec.injectionStrategy : {};
  const revision = isObject(strategy.revision) ? strategy.revision : undefined;
  if (revision === undefined) return undefined;
  const { revisionName, customVersion } = revision;
  if (typeof revisionName === 'string') return { revisionName };
  if (typeof customVersion === 'string') return { customVersion };
  return undefined;
}

/** Whether the SidecarSet patches pod metadata (only then is the whitelist read). */
export function patchesPodMetadata(obj: unknown): boolean {
  const spec = isObject(obj) && isObject(obj.spec) ? obj.spec : {};
  return Array.isArray(spec.patchPodMetadata) && spec.patchPodMetadata.length > 0;
}

export type WhitelistParse = { whitelist: PatchPodMetadataWhitelist | null } | { error: string };

/**
 * The whitelist from the ConfigMap's data (`undefined` when the ConfigMap does not exist): `null` when there is
 * no such key, as Kruise's GetSidecarSetPatchMetadataWhiteList. A value that is not the JSON Kruise reads, or an
 * expression that does not compile, is an error, which denies the SidecarSet as Kruise does.
 */
export function parsePatchPodMetadataWhitelist(
  data: Readonly<Record<string, string>> | undefined,
): WhitelistParse {
  const raw = data?.[PATCH_POD_METADATA_WHITELIST_KEY];
  if (raw === undefined) return { whitelist: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { error: `invalid ${PATCH_POD_METADATA_WHITELIST_KEY}: ${(err as Error).message}` };
  }
  // Go's json.Unmarshal of `null` leaves the struct empty: no rules.
  if (value === null) return { whitelist: { rules: [] } };
  if (!isObject(value)) return { error: `invalid ${PATCH_POD_METADATA_WHITELIST_KEY}: not a JSON object` };
  const rules: PatchPodMetadataWhitelist['rules'] = [];
  const rawRules = value.rules ?? [];
  if (!Array.isArray(rawRules))
    return { error: `invalid ${PATCH_POD_METADATA_WHITELIST_KEY}: rules is not a list` };
  for (const [i, rule] of rawRules.entries()) {
    if (!isObject(rule)) return { error: `invalid ${PATCH_POD_METADATA_WHITELIST_KEY}: rules[${i}]` };
    const exprs = rule.allowedAnnotationKeyExprs ?? [];
    if (!Array.isArray(exprs) || exprs.some((e) => typeof e !== 'string')) {
      return {
        error: `invalid ${PATCH_POD_METADATA_WHITELIST_KEY}: rules[${i}].allowedAnnotationKeyExprs is not a list of strings`,
      };
    }
    for (const expr of exprs as string[]) {
      try {
        new RegExp(expr);
      } catch (err) {
        return { error: `error parsing regexp ${JSON.stringify(expr)}: ${(err as Error).message}` };
      }
    }
    if (rule.selector !== undefined && rule.selector !== null && !isObject(rule.selector))
      return { error: `invalid ${PATCH_POD_METADATA_WHITELIST_KEY}: rules[${i}].selector` };
    rules.push({
      ...(isObject(rule.selector) ? { selector: rule.selector } : {}),
      allowedAnnotationKeyExprs: exprs as string[],
    });
  }
  return { whitelist: { rules } };
}

/** The denial Kruise gives when the whitelist cannot be read or parsed: a Required error on patchPodMetadata. */
export function whitelistFieldError(detail: string): FieldError {
  const path = 'spec.patchPodMetadata';
  return { type: 'FieldValueRequired', path, detail, message: `${path}: Required value: ${detail}` };
}
