// metav1.LabelSelector with apimachinery's semantics (metav1.LabelSelectorAsSelector + labels.Selector):
// a nil selector selects nothing, an empty one everything; an unknown operator, In/NotIn without values,
// Exists/DoesNotExist with values or an invalid label key or value is an error at conversion, never a silent
// false; NotIn and DoesNotExist hold when the key is absent. Requirements are kept sorted by key, which fixes
// the String() form Kruise writes to status.labelSelector.

import { isLabelValue, isQualifiedName } from './names.ts';

export interface LabelSelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[] | undefined;
}

export interface LabelSelector {
  readonly matchLabels?: Readonly<Record<string, string>> | undefined;
  readonly matchExpressions?: readonly LabelSelectorRequirement[] | undefined;
}

export type Labels = Readonly<Record<string, string>>;

export type SelectorOperator = 'Equals' | 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface Requirement {
  readonly key: string;
  readonly operator: SelectorOperator;
  /** Sorted. */
  readonly values: readonly string[];
}

/** A converted selector: labels.Selector. */
export interface Selector {
  matches(labels: Labels | undefined): boolean;
  /** True only for labels.Everything() (an empty, non-nil selector). */
  empty(): boolean;
  /** labels.Selector.String(): "app=cs,tier in (a,b),!legacy"; "" for Everything and Nothing. */
  toString(): string;
  readonly requirements: readonly Requirement[];
}

export class LabelSelectorError extends Error {
  override name = 'LabelSelectorError';
}

const nothing: Selector = {
  matches: () => false,
  empty: () => false,
  toString: () => '',
  requirements: [],
};

const everything: Selector = {
  matches: () => true,
  empty: () => true,
  toString: () => '',
  requirements: [],
};

function byKey(a: Requirement, b: Requirement): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

// labels.NewRequirement: the checks, with apimachinery's messages.
function requirement(key: string, operator: string, values: readonly string[]): Requirement {
  if (!isQualifiedName(key)) throw new LabelSelectorError(`invalid label key ${JSON.stringify(key)}`);
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0)
        throw new LabelSelectorError("for 'in', 'notin' operators, values set can't be empty");
      break;
    case 'Equals':
      if (values.length !== 1)
        throw new LabelSelectorError('exact-match compatibility requires one single value');
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length !== 0)
        throw new LabelSelectorError('values set must be empty for exists and does not exist');
      break;
    default:
      throw new LabelSelectorError(`${JSON.stringify(operator)} is not a valid label selector operator`);
  }
  for (const v of values) {
    if (!isLabelValue(v)) throw new LabelSelectorError(`invalid label value: ${JSON.stringify(v)}`);
  }
  return { key, operator, values: [...values].sort() };
}

function matchesRequirement(r: Requirement, labels: Labels): boolean {
  const has = Object.hasOwn(labels, r.key);
  switch (r.operator) {
    case 'Equals':
    case 'In':
      return has && r.values.includes(labels[r.key] as string);
    case 'NotIn':
      return !has || !r.values.includes(labels[r.key] as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
  }
}

function requirementString(r: Requirement): string {
  const values = r.values.join(',');
  switch (r.operator) {
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

/** metav1.LabelSelectorAsSelector. Throws LabelSelectorError for a selector Kubernetes cannot convert. */
export function labelSelectorAsSelector(selector: LabelSelector | null | undefined): Selector {
  if (selector === null || selector === undefined) return nothing;
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  const exprs = selector.matchExpressions ?? [];
  if (matchLabels.length + exprs.length === 0) return everything;
  const reqs: Requirement[] = [];
  for (const [k, v] of matchLabels) reqs.push(requirement(k, 'Equals', [v]));
  for (const e of exprs) {
    // A selection.Operator Kubernetes knows but metav1 does not (e.g. "=") is rejected like any other.
    if (e.operator === 'Equals')
      throw new LabelSelectorError('"Equals" is not a valid label selector operator');
    reqs.push(requirement(e.key, e.operator, e.values ?? []));
  }
  // Stable: requirements with the same key keep their order, as labels.Selector.Add does.
  reqs.sort(byKey);
  return {
    matches: (labels) => reqs.every((r) => matchesRequirement(r, labels ?? {})),
    empty: () => false,
    toString: () => reqs.map(requirementString).join(','),
    requirements: reqs,
  };
}

/** The conversion error LabelSelectorAsSelector would return, or undefined when the selector converts. */
export function labelSelectorError(selector: LabelSelector | null | undefined): string | undefined {
  try {
    labelSelectorAsSelector(selector);
    return undefined;
  } catch (err) {
    if (err instanceof LabelSelectorError) return err.message;
    throw err;
  }
}

/** Whether the labels match. Nil matches nothing, empty matches everything; throws LabelSelectorError if invalid. */
export function selectorMatches(
  selector: LabelSelector | null | undefined,
  labels: Labels | undefined,
): boolean {
  return labelSelectorAsSelector(selector).matches(labels);
}

/** LabelSelectorAsSelector(...).String(); "" for a nil or empty selector. Throws LabelSelectorError if invalid. */
export function selectorString(selector: LabelSelector | null | undefined): string {
  return labelSelectorAsSelector(selector).toString();
}

/** A non-nil selector with no requirement (labels.Everything()). */
export function isEmptySelector(selector: LabelSelector | null | undefined): boolean {
  return (
    selector !== null &&
    selector !== undefined &&
    Object.keys(selector.matchLabels ?? {}).length === 0 &&
    (selector.matchExpressions ?? []).length === 0
  );
}
