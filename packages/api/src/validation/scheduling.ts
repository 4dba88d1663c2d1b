// k8s validateAffinity, ValidateTolerations and validateTopologySpreadConstraints for a pod template, with k8s'
// paths and messages (pkg/apis/core/validation/validation.go): node selector terms and requirements, node field
// selectors, weights, pod (anti-)affinity terms' selectors, namespaces and topology keys; toleration keys,
// operators, values and effects; spread constraints' skew, key, action, repeats, minDomains, node policies and
// matchLabelKeys; pod (anti-)affinity terms' matchLabelKeys and mismatchLabelKeys (as k8s 1.30–1.33 check them,
// which Kruise's k8s 1.32 build does). Kruise validates with AllowInvalidLabelValueInSelector and
// AllowInvalidTopologySpreadConstraintLabelSelector, so selector expression values and spread constraints'
// selectors are not checked (nor are they here).
import type { LabelSelector } from '../schema/meta.ts';
import type {
  Affinity,
  NodeSelector,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  Toleration,
} from '../schema/pod.ts';
import { type FieldError, fieldError, type Path } from './errors.ts';
import { setOperatorValueErrors, validateLabelSelector } from './meta.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './names.ts';

/** The parts of a PodAffinityTerm validation reads (the schema carries pod affinity through untyped). */
interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey?: string;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}
interface WeightedPodAffinityTerm {
  weight?: number;
  podAffinityTerm?: PodAffinityTerm;
}
interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}
interface PreferredSchedulingTerm {
  weight?: number;
  preference?: NodeSelectorTerm;
}

const labelName = (key: string, at: Path): FieldError[] =>
  isQualifiedName(key).map((m) => fieldError.invalid(at, key, m));

const weightError = (weight: number | undefined, at: Path): FieldError[] =>
  weight === undefined || weight <= 0 || weight > 100
    ? [fieldError.invalid(at, weight ?? 0, 'must be in the range 1-100')]
    : [];

function validateNodeSelectorRequirement(rq: NodeSelectorRequirement, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  const setErrors = setOperatorValueErrors(rq.operator, values, at);
  if (setErrors !== undefined) errs.push(...setErrors);
  else if (rq.operator === 'Gt' || rq.operator === 'Lt') {
    if (values.length !== 1)
      errs.push(
        fieldError.required(
          at.child('values'),
          "must be specified single value when `operator` is 'Lt' or 'Gt'",
        ),
      );
  } else errs.push(fieldError.invalid(at.child('operator'), rq.operator, 'not a valid selector operator'));
  errs.push(...labelName(rq.key, at.child('key')));
  return errs;
}

/** Node fields a term may select on: only the node's name. */
function validateNodeFieldSelectorRequirement(rq: NodeSelectorRequirement, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  if (rq.operator === 'In' || rq.operator === 'NotIn') {
    if (values.length !== 1)
      errs.push(
        fieldError.required(
          at.child('values'),
          "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
        ),
      );
  } else {
    errs.push(fieldError.invalid(at.child('operator'), rq.operator, 'not a valid selector operator'));
  }
  if (rq.key !== 'metadata.name') {
    errs.push(fieldError.invalid(at.child('key'), rq.key, 'not a valid field selector key'));
  } else {
    values.forEach((v, i) => {
      for (const m of isDNS1123Subdomain(v)) errs.push(fieldError.invalid(at.child('values').index(i), v, m));
    });
  }
  return errs;
}

function validateNodeSelectorTerm(term: NodeSelectorTerm | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  (term?.matchExpressions ?? []).forEach((rq, j) => {
    errs.push(...validateNodeSelectorRequirement(rq, at.child('matchExpressions').index(j)));
  });
  (term?.matchFields ?? []).forEach((rq, j) => {
    errs.push(...validateNodeFieldSelectorRequirement(rq, at.child('matchFields').index(j)));
  });
  return errs;
}

function validateNodeSelector(selector: NodeSelector, at: Path): FieldError[] {
  const termsPath = at.child('nodeSelectorTerms');
  const terms = selector.nodeSelectorTerms ?? [];
  if (terms.length === 0)
    return [fieldError.required(termsPath, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => validateNodeSelectorTerm(term, termsPath.index(i)));
}

function validatePodAffinityTerm(term: PodAffinityTerm, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateLabelSelector(term.labelSelector, at.child('labelSelector')));
  errs.push(...validateLabelSelector(term.namespaceSelector, at.child('namespaceSelector')));
  for (const name of term.namespaces ?? []) {
    // k8s names the list `namespace` here.
    for (const m of isDNS1123Label(name)) errs.push(fieldError.invalid(at.child('namespace'), name, m));
  }
  errs.push(
    ...validateMatchAndMismatchLabelKeys(
      term.matchLabelKeys ?? [],
      term.mismatchLabelKeys ?? [],
      term.labelSelector,
      at,
    ),
  );
  const topologyKey = term.topologyKey ?? '';
  if (topologyKey === '') errs.push(fieldError.required(at.child('topologyKey'), 'can not be empty'));
  errs.push(...labelName(topologyKey, at.child('topologyKey')));
  return errs;
}

