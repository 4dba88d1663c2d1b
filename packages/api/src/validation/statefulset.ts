// Advanced StatefulSet validation: pkg/webhook/statefulset/validating/statefulset_validation.go and the handler.
// Kruise validates v1beta1; a v1alpha1 object is first mapped to v1beta1 (Kruise's ConvertTo), as here.
import {
  intstrScaledValueFromIntOrPercent,
  isEmptySelector,
  labelSelectorError,
  selectorMatches,
} from '@kruise-ts/kube';
import { statefulSetV1alpha1ToV1beta1 } from '../conversion/statefulset.ts';
import { deepEqual } from '../json.ts';
import type { IntOrString } from '../schema/helpers.ts';
import type { ObjectMeta } from '../schema/meta.ts';
import type { StatefulSetV1alpha1, StatefulSetV1beta1 } from '../schema/statefulset.ts';
import {
  longRunningTemplateErrors,
  nonNegative,
  priorityStrategyError,
  workloadDeletionError,
} from './common.ts';
import { type FieldError, fieldError, type Path, path } from './errors.ts';
import {
  validateAnnotations,
  validateLabelSelector,
  validateLabels,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from './meta.ts';
import { isValidPercent } from './names.ts';
import { firstNonImageChange } from './template-diff.ts';

type Spec = StatefulSetV1beta1['spec'];

/** Unlike CloneSet's, this regexp is not anchored: `replace /containers/0/imagePullPolicy` passes too (Kruise quirk, kept). */
const inPlaceImagePath = /\/containers\/([0-9]+)\/image/;

export interface StatefulSetValidationOptions {
  old?: unknown;
}

/** k8s ValidatePositiveIntOrPercent. */
function validatePositiveIntOrPercent(value: IntOrString, at: Path): FieldError[] {
  if (typeof value === 'string') return isValidPercent(value).map((m) => fieldError.invalid(at, value, m));
  return nonNegative(value, at);
}

/** intstr.GetScaledValueFromIntOrPercent(value, 1, true), as Kruise's validation calls it. */
function valueAgainstOne(value: IntOrString): { value: number; error?: string } {
  try {
    return { value: intstrScaledValueFromIntOrPercent(value, 1, true) };
  } catch (err) {
    return { value: 0, error: (err as Error).message };
  }
}

function validateMaxUnavailable(value: IntOrString, spec: Spec, at: Path): FieldError[] {
  const errs = validatePositiveIntOrPercent(value, at);
  const computed = valueAgainstOne(value);
  if (computed.error)
    errs.push(fieldError.invalid(at, computed.value, `getValueFromIntOrPercent error: ${computed.error}`));
  else if (computed.value < 1) errs.push(fieldError.invalid(at, computed.value, 'should not be less than 1'));
  if (spec.podManagementPolicy !== 'Parallel' && value !== 1) {
    errs.push(fieldError.invalid(at, value, 'can only work with Parallel PodManagementPolicyType'));
  }
  return errs;
}

function atoi(text: string): number | undefined {
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

function validateReserveOrdinals(spec: Spec, root: Path): FieldError[] {
  const errs: FieldError[] = [];
  const ordinals = spec.reserveOrdinals ?? [];
  ordinals.forEach((elem, i) => {
    if (typeof elem === 'string') {
      if (!/^\d+-\d+$/.test(elem)) {
        errs.push(
          fieldError.invalid(root, ordinals, `${i} th reserve ordinal is not a valid range: ${elem}`),
        );
      }
      const parts = elem.split('-');
      let err: string | undefined;
      if (parts.length !== 2) err = `invalid range ${elem}`;
      else {
        const [a = '', b = ''] = parts;
        const start = atoi(a);
        const end = atoi(b);
        if (start === undefined) err = `strconv.Atoi: parsing ${JSON.stringify(a)}: invalid syntax`;
        else if (end === undefined) err = `strconv.Atoi: parsing ${JSON.stringify(b)}: invalid syntax`;
        else if (start > end) err = `invalid range ${elem}`;
      }
      if (err)
        errs.push(
          fieldError.invalid(root, ordinals, `${i} th reserve ordinal is invalid: ${elem}, err = ${err}`),
        );
    } else if (elem < 0) {
      errs.push(fieldError.invalid(root, ordinals, `${i} th reserve ordinal is negative: ${elem}`));
    }
  });
  return errs;
}

function validateRetentionPolicy(spec: Spec, at: Path): FieldError[] {
  const policy = spec.persistentVolumeClaimRetentionPolicy;
  if (!policy) return [];
  const errs: FieldError[] = [];
  for (const field of ['whenDeleted', 'whenScaled'] as const) {
    const value = policy[field] ?? '';
    if (value !== 'Retain' && value !== 'Delete')
      errs.push(fieldError.notSupported(at.child(field), value, ['Retain', 'Delete']));
  }
  return errs;
}

function validateUpdateStrategy(spec: Spec, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const strategy = spec.updateStrategy ?? {};
  const rolling = strategy.rollingUpdate;
  const rollingPath = at.child('updateStrategy', 'rollingUpdate');
  switch (strategy.type ?? '') {
    case '':
      errs.push(fieldError.required(at.child('updateStrategy')));
      break;
    case 'OnDelete':
      if (rolling)
        errs.push(
          fieldError.invalid(rollingPath, rolling, "only allowed for updateStrategy 'RollingUpdate'"),
        );
      break;
    case 'RollingUpdate': {
      if (!rolling) break;
      errs.push(...nonNegative(rolling.partition ?? 0, rollingPath.child('partition')));
      const minReady = rolling.minReadySeconds ?? 0;
      errs.push(...nonNegative(minReady, rollingPath.child('minReadySeconds')));
      if (minReady > 300)
        errs.push(
          fieldError.invalid(
            rollingPath.child('minReadySeconds'),
            minReady,
            'must be no more than 300 seconds',
          ),
        );
      if (rolling.maxUnavailable === undefined)
        errs.push(fieldError.required(rollingPath.child('maxUnavailable')));
      else
        errs.push(
          ...validateMaxUnavailable(rolling.maxUnavailable, spec, rollingPath.child('maxUnavailable')),
        );
      const policy = rolling.podUpdatePolicy ?? '';
      if (policy === '') errs.push(fieldError.required(rollingPath.child('podUpdatePolicy')));
      else if (policy === 'InPlaceIfPossible' || policy === 'InPlaceOnly') {
        const gates = spec.template?.spec?.readinessGates ?? [];
        if (!gates.some((g) => g.conditionType === 'InPlaceUpdateReady')) {
          errs.push(
            fieldError.invalid(
              at.child('template', 'spec', 'readinessGates'),
              gates,
              `must contains InPlaceUpdateReady when podUpdatePolicy is ${policy}`,
            ),
          );
        }
      } else if (policy !== 'ReCreate') {
        errs.push(
          fieldError.invalid(
            rollingPath.child('podUpdatePolicy'),
            policy,
            "must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'",
          ),
        );
      }
      if (rolling.unorderedUpdate) {
        if (spec.podManagementPolicy !== 'Parallel') {
          errs.push(
            fieldError.required(
              rollingPath.child('unorderedUpdate'),
              'unorderedUpdate can only work with Parallel PodManagementPolicyType',
            ),
          );
        }
        const err = priorityStrategyError(rolling.unorderedUpdate.priorityStrategy);
        if (err)
          errs.push(fieldError.required(rollingPath.child('unorderedUpdate', 'priorityStrategy'), err));
      }
      break;
    }
    default:
      errs.push(
        fieldError.invalid(at.child('updateStrategy'), strategy, "must be 'RollingUpdate' or 'OnDelete'"),
      );
  }
  return errs;
}

function validateSelector(spec: Spec, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!spec.selector) errs.push(fieldError.required(at.child('selector')));
  else {
    errs.push(...validateLabelSelector(spec.selector, at.child('selector')));
    if (isEmptySelector(spec.selector)) {
      errs.push(
        fieldError.invalid(at.child('selector'), spec.selector, 'empty selector is invalid for statefulset'),
      );
    }
  }
  if (labelSelectorError(spec.selector) !== undefined) {
    errs.push(fieldError.invalid(at.child('selector'), spec.selector, ''));
    return errs;
  }
  // k8s ValidatePodTemplateSpecForStatefulSet: labels and annotations only (it does not validate the pod spec),
  // with its odd `template.labels` path.
  const templatePath = at.child('template');
  const labels = spec.template?.metadata?.labels;
  if (
    (!spec.selector || !isEmptySelector(spec.selector)) &&
    (!spec.selector || !selectorMatches(spec.selector, labels))
  ) {
    errs.push(
      fieldError.invalid(
        templatePath.child('metadata', 'labels'),
        labels ?? {},
        '`selector` does not match template `labels`',
      ),
    );
  }
  errs.push(...validateLabels(labels, templatePath.child('labels')));
  errs.push(...validateAnnotations(spec.template?.metadata?.annotations, templatePath.child('annotations')));
  return errs;
}

function validateSpec(spec: Spec, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy ?? '';
  if (policy === '') errs.push(fieldError.required(at.child('podManagementPolicy')));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') {
    errs.push(
      fieldError.invalid(at.child('podManagementPolicy'), policy, "must be 'OrderedReady' or 'Parallel'"),
    );
  }
  errs.push(...validateReserveOrdinals(spec, at));
  if (spec.scaleStrategy?.maxUnavailable !== undefined) {
    errs.push(
      ...validateMaxUnavailable(
        spec.scaleStrategy.maxUnavailable,
        spec,
        at.child('scaleStrategy', 'maxUnavailable'),
      ),
    );
  }
  errs.push(...validateUpdateStrategy(spec, at));
  errs.push(...validateRetentionPolicy(spec, at.child('persistentVolumeClaimRetentionPolicy')));
  if (spec.replicas === undefined) errs.push(fieldError.required(at.child('replicas')));
  else errs.push(...nonNegative(spec.replicas, at.child('replicas')));
  errs.push(...validateSelector(spec, at));
  errs.push(...longRunningTemplateErrors(spec.template, 'StatefulSet', at));
  return errs;
}

