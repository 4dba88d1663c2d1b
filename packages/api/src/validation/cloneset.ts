// CloneSet validation: pkg/webhook/cloneset/validating/validation.go (v1alpha1 validateCloneSet /
// validateCloneSetUpdate, v1beta1 ValidateCloneSetV1beta1 / ValidateCloneSetUpdateV1beta1) and
// clonesetcore.ValidateCloneSetUpdate (the InPlaceOnly rule).

import {
  getScaledValueFromIntOrPercent,
  intOrStringText,
  isEmptySelector,
  labelSelectorError,
  selectorMatches,
} from '@kruise-ts/kube';
import { deepEqual } from '../json.ts';
import type { CloneSetV1alpha1, CloneSetV1beta1 } from '../schema/cloneset.ts';
import type { IntOrString } from '../schema/helpers.ts';
import type { LabelSelector, ObjectMeta, OwnerReference } from '../schema/meta.ts';
import type { PersistentVolumeClaim, PodTemplateSpec, Volume } from '../schema/pod.ts';
import type {
  InPlaceUpdateStrategy,
  UpdatePriorityStrategy,
  UpdateScatterStrategy,
} from '../schema/shared.ts';
import {
  longRunningTemplateErrors,
  nonNegative,
  priorityStrategyError,
  scatterStrategyError,
  workloadDeletionError,
} from './common.ts';
import { type FieldError, fieldError, type Path, path } from './errors.ts';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta.ts';
import { validatePodTemplateSpec } from './pod.ts';
import { firstNonImageChange } from './template-diff.ts';

const maxInt32 = 2147483647;
const inPlaceOnlyImagePath = /^\/containers\/([0-9]+)\/image$/;

/** What the webhook knows about a pod named in `scaleStrategy.podsToDelete` (from its cache). */
export interface PodSummary {
  metadata: { deletionTimestamp?: string; ownerReferences?: OwnerReference[] };
}

export interface CloneSetValidationOptions {
  /** The stored object on UPDATE; absent on CREATE. */
  old?: unknown;
  /**
   * Pods of the CloneSet's namespace by name, for the podsToDelete checks (newly listed names must exist, not be
   * terminating, and be controlled by this CloneSet). Without it those checks are skipped.
   */
  pods?: ReadonlyMap<string, PodSummary>;
}

interface CommonSpec {
  replicas?: number;
  selector?: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaim[];
  minReadySeconds?: number;
  progressDeadlineSeconds?: number;
  scaleStrategy?: { podsToDelete?: string[] };
}

interface RollingFields {
  partition?: IntOrString;
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
  priorityStrategy?: UpdatePriorityStrategy;
  scatterStrategy?: UpdateScatterStrategy;
}

function validateSelectorAndTemplate(spec: CommonSpec, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.replicas === undefined) errs.push(fieldError.required(at.child('replicas')));
  else errs.push(...nonNegative(spec.replicas, at.child('replicas')));
  if (!spec.selector) {
    errs.push(fieldError.required(at.child('selector')));
  } else {
    errs.push(...validateLabelSelector(spec.selector, at.child('selector')));
    if (isEmptySelector(spec.selector)) {
      errs.push(
        fieldError.invalid(at.child('selector'), spec.selector, 'empty selector is invalid for cloneset'),
      );
    }
  }
  if (labelSelectorError(spec.selector) !== undefined) {
    errs.push(fieldError.invalid(at.child('selector'), spec.selector, ''));
    return [...errs, ...longRunningTemplateErrors(spec.template, 'cloneset', at)];
  }
  // A nil selector converts to labels.Nothing(), which is not Empty() and matches no labels.
  const labels = spec.template?.metadata?.labels;
  if (
    (!spec.selector || !isEmptySelector(spec.selector)) &&
    (!spec.selector || !selectorMatches(spec.selector, labels))
  ) {
    errs.push(
      fieldError.invalid(
        at.child('template', 'metadata', 'labels'),
        labels ?? {},
        '`selector` does not match template `labels`',
      ),
    );
  }
  // Kruise mocks each volumeClaimTemplate as a PVC volume so that mounts of claim templates validate.
  const extraVolumes: Volume[] = (spec.volumeClaimTemplates ?? []).map((pvc) => ({
    name: pvc.metadata?.name ?? '',
    persistentVolumeClaim: { claimName: pvc.metadata?.name ?? '', readOnly: false },
  }));
  errs.push(...validatePodTemplateSpec(spec.template, at.child('template'), { extraVolumes }));
  return [...errs, ...longRunningTemplateErrors(spec.template, 'cloneset', at)];
}

