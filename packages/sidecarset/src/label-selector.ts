// metav1.LabelSelector evaluation as LabelSelectorAsSelector + Matches: every matchLabels pair and every
// requirement must hold. A nil selector matches nothing; an empty one matches everything (callers that need
// "non-empty" check isEmptySelector themselves, as Kruise does).
import type { LabelSelector } from '@kruise-ts/api';

export class InvalidSelectorError extends Error {
  override name = 'InvalidSelectorError';
}

export function isEmptySelector(selector: LabelSelector | undefined): boolean {
  return (
    selector !== undefined &&
    Object.keys(selector.matchLabels ?? {}).length === 0 &&
    (selector.matchExpressions ?? []).length === 0
  );
}

/** Throws InvalidSelectorError for an operator or value list Kubernetes would refuse. */
export function selectorMatches(
  selector: LabelSelector | undefined,
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  if (selector === undefined || selector === null) return false;
  const set = labels ?? {};
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (set[key] !== value) return false;
  }
  for (const req of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(set, req.key);
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In':
        if (values.length === 0) throw new InvalidSelectorError(`${req.key}: In needs values`);
        if (!has || !values.includes(set[req.key] as string)) return false;
        break;
      case 'NotIn':
        if (values.length === 0) throw new InvalidSelectorError(`${req.key}: NotIn needs values`);
        if (has && values.includes(set[req.key] as string)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        throw new InvalidSelectorError(`${req.key}: ${JSON.stringify(req.operator)} is not a valid operator`);
    }
  }
  return true;
}
