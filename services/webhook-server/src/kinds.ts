// Every apps.kruise.io kind the webhooks serve, with the @kruise-ts/api functions that default, validate and
// guard deletion of it, and the paths Kruise registers it under (docs/behaviour/webhook-certificates.md#webhook-paths).
import {
  type AdvancedCronJobV1alpha1,
  type AdvancedCronJobV1beta1,
  type BroadcastJobV1alpha1,
  type BroadcastJobV1beta1,
  type CloneSetV1alpha1,
  type CloneSetV1beta1,
  convertStatefulSetToV1beta1,
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
  type PatchPodMetadataWhitelist,
  type PodSummary,
  type SidecarSetV1alpha1,
  type SidecarSetV1beta1,
  type StatefulSetV1alpha1,
  type StatefulSetV1beta1,
  type StorageClassFacts,
  storageClassesToRead,
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
  validateVolumeClaimTemplateUpdate,
} from '@kruise-ts/api';
import type { ClusterReader } from './admission/cluster-reader.ts';
import {
  parsePatchPodMetadataWhitelist,
  patchesPodMetadata,
  pinnedInjectionRevision,
  podsToLookUp,
  whitelistFieldError,
} from './admission/lookups.ts';
import { withSidecarSetHashes } from './sidecarset/sidecarset-admission.ts';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** What validation may look at beyond the object: other objects of the cluster. Checks without it are skipped. */
export interface ValidationContext {
  /** Every SidecarSet (v1beta1), for the canary-base and cross-SidecarSet conflict checks (bus-fed cache). */
  sidecarSets?: readonly SidecarSetV1beta1[];
  /** The pods newly named in a CloneSet's podsToDelete that exist, by name (read from the apiserver). */
  pods?: ReadonlyMap<string, PodSummary>;
  /** Whether the ControllerRevision a SidecarSet's injectionStrategy.revision names exists, and the lookup's error. */
  injectionRevision?: { found: boolean; error?: string };
  /** kruise-configuration's patchPodMetadata whitelist; `null` when there is none. */
  patchPodMetadataWhitelist?: PatchPodMetadataWhitelist | null;
  /** Errors found while reading (a whitelist that does not parse), reported with the object's own. */
  lookupErrors?: FieldError[];
  /** Gate StatefulSetAutoResizePVCGate: an UPDATE's volumeClaimTemplates follow its rules. */
  autoResizePVC?: boolean;
  /** The storage classes those rules ask about (read on such an UPDATE). */
  storageClasses?: StorageClassFacts;
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
  /** Reads from the cluster what `validate` needs beyond the cache (`old` on UPDATE). */
  lookup?(
    obj: unknown,
    old: unknown,
    reader: ClusterReader,
    context: ValidationContext,
  ): Promise<ValidationContext>;
  /** Why a DELETE is forbidden, if it is. */
  deletionError?(obj: unknown): string | undefined;
  /** The pod template(s) whose change decides whether template defaults are injected on UPDATE. */
  templateOf(obj: unknown): unknown;
}

const POD_READS_IN_PARALLEL = 8;

const specOf = (obj: unknown): Record<string, unknown> =>
  ((obj as { spec?: Record<string, unknown> } | null)?.spec ?? {}) as Record<string, unknown>;

// Kruise runs with ResourcesDeletionProtection off by default (docs/behaviour/cloneset.md#feature-gates).
const deletionProtection = {
  resourcesDeletionProtection: process.env.RESOURCES_DELETION_PROTECTION === 'true',
};