/** Label names, and only beside a label selector (k8s validateLabelKeys). */
function validateLabelKeys(
  keys: readonly string[],
  selector: LabelSelector | undefined,
  at: Path,
): FieldError[] {
  if (keys.length === 0) return [];
  if (selector === undefined)
    return [fieldError.forbidden(at, 'must not be specified when labelSelector is not set')];
  return keys.flatMap((key, i) => labelName(key, at.index(i)));
}

/**
 * k8s validateMatchLabelKeysAndMismatchLabelKeys for a pod (anti-)affinity term. A key in matchLabelKeys and
 * in the selector is refused only where the selector names it twice (matchLabels and an expression, or two
 * expressions), since k8s expects the selector to hold matchLabelKeys' own expressions already; that error's path
 * is the term's, indexed (as k8s reports it).
 */
function validateMatchAndMismatchLabelKeys(
  matchLabelKeys: readonly string[],
  mismatchLabelKeys: readonly string[],
  selector: LabelSelector | undefined,
  at: Path,
): FieldError[] {
  const errs = [
    ...validateLabelKeys(matchLabelKeys, selector, at.child('matchLabelKeys')),
    ...validateLabelKeys(mismatchLabelKeys, selector, at.child('mismatchLabelKeys')),
  ];
  if (selector !== undefined) {
    const indexOf = new Map(matchLabelKeys.map((key, i) => [key, i]));
    const seen = new Set(Object.keys(selector.matchLabels ?? {}));
    for (const { key } of selector.matchExpressions ?? []) {
      const i = indexOf.get(key);
      if (i !== undefined && seen.has(key))
        errs.push(fieldError.invalid(at.index(i), key, 'exists in both matchLabelKeys and labelSelector'));
      seen.add(key);
    }
  }
  const mismatch = new Set(mismatchLabelKeys);
  matchLabelKeys.forEach((key, i) => {
    if (mismatch.has(key))
      errs.push(
        fieldError.invalid(
          at.child('matchLabelKeys').index(i),
          key,
          'exists in both matchLabelKeys and mismatchLabelKeys',
        ),
      );
  });
  return errs;
}

function validatePodAffinity(affinity: PodAffinity, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const required = at.child('requiredDuringSchedulingIgnoredDuringExecution');
  (affinity.requiredDuringSchedulingIgnoredDuringExecution ?? []).forEach((term, i) => {
    errs.push(...validatePodAffinityTerm(term, required.index(i)));
  });
  const preferred = at.child('preferredDuringSchedulingIgnoredDuringExecution');
  (affinity.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((weighted, j) => {
    errs.push(...weightError(weighted.weight, preferred.index(j).child('weight')));
    errs.push(
      ...validatePodAffinityTerm(weighted.podAffinityTerm ?? {}, preferred.index(j).child('podAffinityTerm')),
    );
  });
  return errs;
}

/** k8s validateAffinity. */
export function validateAffinity(affinity: Affinity | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const node = affinity?.nodeAffinity;
  if (node !== undefined) {
    const nodePath = at.child('nodeAffinity');
    const required = node.requiredDuringSchedulingIgnoredDuringExecution;
    if (required !== undefined)
      errs.push(
        ...validateNodeSelector(required, nodePath.child('requiredDuringSchedulingIgnoredDuringExecution')),
      );
    const preferredPath = nodePath.child('preferredDuringSchedulingIgnoredDuringExecution');
    ((node.preferredDuringSchedulingIgnoredDuringExecution ?? []) as PreferredSchedulingTerm[]).forEach(
      (term, i) => {
        errs.push(...weightError(term.weight, preferredPath.index(i).child('weight')));
        errs.push(...validateNodeSelectorTerm(term.preference, preferredPath.index(i).child('preference')));
      },
    );
  }
  if (affinity?.podAffinity !== undefined)
    errs.push(...validatePodAffinity(affinity.podAffinity as PodAffinity, at.child('podAffinity')));
  if (affinity?.podAntiAffinity !== undefined)
    errs.push(...validatePodAffinity(affinity.podAntiAffinity as PodAffinity, at.child('podAntiAffinity')));
  return errs;
}

const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** k8s ValidateTolerations. */
export function validateTolerations(tolerations: readonly Toleration[] | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = at.index(i);
    const key = t.key ?? '';
    const operator = t.operator ?? '';
    const value = t.value ?? '';
    const effect = t.effect ?? '';
    if (key !== '') errs.push(...labelName(key, p.child('key')));
    // An empty key with Exists (and no value) matches every taint; any other operator needs a key.
    if (key === '' && operator !== 'Exists')
      errs.push(
        fieldError.invalid(
          p.child('operator'),
          operator,
          'operator must be Exists when `key` is empty, which means "match all values and all keys"',
        ),
      );
    if (t.tolerationSeconds !== undefined && effect !== 'NoExecute')
      errs.push(
        fieldError.invalid(
          p.child('effect'),
          effect,
          "effect must be 'NoExecute' when `tolerationSeconds` is set",
        ),
      );
    if (operator === 'Equal' || operator === '') {
      const valueErrors = isValidLabelValue(value);
      if (valueErrors.length > 0)
        errs.push(fieldError.invalid(p.child('operator'), value, valueErrors.join(';')));
    } else if (operator === 'Exists') {
      if (value !== '')
        errs.push(
          fieldError.invalid(p.child('operator'), t, "value must be empty when `operator` is 'Exists'"),
        );
    } else {
      errs.push(fieldError.notSupported(p.child('operator'), operator, ['Equal', 'Exists']));
    }
    if (effect !== '' && !taintEffects.includes(effect))
      errs.push(fieldError.notSupported(p.child('effect'), effect, taintEffects));
  });
  return errs;
}

