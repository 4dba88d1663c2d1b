// Every apps.kruise.io kind the webhooks serve, with the @kruise-ts/api functions that default, validate and
// guard deletion of it, and the paths Kruise registers it under (spec/workloads.md §0.3).
import {
  type AdvancedCronJobV1alpha1,
  type AdvancedCronJobV1beta1,
  type BroadcastJobV1alpha1,
  type BroadcastJobV1beta1,
  type CloneSetV1alpha1,
  type CloneSetV1beta1,
  type DefaultingOptions,
  defaultAdvancedCronJobV1alpha1,
  defaultAdvancedCronJobV1beta1,
  defaultBroadcastJobV1alpha1,
  defaultBroadcastJobV1beta1,
  defaultCloneSetV1alpha1,
  defaultCloneSetV1beta1,
  defaultSidecarSetV1alpha1,
  defaultSidecarSetV1beta1,
  defaultStatefulSetV1alpha1,
  defaultStatefulSetV1beta1,
  type FieldError,
  type KindName,
  kindInfo,
  type SidecarSetV1alpha1,
  type SidecarSetV1beta1,
  type StatefulSetV1alpha1,
  type StatefulSetV1beta1,
  type Version,
  validateAdvancedCronJobV1alpha1,
  validateAdvancedCronJobV1beta1,
  validateBroadcastJobV1alpha1,
  validateBroadcastJobV1beta1,
  validateCloneSetDeletion,
  validateCloneSetV1alpha1,
  validateCloneSetV1beta1,
  validateSidecarSetV1alpha1,
  validateSidecarSetV1beta1,
  validateStatefulSetDeletion,
  validateStatefulSetV1alpha1,
  validateStatefulSetV1beta1,
} from '@kruise-ts/api';
import { hotUpgradeErrors, withSidecarSetHashes } from './sidecarset/sidecarset-admission.ts';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** What validation may look at beyond the object: other objects of the cluster, from the bus-fed cache. */
export interface ValidationContext {
  /** Every SidecarSet (v1beta1), for the canary-base and cross-SidecarSet conflict checks. */
  sidecarSets?: readonly SidecarSetV1beta1[];
}

export interface ServedKind {
  kind: KindName;
  plural: string;
  namespaced: boolean;
  mutatingPath: string;
  validatingPath: string;
  /** Operations the validating webhook is registered for. */
  validatingOperations: readonly Operation[];
  /** Returns a defaulted copy. */
  defaults(obj: unknown, version: Version, options: DefaultingOptions): unknown;
  /** Field errors of a CREATE or UPDATE (`old` on UPDATE). */
  validate(obj: unknown, version: Version, old: unknown, context?: ValidationContext): FieldError[];
  /** Why a DELETE is forbidden, if it is. */
  deletionError?(obj: unknown): string | undefined;
  /** The pod template(s) whose change decides whether template defaults are injected on UPDATE. */
  templateOf(obj: unknown): unknown;
}

const specOf = (obj: unknown): Record<string, unknown> =>
  ((obj as { spec?: Record<string, unknown> } | null)?.spec ?? {}) as Record<string, unknown>;

// Kruise runs with ResourcesDeletionProtection off by default (spec/cloneset.md §0.1).
const deletionProtection = {
  resourcesDeletionProtection: process.env.RESOURCES_DELETION_PROTECTION === 'true',
};

const paths = (name: string) => ({
  mutatingPath: `/mutate-apps-kruise-io-${name}`,
  validatingPath: `/validate-apps-kruise-io-${name}`,
});

const info = (kind: KindName) => {
  const k = kindInfo(kind);
  return { kind, plural: k.plural, namespaced: k.scope === 'Namespaced' };
};

