// AdvancedCronJob validation: pkg/webhook/advancedcronjob/validating/advancedcronjob_create_update_handler.go.
// Kruise validates v1beta1; v1alpha1 has the same shape minus imageListPullJobTemplate.
import { labelSelectorError } from '@kruise-ts/kube';
import { deepEqual } from '../json.ts';
import type {
  AdvancedCronJobV1alpha1,
  AdvancedCronJobV1beta1,
  ImageListPullJobSpec,
} from '../schema/advancedcronjob.ts';
import { nonNegative } from './common.ts';
import { cronScheduleError, timeZoneError } from './cron.ts';
import { type FieldError, fieldError, type Path, path } from './errors.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './meta.ts';
import { kruiseNameValidator } from './names.ts';
import { validatePodTemplateSpec } from './pod.ts';

const maxActiveDeadlineSeconds = 3600 * 24;

/** A docker reference as distribution/reference parses it (domain, lowercase path components, tag, digest). */
function imageReferenceError(image: string): string | undefined {
  const component = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
  const domain =
    '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)(?:\\.(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?))*(?::[0-9]+)?';
  const reference = new RegExp(
    `^(?:${domain}/)?${component}(?:/${component})*(?::[\\w][\\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$`,
  );
  if (reference.test(image)) return undefined;
  const name = image.split(/[:@]/)[0] ?? '';
  if (name !== name.toLowerCase() && reference.test(image.toLowerCase()))
    return 'repository name must be lowercase';
  return 'invalid reference format';
}

function validateImageListPullJob(spec: ImageListPullJobSpec, at: Path): FieldError[] {
  const specPath = at.child('spec');
  const selector = spec.selector;
  if (selector) {
    if (selector.matchLabels !== undefined || selector.matchExpressions !== undefined) {
      if (selector.names !== undefined) {
        return [
          fieldError.invalid(
            specPath.child('selector'),
            selector,
            'can not set both names and labelSelector in this spec.selector',
          ),
        ];
      }
      const err = labelSelectorError({ matchExpressions: selector.matchExpressions?.map((e) => ({ ...e })) });
      if (err)
        return [
          fieldError.invalid(
            specPath.child('selector', 'labelSelector'),
            selector,
            `invalid selector: ${err}`,
          ),
        ];
    }
    if (selector.names !== undefined && new Set(selector.names).size !== selector.names.length) {
      return [
        fieldError.invalid(
          specPath.child('selector', 'names'),
          selector.names,
          'duplicated name in selector names',
        ),
      ];
    }
  }
  if (spec.podSelector) {
    if (selector) return [fieldError.invalid(specPath, spec, 'can not set both selector and podSelector')];
    const err = labelSelectorError(spec.podSelector);
    if (err)
      return [
        fieldError.invalid(
          specPath.child('podSelector', 'labelSelector'),
          spec.podSelector,
          `invalid selector: ${err}`,
        ),
      ];
  }
  const images = spec.images ?? [];
  const imagesPath = specPath.child('images');
  if (images.length === 0) return [fieldError.invalid(imagesPath, images, 'image can not be empty')];
  if (images.length > 255)
    return [fieldError.invalid(imagesPath, images, 'the maximum number of images cannot > 255')];
  if (new Set(images).size !== images.length)
    return [fieldError.invalid(imagesPath, images, 'images cannot have duplicate values')];
  for (const image of images) {
    const err = imageReferenceError(image);
    if (err) return [fieldError.invalid(imagesPath, images, `invalid image ${image}: ${err}`)];
  }
  const completion = spec.completionPolicy ?? {};
  const completionPath = specPath.child('completionPolicy');
  if (completion.type !== 'Always') {
    return [
      fieldError.invalid(
        completionPath.child('type'),
        completion.type ?? '',
        `completionPolicy should be Always, but current value is: ${completion.type ?? ''}`,
      ),
    ];
  }
  const deadline = completion.activeDeadlineSeconds;
  if (deadline !== undefined && deadline > maxActiveDeadlineSeconds) {
    return [
      fieldError.invalid(
        completionPath.child('activeDeadlineSeconds'),
        deadline,
        `activeDeadlineSeconds must be less than ${maxActiveDeadlineSeconds}, current value is: ${deadline}`,
      ),
    ];
  }
  const timeout = spec.pullPolicy?.timeoutSeconds;
  if (deadline !== undefined && timeout !== undefined && timeout > deadline) {
    return [
      fieldError.invalid(
        completionPath.child('activeDeadlineSeconds'),
        deadline,
        `completionPolicy.activeDeadlineSeconds must be greater than pullPolicy.timeoutSeconds(${timeout})`,
      ),
    ];
  }
  if (completion.ttlSecondsAfterFinished !== undefined) {
    return [
      fieldError.invalid(
        completionPath.child('ttlSecondsAfterFinished'),
        completion.ttlSecondsAfterFinished,
        'ttlSecondsAfterFinished is not supported in advancedCronJob',
      ),
    ];
  }
  return [];
}

