// Kubernetes metav1.LabelSelector semantics: matching a label set and the canonical string form that Kruise writes
// to status.labelSelector (requirements sorted by key, In/NotIn values sorted). Shared by the workload
// controllers (claiming pods, status.labelSelector, update priorities).

import { compareGoStrings } from './go-json.ts';

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export class LabelSelectorError extends Error {
  override name = 'LabelSelectorError';
}

interface Requirement {
  key: string;
  op: 'Equals' | 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values: string[];
}

function requirements(selector: LabelSelector): Requirement[] {
  const reqs: Requirement[] = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    reqs.push({ key, op: 'Equals', values: [value] });
  }
  for (const expr of selector.matchExpressions ?? []) {
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0)
          throw new LabelSelectorError(`${expr.operator} requires values for key ${expr.key}`);
        reqs.push({ key: expr.key, op: expr.operator, values: [...values] });
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0)
          throw new LabelSelectorError(`${expr.operator} takes no values for key ${expr.key}`);
        reqs.push({ key: expr.key, op: expr.operator, values: [] });
        break;
      default:
        throw new LabelSelectorError(
          `${JSON.stringify(expr.operator)} is not a valid label selector operator`,
        );
    }
  }
  // Stable by key, as labels.Selector keeps them.
  return reqs.sort((a, b) => compareGoStrings(a.key, b.key));
}

function matchesRequirement(r: Requirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, r.key);
  const value = labels[r.key];
  switch (r.op) {
    case 'Equals':
    case 'In':
      return has && r.values.includes(value as string);
    case 'NotIn':
      return !has || !r.values.includes(value as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

/**
 * Whether the labels match. An empty selector matches everything; an absent one (undefined) matches nothing,
 * as metav1.LabelSelectorAsSelector. Throws LabelSelectorError for an invalid selector.
 */
export function selectorMatches(
  selector: LabelSelector | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  if (selector === undefined) return false;
  return requirements(selector).every((r) => matchesRequirement(r, labels ?? {}));
}

/** selector.String(): "app=cs,tier in (a,b),!legacy". Empty for an empty (or absent) selector. */
export function selectorString(selector: LabelSelector | undefined): string {
  if (selector === undefined) return '';
  return requirements(selector).map(requirementString).join(',');
}

function requirementString(r: Requirement): string {
  const values = [...r.values].sort(compareGoStrings).join(',');
  switch (r.op) {
    case 'Equals':
      return `${r.key}=${values}`;
    case 'In':
      return `${r.key} in (${values})`;
    case 'NotIn':
      return `${r.key} notin (${values})`;
    case 'Exists':
      return r.key;
    case 'DoesNotExist':
      return `!${r.key}`;
  }
}