const updatableFields = [
  'replicas',
  'template',
  'updateStrategy',
  'persistentVolumeClaimRetentionPolicy',
  'scaleStrategy',
  'volumeClaimTemplates',
  'volumeClaimUpdateStrategy',
  'reserveOrdinals',
  'lifecycle',
  'revisionHistoryLimit',
  'ordinals',
];

function validateUpdate(obj: StatefulSetV1beta1, old: StatefulSetV1beta1): FieldError[] {
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata'));
  const rest = (s: object) =>
    Object.fromEntries(Object.entries(s).filter(([k]) => !updatableFields.includes(k)));
  if (!deepEqual(rest(obj.spec), rest(old.spec))) {
    errs.push(
      fieldError.forbidden(
        path('spec'),
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', `volumeClaimTemplates`, `VolumeClaimUpdateStrategy` and 'updateStrategy' are forbidden",
      ),
    );
  }
  if (obj.spec.replicas !== undefined) errs.push(...nonNegative(obj.spec.replicas, path('spec', 'replicas')));
  errs.push(...validateRetentionPolicy(obj.spec, path('spec', 'persistentVolumeClaimRetentionPolicy')));
  return errs;
}

/** Validates a v1beta1 Advanced StatefulSet as Kruise's webhook does on CREATE (no `old`) or UPDATE. */
export function validateStatefulSetV1beta1(
  obj: StatefulSetV1beta1,
  options: StatefulSetValidationOptions = {},
): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, { namespaced: true }, path('metadata'));
  errs.push(...validateSpec(obj.spec, path('spec')));
  const old = options.old as StatefulSetV1beta1 | undefined;
  if (!old) return errs;
  errs.push(...validateUpdate(obj, old));
  // Kruise checks this only when everything else passed, and reports it as a plain (path-less) error.
  if (errs.length === 0 && obj.spec.updateStrategy?.rollingUpdate?.podUpdatePolicy === 'InPlaceOnly') {
    const change = firstNonImageChange(old.spec.template?.spec, obj.spec.template?.spec, inPlaceImagePath);
    if (change) {
      errs.push(
        fieldError.forbidden(
          path('spec', 'template'),
          `invalid template modified with InPlaceOnly strategy: ${change.op} ${change.path}, currently only image update is allowed for InPlaceOnly`,
        ),
      );
    }
  }
  return errs;
}

/** v1alpha1: Kruise maps the object (and the old one) to v1beta1 and validates that. */
export function validateStatefulSetV1alpha1(
  obj: StatefulSetV1alpha1,
  options: StatefulSetValidationOptions = {},
): FieldError[] {
  const old = options.old as StatefulSetV1alpha1 | undefined;
  return validateStatefulSetV1beta1(
    statefulSetV1alpha1ToV1beta1(obj),
    old ? { old: statefulSetV1alpha1ToV1beta1(old) } : {},
  );
}

export function validateStatefulSetDeletion(
  obj: { metadata?: ObjectMeta; spec: { replicas?: number } },
  options: { resourcesDeletionProtection: boolean },
): string | undefined {
  return workloadDeletionError(obj.metadata, obj.spec.replicas, options);
}