function validateSpec(spec: AdvancedCronJobV1beta1['spec'], at: Path): FieldError[] {
  const errs: FieldError[] = [];
  const schedulePath = at.child('schedule');
  if (!spec.schedule) {
    errs.push(
      fieldError.invalid(
        schedulePath,
        spec.schedule ?? '',
        'schedule cannot be empty, please provide valid cron schedule.',
      ),
    );
  }
  const cronError = cronScheduleError(spec.schedule ?? '');
  if (cronError) errs.push(fieldError.invalid(schedulePath, spec.schedule ?? '', cronError));
  if ((spec.schedule ?? '').includes('TZ') && spec.timeZone !== undefined) {
    errs.push(
      fieldError.invalid(
        schedulePath,
        spec.schedule,
        'cannot use both timeZone field and TZ or CRON_TZ in schedule',
      ),
    );
  }
  const template = spec.template ?? {};
  let count = 0;
  if (template.jobTemplate) {
    count++;
    errs.push(...validatePodTemplateSpec(template.jobTemplate.spec?.template, at.child('template')));
  }
  if (template.broadcastJobTemplate) {
    count++;
    errs.push(...validatePodTemplateSpec(template.broadcastJobTemplate.spec?.template, at.child('template')));
  }
  if (template.imageListPullJobTemplate) {
    count++;
    const policy = spec.concurrencyPolicy ?? '';
    if (policy !== 'Replace' && policy !== 'Forbid') {
      errs.push(
        fieldError.invalid(
          at.child('spec', 'concurrencyPolicy'),
          policy,
          `concurrencyPolicy should be Replace or Forbid, but current value is: ${policy}`,
        ),
      );
    }
    errs.push(
      ...validateImageListPullJob(
        template.imageListPullJobTemplate.spec ??
          ({ images: [], completionPolicy: {} } as ImageListPullJobSpec),
        at.child('template', 'imageListPullJobTemplate'),
      ),
    );
  }
  if (count === 0) {
    errs.push(
      fieldError.forbidden(
        at.child('template'),
        'spec must have one template, either JobTemplate or BroadcastJobTemplate or ImageListPullJobTemplate should be provided',
      ),
    );
  } else if (count > 1) {
    errs.push(
      fieldError.forbidden(
        at.child('template'),
        'spec can have only one template, either JobTemplate or BroadcastJobTemplate or ImageListPullJobTemplate should be provided',
      ),
    );
  }
  errs.push(...nonNegative(spec.startingDeadlineSeconds, at.child('startingDeadlineSeconds')));
  errs.push(...nonNegative(spec.successfulJobsHistoryLimit, at.child('successfulJobsHistoryLimit')));
  errs.push(...nonNegative(spec.failedJobsHistoryLimit, at.child('failedJobsHistoryLimit')));
  if (spec.timeZone !== undefined) {
    const tzPath = at.child('timeZone');
    if (spec.timeZone === '')
      errs.push(fieldError.invalid(tzPath, spec.timeZone, 'timeZone must be nil or non-empty string'));
    else {
      if (spec.timeZone.toLowerCase() === 'local') {
        errs.push(
          fieldError.invalid(
            tzPath,
            spec.timeZone,
            'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones',
          ),
        );
      }
      const err = timeZoneError(spec.timeZone);
      if (err) errs.push(fieldError.invalid(tzPath, spec.timeZone, err));
    }
  }
  return errs;
}

const updatableFields = [
  'schedule',
  'concurrencyPolicy',
  'successfulJobsHistoryLimit',
  'failedJobsHistoryLimit',
  'startingDeadlineSeconds',
  'paused',
  'timeZone',
];

/** Validates a v1beta1 AdvancedCronJob as Kruise's webhook does on CREATE (no `old`) or UPDATE. */
export function validateAdvancedCronJobV1beta1(
  obj: AdvancedCronJobV1beta1,
  options: { old?: unknown } = {},
): FieldError[] {
  const old = options.old as AdvancedCronJobV1beta1 | undefined;
  const nameValidator = kruiseNameValidator('AdvancedCronJob');
  if (!old) {
    const errs = validateObjectMeta(obj.metadata, { namespaced: true, nameValidator }, path('metadata'));
    return [...errs, ...validateSpec(obj.spec, path('spec'))];
  }
  const errs = validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata'));
  errs.push(...validateSpec(obj.spec, path('spec')));
  // Job and BroadcastJob templates are immutable; an ImageListPullJob template may change.
  const rest = (spec: AdvancedCronJobV1beta1['spec'], imageListPullJob: boolean) => {
    const copy = Object.fromEntries(
      Object.entries(spec).filter(([k]) => !updatableFields.includes(k)),
    ) as Record<string, unknown>;
    if (imageListPullJob && spec.template) {
      const { imageListPullJobTemplate: _ignored, ...template } = spec.template;
      copy.template = template;
    }
    return copy;
  };
  const oldHasPull = old.spec.template?.imageListPullJobTemplate !== undefined;
  if (!deepEqual(rest(obj.spec, oldHasPull), rest(old.spec, oldHasPull))) {
    errs.push(
      fieldError.forbidden(
        path('spec'),
        "updates to advancedcronjob spec for fields other than 'imageListPullJobTemplate', 'schedule', 'concurrencyPolicy', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit', 'startingDeadlineSeconds', 'timeZone' and 'paused' are forbidden",
      ),
    );
  }
  return errs;
}

export function validateAdvancedCronJobV1alpha1(
  obj: AdvancedCronJobV1alpha1,
  options: { old?: unknown } = {},
): FieldError[] {
  return validateAdvancedCronJobV1beta1(obj as AdvancedCronJobV1beta1, options);
}