function validatePodsToDelete(
  spec: CommonSpec,
  oldSpec: CommonSpec | undefined,
  meta: ObjectMeta | undefined,
  options: CloneSetValidationOptions,
  at: Path,
): FieldError[] {
  const names = spec.scaleStrategy?.podsToDelete ?? [];
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  const duplicated = [...counts].filter(([, c]) => c > 1).map(([n]) => n);
  if (duplicated.length > 0) {
    return [fieldError.invalid(at, names, `duplicated items [${duplicated.join(' ')}]`)];
  }
  if (!options.pods) return [];
  const before = new Set(oldSpec?.scaleStrategy?.podsToDelete ?? []);
  const errs: FieldError[] = [];
  for (const name of [...new Set(names)].filter((n) => !before.has(n)).sort()) {
    const pod = options.pods.get(name);
    if (!pod) errs.push(fieldError.invalid(at, name, `find pod ${name} failed: pods "${name}" not found`));
    else if (pod.metadata.deletionTimestamp)
      errs.push(fieldError.invalid(at, name, `find pod ${name} already terminating`));
    else {
      const owner = pod.metadata.ownerReferences?.find((r) => r.controller === true);
      if (!owner || owner.uid !== meta?.uid)
        errs.push(fieldError.invalid(at, name, `find pod ${name} owner is not this CloneSet`));
    }
  }
  return errs;
}

function scaled(value: IntOrString | undefined, replicas: number): { value: number; error?: string } {
  try {
    return { value: getScaledValueFromIntOrPercent(value, replicas, true) };
  } catch (err) {
    return { value: 0, error: (err as Error).message };
  }
}

/** The rolling-update numbers both versions check; `inPlaceOnlyMessage` differs between them. */
function validateRollingFields(
  fields: RollingFields,
  replicas: number,
  inPlaceOnly: boolean,
  inPlaceOnlyMessage: string,
  at: Path,
): FieldError[] {
  const errs: FieldError[] = [];
  const partition = scaled(fields.partition, replicas);
  if (partition.error) {
    errs.push(
      fieldError.invalid(
        at.child('partition'),
        intOrStringText(fields.partition),
        `failed GetScaledValueFromIntOrPercent for partition: ${partition.error}`,
      ),
    );
  }
  errs.push(...nonNegative(partition.value, at.child('partition')));
  const priority = priorityStrategyError(fields.priorityStrategy);
  if (priority) errs.push(fieldError.required(at.child('priorityStrategy'), priority));
  const scatter = scatterStrategyError(fields.scatterStrategy);
  if (scatter) errs.push(fieldError.required(at.child('scatterStrategy'), scatter));
  let maxUnavailable = 0;
  if (fields.maxUnavailable !== undefined) {
    const r = scaled(fields.maxUnavailable, replicas);
    maxUnavailable = r.value;
    if (r.error) {
      errs.push(
        fieldError.invalid(
          at.child('maxUnavailable'),
          intOrStringText(fields.maxUnavailable),
          `failed GetScaledValueFromIntOrPercent for maxUnavailable: ${r.error}`,
        ),
      );
    }
  }
  let maxSurge = 0;
  if (fields.maxSurge !== undefined) {
    const r = scaled(fields.maxSurge, replicas);
    maxSurge = r.value;
    if (r.error) {
      errs.push(
        fieldError.invalid(
          at.child('maxSurge'),
          intOrStringText(fields.maxSurge),
          `failed GetScaledValueFromIntOrPercent for maxSurge: ${r.error}`,
        ),
      );
    }
    if (inPlaceOnly && maxSurge > 0) {
      errs.push(
        fieldError.invalid(at.child('maxSurge'), intOrStringText(fields.maxSurge), inPlaceOnlyMessage),
      );
    }
  }
  if (replicas > 0 && maxUnavailable < 1 && maxSurge < 1) {
    errs.push(
      fieldError.invalid(
        at.child('maxUnavailable'),
        fields.maxUnavailable ?? null,
        'maxUnavailable and maxSurge should not both be less than 1',
      ),
    );
  }
  return errs;
}

function validateProgressDeadline(spec: CommonSpec, at: Path): FieldError[] {
  const deadline = spec.progressDeadlineSeconds;
  if (deadline === undefined) return [];
  const errs = nonNegative(deadline, at.child('progressDeadlineSeconds'));
  if (deadline !== maxInt32 && deadline <= (spec.minReadySeconds ?? 0)) {
    errs.push(
      fieldError.invalid(
        at.child('progressDeadlineSeconds'),
        deadline,
        'must be greater than minReadySeconds',
      ),
    );
  }
  return errs;
}

