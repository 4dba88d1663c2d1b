// Rules several kinds share: priority/scatter strategy checks, non-negative fields, deletion protection, the
// pod template of a long-running workload.
import { labelSelectorError } from '@kruise-ts/kube';
import type { LabelSelector } from '../schema/meta.ts';
import type { PodTemplateSpec } from '../schema/pod.ts';
import type { UpdatePriorityStrategy, UpdateScatterStrategy } from '../schema/shared.ts';
import { type FieldError, fieldError, type Path } from './errors.ts';

export const nonNegative = (value: number | undefined, at: Path): FieldError[] =>
  value !== undefined && value < 0
    ? [fieldError.invalid(at, value, 'must be greater than or equal to 0')]
    : [];

/** pub.UpdatePriorityStrategy.FieldsValidation; returns Kruise's error text. */
export function priorityStrategyError(strategy: UpdatePriorityStrategy | undefined): string | undefined {
  if (!strategy) return undefined;
  const weights = strategy.weightPriority ?? [];
  const orders = strategy.orderPriority ?? [];
  if (weights.length > 0 && orders.length > 0)
    return 'only one of weightPriority and orderPriority can be used';
  for (const w of weights) {
    // Kruise accepts 0 although its message says 1-100.
    if (w.weight < 0 || w.weight > 100) return 'weight must be valid number in the range 1-100';
    const selector: LabelSelector = w.matchSelector ?? {};
    if (Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions?.length ?? 0) === 0) {
      return 'selector can not be empty';
    }
    const err = labelSelectorError(selector);
    if (err) return `invalid selector ${err}`;
  }
  for (const o of orders) {
    if (!o.orderedKey) return 'order key can not be empty';
  }
  return undefined;
}

/** UpdateScatterStrategy.FieldsValidation. */
export function scatterStrategyError(strategy: UpdateScatterStrategy | undefined): string | undefined {
  const seen = new Set<string>();
  for (const term of strategy ?? []) {
    if (!term.key) return 'key should not be empty';
    const id = `${term.key}:${term.value}`;
    if (seen.has(id)) return `duplicated key=${term.key} value=${term.value}`;
    seen.add(id);
  }
  return undefined;
}

export const deletionProtectionKey = 'policy.kruise.io/delete-protection';

/**
 * deletionprotection.ValidateWorkloadDeletion (feature gate ResourcesDeletionProtection, off by default in Kruise):
 * the error text when deleting the object is forbidden, else undefined.
 */
export function workloadDeletionError(
  meta: { labels?: Record<string, string>; deletionTimestamp?: string } | undefined,
  replicas: number | undefined,
  options: { resourcesDeletionProtection: boolean },
): string | undefined {
  if (!options.resourcesDeletionProtection || !meta || meta.deletionTimestamp) return undefined;
  const value = meta.labels?.[deletionProtectionKey];
  if (value === 'Always')
    return `forbidden by ResourcesProtectionDeletion for ${deletionProtectionKey}=${value}`;
  if (value === 'Cascading' && replicas !== undefined && replicas > 0) {
    return `forbidden by ResourcesProtectionDeletion for ${deletionProtectionKey}=${value} and replicas ${replicas}>0`;
  }
  return undefined;
}

/**
 * The pod template of a workload whose pods run until replaced (CloneSet, Advanced StatefulSet): restartPolicy
 * Always only, no activeDeadlineSeconds. `kind` is the word Kruise's message uses ("cloneset", "StatefulSet").
 */
export function longRunningTemplateErrors(
  template: PodTemplateSpec | undefined,
  kind: string,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const restartPolicy = template?.spec?.restartPolicy;
  if (restartPolicy && restartPolicy !== 'Always') {
    errs.push(
      fieldError.notSupported(at.child('template', 'spec', 'restartPolicy'), restartPolicy, ['Always']),
    );
  }
  if (template?.spec?.activeDeadlineSeconds !== undefined) {
    errs.push(
      fieldError.forbidden(
        at.child('template', 'spec', 'activeDeadlineSeconds'),
        `activeDeadlineSeconds in ${kind} is not Supported`,
      ),
    );
  }
  return errs;
}
