// BroadcastJob validation: pkg/webhook/broadcastjob/validating/broadcastjob_create_update_handler.go. The same
// rules run on CREATE and UPDATE (no immutability rules); both versions share the shape.
import type { BroadcastJobSpec, BroadcastJobV1alpha1, BroadcastJobV1beta1 } from '../schema/broadcastjob.ts';
import { type FieldError, fieldError, type Path, path } from './errors.ts';
import { validateObjectMeta } from './meta.ts';
import { kruiseNameValidator } from './names.ts';
import { validatePodTemplateSpec } from './pod.ts';

export const broadcastJobLabels = {
  jobName: 'broadcastjob-name',
  controllerUid: 'broadcastjob-controller-uid',
} as const;

export function validateBroadcastJobSpec(spec: BroadcastJobSpec, at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const completion = spec.completionPolicy ?? {};
  if (completion.type === 'Never') {
    if (completion.ttlSecondsAfterFinished !== undefined) {
      errs.push(
        fieldError.invalid(
          at.child('completionPolicy', 'ttlSecondsAfterFinished'),
          completion.ttlSecondsAfterFinished,
          'ttlSecondsAfterFinished can just work with Always CompletionPolicyType',
        ),
      );
    }
    if (completion.activeDeadlineSeconds !== undefined) {
      errs.push(
        fieldError.invalid(
          at.child('completionPolicy', 'activeDeadlineSeconds'),
          completion.activeDeadlineSeconds,
          'activeDeadlineSeconds can just work with Always CompletionPolicyType',
        ),
      );
    }
  }
  const restartPolicy = spec.template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never') {
    errs.push(
      fieldError.invalid(
        at.child('template', 'spec', 'restartPolicy'),
        restartPolicy,
        'pod restartPolicy can only be Never or OnFailure',
      ),
    );
  }
  const labels = spec.template?.metadata?.labels;
  if (labels && (labels[broadcastJobLabels.jobName] || labels[broadcastJobLabels.controllerUid])) {
    errs.push(
      fieldError.invalid(
        at.child('template', 'metadata', 'labels'),
        labels,
        `"${broadcastJobLabels.jobName}" and "${broadcastJobLabels.controllerUid}" are not allowed to preset in pod labels`,
      ),
    );
  }
  errs.push(...validatePodTemplateSpec(spec.template, at.child('template')));
  return errs;
}

function validate(obj: BroadcastJobV1beta1): FieldError[] {
  const errs = validateObjectMeta(
    obj.metadata,
    { namespaced: true, nameValidator: kruiseNameValidator('BroadcastJob') },
    path('metadata'),
  );
  errs.push(...validateBroadcastJobSpec(obj.spec, path('spec')));
  return errs;
}

/** Validates a BroadcastJob (CREATE or UPDATE: Kruise runs the same checks). */
export const validateBroadcastJobV1beta1 = (
  obj: BroadcastJobV1beta1,
  _options: { old?: unknown } = {},
): FieldError[] => validate(obj);
export const validateBroadcastJobV1alpha1 = (
  obj: BroadcastJobV1alpha1,
  _options: { old?: unknown } = {},
): FieldError[] => validate(obj);