const updatableFields = [
  'replicas',
  'template',
  'scaleStrategy',
  'updateStrategy',
  'minReadySeconds',
  'lifecycle',
  'revisionHistoryLimit',
  'volumeClaimTemplates',
  'progressDeadlineSeconds',
] as const;

function validateSpecUpdate(spec: object, oldSpec: object): FieldError[] {
  const rest = (s: object) =>
    Object.fromEntries(
      Object.entries(s).filter(([k]) => !(updatableFields as readonly string[]).includes(k)),
    );
  if (deepEqual(rest(spec), rest(oldSpec))) return [];
  return [
    fieldError.forbidden(
      path('spec'),
      "updates to cloneset spec for fields other than 'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'progressDeadlineSeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit' are forbidden",
    ),
  ];
}

function validateInPlaceOnlyUpdate(template: PodTemplateSpec, oldTemplate: PodTemplateSpec): FieldError[] {
  const change = firstNonImageChange(oldTemplate?.spec, template?.spec, inPlaceOnlyImagePath);
  if (!change) return [];
  return [
    fieldError.forbidden(
      path('spec'),
      `only allowed to update images in spec for InPlaceOnly, but found ${change.op} ${change.path}`,
    ),
  ];
}

// ---- v1alpha1 ----

function validateV1alpha1(
  obj: CloneSetV1alpha1,
  old: CloneSetV1alpha1 | undefined,
  options: CloneSetValidationOptions,
): FieldError[] {
  const spec = obj.spec;
  const at = path('spec');
  const errs = validateObjectMeta(obj.metadata, { namespaced: true }, path('metadata'));
  errs.push(...validateSelectorAndTemplate(spec, at));
  errs.push(
    ...validatePodsToDelete(
      spec,
      old?.spec,
      obj.metadata,
      options,
      at.child('scaleStrategy', 'podsToDelete'),
    ),
  );
  const strategy = spec.updateStrategy ?? {};
  const strategyPath = at.child('updateStrategy');
  const type = strategy.type ?? '';
  if (type !== 'ReCreate' && type !== 'InPlaceIfPossible' && type !== 'InPlaceOnly') {
    // Kruise's message quotes two of the three names.
    errs.push(
      fieldError.invalid(
        strategyPath.child('type'),
        type,
        "must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'",
      ),
    );
  }
  errs.push(
    ...validateRollingFields(
      strategy,
      spec.replicas ?? 0,
      type === 'InPlaceOnly',
      'can not use maxSurge with strategy type InPlaceOnly',
      strategyPath,
    ),
  );
  errs.push(...validateProgressDeadline(spec, at));
  return errs;
}

/**
 * Validates a v1alpha1 CloneSet as Kruise's webhook does on CREATE (no `old`) or UPDATE. Expects a defaulted
 * object (the mutating webhook runs first).
 */
export function validateCloneSetV1alpha1(
  obj: CloneSetV1alpha1,
  options: CloneSetValidationOptions = {},
): FieldError[] {
  const old = options.old as CloneSetV1alpha1 | undefined;
  if (!old) return validateV1alpha1(obj, undefined, options);
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata'));
  errs.push(...validateSpecUpdate(obj.spec, old.spec));
  if (obj.spec.updateStrategy?.type === 'InPlaceOnly')
    errs.push(...validateInPlaceOnlyUpdate(obj.spec.template, old.spec.template));
  errs.push(...validateV1alpha1(obj, old, options));
  return errs;
}

// ---- v1beta1 ----

function validateInPlaceStrategyV1beta1(strategy: InPlaceUpdateStrategy | undefined, at: Path): FieldError[] {
  if (!strategy) return [];
  const errs: FieldError[] = [];
  const parallelism = strategy.imagePreDownloadParallelism;
  const p = at.child('imagePreDownloadParallelism');
  if (typeof parallelism === 'string') {
    if (parallelism.endsWith('%')) {
      errs.push(
        fieldError.invalid(p, parallelism, 'imagePreDownloadParallelism does not support percentage value'),
      );
    } else if (!/^[+-]?\d+$/.test(parallelism)) {
      errs.push(
        fieldError.invalid(
          p,
          parallelism,
          `imagePreDownloadParallelism must be a valid integer: strconv.ParseInt: parsing ${JSON.stringify(parallelism)}: invalid syntax`,
        ),
      );
    } else if (Math.abs(Number(parallelism)) > maxInt32 + (Number(parallelism) < 0 ? 1 : 0)) {
      errs.push(
        fieldError.invalid(
          p,
          parallelism,
          `imagePreDownloadParallelism must be a valid integer: strconv.ParseInt: parsing ${JSON.stringify(parallelism)}: value out of range`,
        ),
      );
    } else if (Number(parallelism) < 0) {
      errs.push(fieldError.invalid(p, parallelism, 'imagePreDownloadParallelism must be non-negative'));
    }
  } else if (typeof parallelism === 'number' && parallelism < 0) {
    errs.push(fieldError.invalid(p, parallelism, 'imagePreDownloadParallelism must be non-negative'));
  }
  errs.push(
    ...nonNegative(strategy.imagePreDownloadTimeoutSeconds, at.child('imagePreDownloadTimeoutSeconds')),
  );
  errs.push(
    ...nonNegative(
      strategy.imagePreDownloadMinUpdatedReadyPods,
      at.child('imagePreDownloadMinUpdatedReadyPods'),
    ),
  );
  return errs;
}