/** The object as v1beta1, the version Kruise validates a StatefulSet's claim templates in. */
const asStatefulSetV1beta1 = (obj: unknown): StatefulSetV1beta1 =>
  (obj as { apiVersion?: string }).apiVersion?.endsWith('/v1alpha1')
    ? convertStatefulSetToV1beta1(obj as StatefulSetV1alpha1)
    : (obj as StatefulSetV1beta1);

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
    // Kruise's v1beta1 webhook skips the podsToDelete pod checks; kruise-ts runs them for both (README).
    validate: (obj, version, old, context) => {
      const options = { old, ...(context?.pods ? { pods: context.pods } : {}) };
      return version === 'v1alpha1'
        ? validateCloneSetV1alpha1(obj as CloneSetV1alpha1, options)
        : validateCloneSetV1beta1(obj as CloneSetV1beta1, options);
    },
    lookup: async (obj, old, reader) => {
      const names = podsToLookUp(obj, old);
      if (names.length === 0) return {};
      const namespace = (obj as CloneSetV1beta1).metadata?.namespace ?? '';
      const pods = new Map<string, PodSummary>();
      // A few GETs at a time: a long list must fit in the webhook's timeout without flooding the apiserver.
      for (let i = 0; i < names.length; i += POD_READS_IN_PARALLEL) {
        const batch = names.slice(i, i + POD_READS_IN_PARALLEL);
        const read = await Promise.all(batch.map((name) => reader.pod(namespace, name)));
        batch.forEach((name, j) => {
          const pod = read[j];
          if (pod !== undefined) pods.set(name, pod);
        });
      }
      return { pods };
    },
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
    validate: (obj, version, old, context) => {
      const errors =
        version === 'v1alpha1'
          ? validateStatefulSetV1alpha1(obj as StatefulSetV1alpha1, { old })
          : validateStatefulSetV1beta1(obj as StatefulSetV1beta1, { old });
      // Kruise checks the claim templates' update only once the rest is valid.
      if (errors.length > 0 || old === undefined || !context?.autoResizePVC) return errors;
      return validateVolumeClaimTemplateUpdate(
        asStatefulSetV1beta1(obj),
        asStatefulSetV1beta1(old),
        context.storageClasses ?? { named: new Map() },
      );
    },
    lookup: async (obj, old, reader, context) => {
      if (old === undefined || !context.autoResizePVC) return {};
      const wanted = storageClassesToRead(asStatefulSetV1beta1(obj), asStatefulSetV1beta1(old));
      if (wanted.names.length === 0 && !wanted.defaultClass) return {};
      const named = new Map<string, { allowVolumeExpansion?: boolean } | undefined>();
      // A class that cannot be read counts as missing, as Kruise's `can not get sc`.
      for (const name of wanted.names)
        named.set(name, await reader.storageClass(name).catch(() => undefined));
      let defaultClass: StorageClassFacts['default'];
      if (wanted.defaultClass)
        defaultClass = await reader.defaultStorageClass().catch(() => 'unreadable' as const);
      return { storageClasses: { named, ...(defaultClass === undefined ? {} : { default: defaultClass }) } };
    },
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
    validate: (obj, version, old, context = {}) => {
      const pinned = context.injectionRevision;
      const options = {
        old,
        ...(context.sidecarSets ? { sidecarSets: context.sidecarSets } : {}),
        ...(pinned !== undefined ? { injectionRevisionExists: () => pinned.found } : {}),
        ...(pinned?.error !== undefined ? { injectionRevisionError: pinned.error } : {}),
        ...(context.patchPodMetadataWhitelist !== undefined
          ? { patchPodMetadataWhitelist: context.patchPodMetadataWhitelist }
          : {}),
      };
      const errors =
        version === 'v1alpha1'
          ? validateSidecarSetV1alpha1(obj as SidecarSetV1alpha1, options)
          : validateSidecarSetV1beta1(obj as SidecarSetV1beta1, options);
      return [...errors, ...(context.lookupErrors ?? [])];
    },
    lookup: async (obj, _old, reader) => {
      const context: ValidationContext = {};
      const pinned = pinnedInjectionRevision(obj);
      if (pinned !== undefined) {
        const name = (obj as SidecarSetV1beta1).metadata?.name ?? '';
        context.injectionRevision = await reader.injectionRevision(name, pinned);
      }
      if (patchesPodMetadata(obj)) {
        const parsed = parsePatchPodMetadataWhitelist(await reader.kruiseConfiguration());
        if ('error' in parsed) context.lookupErrors = [whitelistFieldError(parsed.error)];
        else context.patchPodMetadataWhitelist = parsed.whitelist;
      }
      return context;
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
