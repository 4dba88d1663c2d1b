// Whether a node satisfies a pod's nodeSelector and required node affinity (k8s component-helpers
// GetRequiredNodeAffinity(pod).Match). Terms are ORed; inside a term every matchExpression (node labels) and
// every matchField (only metadata.name exists) must hold. A term that fails to parse never matches, an empty
// term is dropped, and a required selector left with no term matches no node.

import type { NodeSelector, NodeSelectorRequirement, PodSpec } from '@kruise-ts/api';
import type { Node } from '@kruise-ts/core';
import { isLabelValue, isQualifiedName } from '@kruise-ts/kube';
import { parseInt64 } from './names.ts';

export const NODE_NAME_FIELD = 'metadata.name';

type LabelRequirement = { key: string; operator: string; values: readonly string[]; bound?: bigint };
type FieldRequirement = { key: string; equal: boolean; value: string };
type ParsedTerm = { labels: LabelRequirement[]; fields: FieldRequirement[] };

// labels.NewRequirement's checks; undefined marks a term that cannot be parsed.
function parseLabelRequirement(req: NodeSelectorRequirement): LabelRequirement | undefined {
  const values = req.values ?? [];
  if (!isQualifiedName(req.key)) return undefined;
  if (!values.every(isLabelValue)) return undefined;
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      return values.length > 0 ? { key: req.key, operator: req.operator, values } : undefined;
    case 'Exists':
    case 'DoesNotExist':
      return values.length === 0 ? { key: req.key, operator: req.operator, values } : undefined;
    case 'Gt':
    case 'Lt': {
      const bound = values.length === 1 ? parseInt64(values[0] ?? '') : undefined;
      return bound === undefined ? undefined : { key: req.key, operator: req.operator, values, bound };
    }
    default:
      return undefined;
  }
}

// Field requirements take In/NotIn with exactly one value; the key is not checked (unknown fields read as "").
function parseFieldRequirement(req: NodeSelectorRequirement): FieldRequirement | undefined {
  const values = req.values ?? [];
  if ((req.operator !== 'In' && req.operator !== 'NotIn') || values.length !== 1) return undefined;
  return { key: req.key, equal: req.operator === 'In', value: values[0] ?? '' };
}

function parseTerm(term: {
  matchExpressions?: NodeSelectorRequirement[] | null;
  matchFields?: NodeSelectorRequirement[] | null;
}): ParsedTerm | undefined {
  const labels: LabelRequirement[] = [];
  for (const req of term.matchExpressions ?? []) {
    const parsed = parseLabelRequirement(req);
    if (parsed === undefined) return undefined;
    labels.push(parsed);
  }
  const fields: FieldRequirement[] = [];
  for (const req of term.matchFields ?? []) {
    const parsed = parseFieldRequirement(req);
    if (parsed === undefined) return undefined;
    fields.push(parsed);
  }
  return { labels, fields };
}

function labelRequirementMatches(req: LabelRequirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, req.key);
  const value = labels[req.key] ?? '';
  switch (req.operator) {
    case 'In':
      return has && req.values.includes(value);
    case 'NotIn':
      return !has || !req.values.includes(value);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      // A label that is not an integer satisfies neither.
      const n = has ? parseInt64(value) : undefined;
      if (n === undefined || req.bound === undefined) return false;
      return req.operator === 'Gt' ? n > req.bound : n < req.bound;
    }
    default:
      return false;
  }
}

function termMatches(term: ParsedTerm, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  if (!term.labels.every((r) => labelRequirementMatches(r, labels))) return false;
  // A node without a name has no fields, and then field requirements are not checked at all.
  const name = node.metadata.name;
  if (term.fields.length > 0 && name) {
    const fields: Record<string, string> = { [NODE_NAME_FIELD]: name };
    return term.fields.every((f) => ((fields[f.key] ?? '') === f.value) === f.equal);
  }
  return true;
}

/** The ORed terms of a required node selector. */
export function nodeSelectorMatches(selector: NodeSelector, node: Node): boolean {
  const terms = (selector.nodeSelectorTerms ?? []).filter(
    (t) => (t.matchExpressions ?? []).length > 0 || (t.matchFields ?? []).length > 0,
  );
  return terms.some((t) => {
    const parsed = parseTerm(t);
    return parsed !== undefined && termMatches(parsed, node);
  });
}

/** nodeSelector (every pair equal) and, when set, the required node affinity. */
export function requiredNodeAffinityMatches(spec: Partial<PodSpec> | undefined, node: Node): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [key, value] of Object.entries(spec?.nodeSelector ?? {})) {
    if (!Object.hasOwn(labels, key) || labels[key] !== value) return false;
  }
  const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return required === undefined || required === null || nodeSelectorMatches(required, node);
}