/** The parts of a TopologySpreadConstraint validation reads (the schema carries it through untyped). */
interface TopologySpreadConstraint {
  maxSkew?: number;
  topologyKey?: string;
  whenUnsatisfiable?: string;
  minDomains?: number;
  nodeAffinityPolicy?: string;
  nodeTaintsPolicy?: string;
  matchLabelKeys?: string[];
  labelSelector?: LabelSelector;
}

const scheduleActions = ['DoNotSchedule', 'ScheduleAnyway'];
const nodeInclusionPolicies = ['Honor', 'Ignore'];

/** k8s validateTopologySpreadConstraints. */
export function validateTopologySpreadConstraints(
  constraints: readonly unknown[] | undefined,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const all = (constraints ?? []) as TopologySpreadConstraint[];
  all.forEach((c, i) => {
    const p = at.index(i);
    const maxSkew = c.maxSkew ?? 0;
    if (maxSkew <= 0) errs.push(fieldError.invalid(p.child('maxSkew'), maxSkew, 'must be greater than zero'));
    const key = c.topologyKey ?? '';
    if (key === '') errs.push(fieldError.required(p.child('topologyKey'), 'can not be empty'));
    const action = c.whenUnsatisfiable ?? '';
    if (!scheduleActions.includes(action))
      errs.push(fieldError.notSupported(p.child('whenUnsatisfiable'), action, scheduleActions));
    // {topologyKey, whenUnsatisfiable} names one kind of constraint: a later one repeating it is reported here.
    if (all.slice(i + 1).some((o) => (o.topologyKey ?? '') === key && (o.whenUnsatisfiable ?? '') === action))
      errs.push(fieldError.duplicate(p.child('{topologyKey, whenUnsatisfiable}'), `{${key}, ${action}}`));
    if (c.minDomains !== undefined) {
      const minDomains = p.child('minDomains');
      if (c.minDomains <= 0)
        errs.push(fieldError.invalid(minDomains, c.minDomains, 'must be greater than zero'));
      if (action !== 'DoNotSchedule')
        errs.push(
          fieldError.invalid(
            minDomains,
            c.minDomains,
            `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`,
          ),
        );
    }
    for (const policy of ['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const) {
      const value = c[policy];
      if (value !== undefined && !nodeInclusionPolicies.includes(value))
        errs.push(fieldError.notSupported(p.child(policy), value, nodeInclusionPolicies));
    }
    errs.push(
      ...validateSpreadMatchLabelKeys(c.matchLabelKeys ?? [], c.labelSelector, p.child('matchLabelKeys')),
    );
  });
  return errs;
}

/** k8s validateMatchLabelKeysInTopologySpread: label names the selector does not name already. */
function validateSpreadMatchLabelKeys(
  keys: readonly string[],
  selector: LabelSelector | undefined,
  at: Path,
): FieldError[] {
  if (keys.length === 0) return [];
  const errs: FieldError[] = [];
  if (selector === undefined)
    errs.push(fieldError.forbidden(at, 'must not be specified when labelSelector is not set'));
  const named = new Set([
    ...Object.keys(selector?.matchLabels ?? {}),
    ...(selector?.matchExpressions ?? []).map((e) => e.key),
  ]);
  keys.forEach((key, i) => {
    errs.push(...labelName(key, at.index(i)));
    if (named.has(key))
      errs.push(fieldError.invalid(at.index(i), key, 'exists in both matchLabelKeys and labelSelector'));
  });
  return errs;
}