export const servedKinds: readonly ServedKind[] = [
  {
    ...info('CloneSet'),
    // CloneSet keeps the versioned path of Kruise's kubebuilder marker.
    ...paths('v1alpha1-cloneset'),
    validatingOperations: ['CREATE', 'UPDATE', 'DELETE'],
    defaults: (obj, version, options) =>
      version === 'v1alpha1'
        ? defaultCloneSetV1alpha1(obj as CloneSetV1alpha1, options)
        : defaultCloneSetV1beta1(obj as CloneSetV1beta1, options),
    validate: (obj, version, old) =>
      version === 'v1alpha1'
        ? validateCloneSetV1alpha1(obj as CloneSetV1alpha1, { old })
        : validateCloneSetV1beta1(obj as CloneSetV1beta1, { old }),
    deletionError: (obj) => validateCloneSetDeletion(obj as CloneSetV1beta1, deletionProtection),
    templateOf: (obj) => [specOf(obj).template, specOf(obj).volumeClaimTemplates],
  },
  {
    ...info('StatefulSet'),
    ...paths('statefulset'),
    validatingOperations: ['CREATE', 'UPDATE', 'DELETE'],
    defaults: (obj, version, options) =>
      version === 'v1alpha1'
        ? defaultStatefulSetV1alpha1(obj as StatefulSetV1alpha1, options)
        : defaultStatefulSetV1beta1(obj as StatefulSetV1beta1, options),
    validate: (obj, version, old) =>
      version === 'v1alpha1'
        ? validateStatefulSetV1alpha1(obj as StatefulSetV1alpha1, { old })
        : validateStatefulSetV1beta1(obj as StatefulSetV1beta1, { old }),
    deletionError: (obj) => validateStatefulSetDeletion(obj as StatefulSetV1beta1, deletionProtection),
    templateOf: (obj) => [specOf(obj).template, specOf(obj).volumeClaimTemplates],
  },
  {
    ...info('SidecarSet'),
    ...paths('sidecarset'),
    validatingOperations: ['CREATE', 'UPDATE'],
    // SidecarSet defaulting has no template part (its containers are always defaulted). Kruise's webhook then
    // (re)writes the hash annotations the pod webhook and the controller compare.
    defaults: (obj, version) =>
      withSidecarSetHashes(
        version === 'v1alpha1'
          ? defaultSidecarSetV1alpha1(obj as SidecarSetV1alpha1)
          : defaultSidecarSetV1beta1(obj as SidecarSetV1beta1),
      ),
    validate: (obj, version, old, context) => {
      const options = { old, ...(context?.sidecarSets ? { sidecarSets: context.sidecarSets } : {}) };
      const errors =
        version === 'v1alpha1'
          ? validateSidecarSetV1alpha1(obj as SidecarSetV1alpha1, options)
          : validateSidecarSetV1beta1(obj as SidecarSetV1beta1, options);
      return [...errors, ...hotUpgradeErrors(obj as SidecarSetV1beta1)];
    },
    templateOf: () => undefined,
  },
  {
    ...info('BroadcastJob'),
    ...paths('broadcastjob'),
    validatingOperations: ['CREATE', 'UPDATE'],
    defaults: (obj, version, options) =>
      version === 'v1alpha1'
        ? defaultBroadcastJobV1alpha1(obj as BroadcastJobV1alpha1, options)
        : defaultBroadcastJobV1beta1(obj as BroadcastJobV1beta1, options),
    validate: (obj, version, old) =>
      version === 'v1alpha1'
        ? validateBroadcastJobV1alpha1(obj as BroadcastJobV1alpha1, { old })
        : validateBroadcastJobV1beta1(obj as BroadcastJobV1beta1, { old }),
    templateOf: (obj) => specOf(obj).template,
  },
  {
    ...info('AdvancedCronJob'),
    ...paths('advancedcronjob'),
    validatingOperations: ['CREATE', 'UPDATE'],
    defaults: (obj, version, options) =>
      version === 'v1alpha1'
        ? defaultAdvancedCronJobV1alpha1(obj as AdvancedCronJobV1alpha1, options)
        : defaultAdvancedCronJobV1beta1(obj as AdvancedCronJobV1beta1, options),
    validate: (obj, version, old) =>
      version === 'v1alpha1'
        ? validateAdvancedCronJobV1alpha1(obj as AdvancedCronJobV1alpha1, { old })
        : validateAdvancedCronJobV1beta1(obj as AdvancedCronJobV1beta1, { old }),
    templateOf: (obj) => specOf(obj).template,
  },
];

export function servedKind(kind: string): ServedKind | undefined {
  return servedKinds.find((k) => k.kind === kind);
}
