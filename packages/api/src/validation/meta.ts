// ObjectMeta, labels, annotations and label selectors, as k8s apimachinery validates them.
import type { LabelSelector, ObjectMeta } from '../schema/meta.ts';
import { type FieldError, fieldError, type Path } from './errors.ts';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './names.ts';

const totalAnnotationSizeLimit = 256 * 1024;

export function validateLabels(labels: Record<string, string> | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const [key, value] of Object.entries(labels ?? {})) {
    for (const msg of isQualifiedName(key)) errs.push(fieldError.invalid(at, key, msg));
    for (const msg of isValidLabelValue(value)) errs.push(fieldError.invalid(at, value, msg));
  }
  return errs;
}

export function validateAnnotations(annotations: Record<string, string> | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [key, value] of Object.entries(annotations ?? {})) {
    for (const msg of isQualifiedName(key.toLowerCase())) errs.push(fieldError.invalid(at, key, msg));
    size += Buffer.byteLength(key) + Buffer.byteLength(value);
  }
  if (size > totalAnnotationSizeLimit) errs.push(fieldError.tooLong(at, totalAnnotationSizeLimit));
  return errs;
}

export type NameValidator = (name: string) => string[];

/** k8s ValidateObjectMeta (the parts an admission webhook can get wrong; the apiserver checks the rest). */
export function validateObjectMeta(
  meta: ObjectMeta | undefined,
  options: { namespaced: boolean; nameValidator?: NameValidator },
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const validateName = options.nameValidator ?? isDNS1123Subdomain;
  const name = meta?.name ?? '';
  if (meta?.generateName) {
    // generateName gets a random suffix, so only the prefix (without trailing '-') must be valid.
    for (const msg of validateName(meta.generateName.replace(/-$/, ''))) {
      errs.push(fieldError.invalid(at.child('generateName'), meta.generateName, msg));
    }
  }
  if (name === '') {
    if (!meta?.generateName)
      errs.push(fieldError.required(at.child('name'), 'name or generateName is required'));
  } else {
    for (const msg of validateName(name)) errs.push(fieldError.invalid(at.child('name'), name, msg));
  }
  if (options.namespaced && !meta?.namespace) errs.push(fieldError.required(at.child('namespace')));
  if (!options.namespaced && meta?.namespace) {
    errs.push(fieldError.forbidden(at.child('namespace'), 'not allowed on this type'));
  }
  errs.push(...validateLabels(meta?.labels, at.child('labels')));
  errs.push(...validateAnnotations(meta?.annotations, at.child('annotations')));
  return errs;
}

/** k8s ValidateObjectMetaUpdate: identity fields are immutable. */
export function validateObjectMetaUpdate(
  meta: ObjectMeta | undefined,
  old: ObjectMeta | undefined,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ['name', 'namespace', 'uid'] as const) {
    const now = meta?.[field];
    const before = old?.[field];
    if (before !== undefined && now !== before) {
      errs.push(fieldError.invalid(at.child(field), now ?? '', 'field is immutable'));
    }
  }
  errs.push(...validateLabels(meta?.labels, at.child('labels')));
  errs.push(...validateAnnotations(meta?.annotations, at.child('annotations')));
  return errs;
}

/**
 * The values a set-based operator takes (label and node selectors alike): In and NotIn need some, Exists and
 * DoesNotExist none. Undefined for any other operator.
 */
export function setOperatorValueErrors(
  operator: string,
  values: readonly string[],
  requirement: Path,
): FieldError[] | undefined {
  if (operator === 'In' || operator === 'NotIn')
    return values.length === 0
      ? [
          fieldError.required(
            requirement.child('values'),
            "must be specified when `operator` is 'In' or 'NotIn'",
          ),
        ]
      : [];
  if (operator === 'Exists' || operator === 'DoesNotExist')
    return values.length > 0
      ? [
          fieldError.forbidden(
            requirement.child('values'),
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
          ),
        ]
      : [];
  return undefined;
}

/** k8s ValidateLabelSelector. */
export function validateLabelSelector(selector: LabelSelector | undefined, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!selector) return errs;
  (selector.matchExpressions ?? []).forEach((req, i) => {
    const reqPath = at.child('matchExpressions').index(i);
    const valueErrors = setOperatorValueErrors(req.operator, req.values ?? [], reqPath);
    if (valueErrors !== undefined) errs.push(...valueErrors);
    else
      errs.push(fieldError.invalid(reqPath.child('operator'), req.operator, 'not a valid selector operator'));
    for (const msg of isQualifiedName(req.key))
      errs.push(fieldError.invalid(reqPath.child('key'), req.key, msg));
  });
  errs.push(...validateLabels(selector.matchLabels, at.child('matchLabels')));
  return errs;
}
