// Defaulting and validation for any apps.kruise.io object, chosen by its kind and apiVersion: what the webhook
// server calls for an AdmissionReview.
import type { KindName } from './crd/kinds.ts';
import { defaultAdvancedCronJobV1alpha1, defaultAdvancedCronJobV1beta1 } from './defaults/advancedcronjob.ts';
import { defaultBroadcastJobV1alpha1, defaultBroadcastJobV1beta1 } from './defaults/broadcastjob.ts';
import { defaultCloneSetV1alpha1, defaultCloneSetV1beta1 } from './defaults/cloneset.ts';
import type { DefaultingOptions } from './defaults/options.ts';
import { defaultSidecarSetV1alpha1, defaultSidecarSetV1beta1 } from './defaults/sidecarset.ts';
import { defaultStatefulSetV1alpha1, defaultStatefulSetV1beta1 } from './defaults/statefulset.ts';
import type { KruiseObject } from './object.ts';
import {
  validateAdvancedCronJobV1alpha1,
  validateAdvancedCronJobV1beta1,
} from './validation/advancedcronjob.ts';
import { validateBroadcastJobV1alpha1, validateBroadcastJobV1beta1 } from './validation/broadcastjob.ts';
import {
  type CloneSetValidationOptions,
  validateCloneSetV1alpha1,
  validateCloneSetV1beta1,
} from './validation/cloneset.ts';
import type { FieldError } from './validation/errors.ts';
import {
  type SidecarSetValidationOptions,
  validateSidecarSetV1alpha1,
  validateSidecarSetV1beta1,
} from './validation/sidecarset.ts';
import { validateStatefulSetV1alpha1, validateStatefulSetV1beta1 } from './validation/statefulset.ts';

type Key = `${KindName}/${'v1alpha1' | 'v1beta1'}`;

// The casts are where JSON meets the typed functions; each entry pairs a kind/version with its own functions.
type Defaulter = (obj: never, options: DefaultingOptions) => unknown;
type Validator = (
  obj: never,
  options: CloneSetValidationOptions & SidecarSetValidationOptions,
) => FieldError[];

const table: Record<Key, { defaults: Defaulter; validate: Validator }> = {
  'CloneSet/v1alpha1': { defaults: defaultCloneSetV1alpha1, validate: validateCloneSetV1alpha1 },
  'CloneSet/v1beta1': { defaults: defaultCloneSetV1beta1, validate: validateCloneSetV1beta1 },
  'StatefulSet/v1alpha1': { defaults: defaultStatefulSetV1alpha1, validate: validateStatefulSetV1alpha1 },
  'StatefulSet/v1beta1': { defaults: defaultStatefulSetV1beta1, validate: validateStatefulSetV1beta1 },
  'SidecarSet/v1alpha1': { defaults: defaultSidecarSetV1alpha1, validate: validateSidecarSetV1alpha1 },
  'SidecarSet/v1beta1': { defaults: defaultSidecarSetV1beta1, validate: validateSidecarSetV1beta1 },
  'BroadcastJob/v1alpha1': { defaults: defaultBroadcastJobV1alpha1, validate: validateBroadcastJobV1alpha1 },
  'BroadcastJob/v1beta1': { defaults: defaultBroadcastJobV1beta1, validate: validateBroadcastJobV1beta1 },
  'AdvancedCronJob/v1alpha1': {
    defaults: defaultAdvancedCronJobV1alpha1,
    validate: validateAdvancedCronJobV1alpha1,
  },
  'AdvancedCronJob/v1beta1': {
    defaults: defaultAdvancedCronJobV1beta1,
    validate: validateAdvancedCronJobV1beta1,
  },
};

function entry(obj: KruiseObject) {
  const [group, version] = obj.apiVersion.split('/');
  const found = group === 'apps.kruise.io' ? table[`${obj.kind}/${version}` as Key] : undefined;
  if (!found) throw new Error(`no apps.kruise.io kind ${obj.kind} at ${obj.apiVersion}`);
  return found;
}

/** Kruise's defaulting for the object's kind and version (a defaulted copy). */
export function defaultObject(obj: KruiseObject, options: DefaultingOptions = {}): KruiseObject {
  return entry(obj).defaults(obj as never, options) as KruiseObject;
}

/** Kruise's validation for the object's kind and version; pass `old` on UPDATE. */
export function validateObject(
  obj: KruiseObject,
  options: CloneSetValidationOptions & SidecarSetValidationOptions = {},
): FieldError[] {
  return entry(obj).validate(obj as never, options);
}