function validateV1beta1(
  obj: CloneSetV1beta1,
  old: CloneSetV1beta1 | undefined,
  options: CloneSetValidationOptions,
): FieldError[] {
  const spec = obj.spec;
  const at = path('spec');
  const errs = validateObjectMeta(obj.metadata, { namespaced: true }, path('metadata'));
  errs.push(...validateSelectorAndTemplate(spec, at));
  // Kruise's v1beta1 webhook only checks duplicates; kruise-ts also runs the v1alpha1 existence/ownership checks
  // when the caller provides pods (fix of docs/behaviour/cloneset.md#edge-v1beta1-validation-gaps).
  errs.push(
    ...validatePodsToDelete(
      spec,
      old?.spec,
      obj.metadata,
      options,
      at.child('scaleStrategy', 'podsToDelete'),
    ),
  );
  const strategy = spec.updateStrategy ?? {};
  const strategyPath = at.child('updateStrategy');
  const type = strategy.type ?? '';
  if (type !== 'RollingUpdate' && type !== 'OnDelete' && type !== '') {
    errs.push(fieldError.invalid(strategyPath.child('type'), type, "must be 'RollingUpdate' or 'OnDelete'"));
  }
  const rolling = strategy.rollingUpdate;
  if (rolling) {
    const rollingPath = strategyPath.child('rollingUpdate');
    const policy = rolling.podUpdatePolicy ?? '';
    if (
      policy !== 'ReCreate' &&
      policy !== 'InPlaceIfPossible' &&
      policy !== 'InPlaceOnly' &&
      policy !== ''
    ) {
      errs.push(
        fieldError.invalid(
          rollingPath.child('podUpdatePolicy'),
          policy,
          "must be 'ReCreate', 'InPlaceIfPossible' or 'InPlaceOnly'",
        ),
      );
    }
    errs.push(
      ...validateRollingFields(
        rolling,
        spec.replicas ?? 0,
        policy === 'InPlaceOnly',
        'can not use maxSurge with podUpdatePolicy InPlaceOnly',
        rollingPath,
      ),
    );
    errs.push(
      ...validateInPlaceStrategyV1beta1(
        rolling.inPlaceUpdateStrategy,
        rollingPath.child('inPlaceUpdateStrategy'),
      ),
    );
  }
  // Not checked by Kruise's v1beta1 webhook (docs/behaviour/cloneset.md#edge-v1beta1-validation-gaps); kruise-ts applies the v1alpha1 rule.
  errs.push(...validateProgressDeadline(spec, at));
  return errs;
}

/**
 * Validates a v1beta1 CloneSet as Kruise's webhook does, plus the v1alpha1 rules Kruise forgot for v1beta1
 * (InPlaceOnly image-only updates, progressDeadlineSeconds, podsToDelete ownership): see docs/behaviour/cloneset.md#edge-v1beta1-validation-gaps.
 */
export function validateCloneSetV1beta1(
  obj: CloneSetV1beta1,
  options: CloneSetValidationOptions = {},
): FieldError[] {
  const old = options.old as CloneSetV1beta1 | undefined;
  if (!old) return validateV1beta1(obj, undefined, options);
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata'));
  errs.push(...validateSpecUpdate(obj.spec, old.spec));
  if (obj.spec.updateStrategy?.rollingUpdate?.podUpdatePolicy === 'InPlaceOnly') {
    errs.push(...validateInPlaceOnlyUpdate(obj.spec.template, old.spec.template));
  }
  errs.push(...validateV1beta1(obj, old, options));
  return errs;
}

/** DELETE: deletion protection (label policy.kruise.io/delete-protection; Kruise gate ResourcesDeletionProtection). */
export function validateCloneSetDeletion(
  obj: { metadata?: ObjectMeta; spec: { replicas?: number } },
  options: { resourcesDeletionProtection: boolean },
): string | undefined {
  return workloadDeletionError(obj.metadata, obj.spec.replicas, options);
}
