// Kruise's heuristic for "could two label selectors match the same object" (pkg/util/selector.go
// IsSelectorOverlapping), used by SidecarSet conflict checks. It is deliberately coarse; see docs/behaviour/sidecarset.md#validation.
import type { LabelSelector } from '../schema/meta.ts';

function isDisjoint(a: LabelSelector, b: LabelSelector): boolean {
  const matched = new Map<string, string[]>();
  for (const [key, value] of Object.entries(a.matchLabels ?? {})) matched.set(key, [value]);
  for (const req of a.matchExpressions ?? []) {
    if (req.operator === 'In') matched.set(req.key, [...(matched.get(req.key) ?? []), ...(req.values ?? [])]);
    else if (req.operator === 'Exists') matched.set(req.key, ['ALL']);
  }
  for (const [key, value] of Object.entries(b.matchLabels ?? {})) {
    const values = matched.get(key);
    if (values && !values.includes('ALL') && !values.includes(value)) return true;
  }
  for (const req of b.matchExpressions ?? []) {
    const values = matched.get(req.key);
    const reqValues = req.values ?? [];
    switch (req.operator) {
      case 'In':
        if (values && !values.includes('ALL') && !values.some((v) => reqValues.includes(v))) return true;
        break;
      case 'NotIn':
        if (values?.every((v) => reqValues.includes(v))) return true;
        break;
      case 'Exists':
        if (!values) return true;
        break;
      case 'DoesNotExist':
        if (values) return true;
        break;
    }
  }
  return false;
}

export function isSelectorOverlapping(a: LabelSelector | undefined, b: LabelSelector | undefined): boolean {
  const x = a ?? {};
  const y = b ?? {};
  return !(isDisjoint(x, y) || isDisjoint(y, x));
}
