// The apiserver reads validation needs (see lookups.ts): a pod of the admitted object's namespace, a SidecarSet
// injection ControllerRevision and the kruise-configuration ConfigMap, both in the kruise namespace where the
// sidecarset-controller keeps revisions (services/sidecarset-controller, POD_NAMESPACE). Absent objects are
// `undefined`; any other failure is thrown and the request is denied.
import type { PodSummary } from '@kruise-ts/api';
import { type KubeClient, NotFoundError, resources } from '@kruise-ts/runtime';
import { findInjectionRevision } from '@kruise-ts/sidecarset';
import type { RevisionLister } from '../sidecarset/revisions.ts';
import { KRUISE_CONFIGURATION } from './lookups.ts';

export interface ClusterReader {
  pod(namespace: string, name: string): Promise<PodSummary | undefined>;
  /**
   * Whether the revision a SidecarSet pins exists: by name (a GET; `error` is the apiserver's NotFound message, as
   * Kruise prints it), or the newest with the custom version (a list; no error when none matches).
   */
  injectionRevision(
    sidecarSetName: string,
    ref: { revisionName?: string; customVersion?: string },
  ): Promise<{ found: boolean; error?: string }>;
  /** The data of kruise-configuration in the kruise namespace; `undefined` when it does not exist. */
  kruiseConfiguration(): Promise<Record<string, string> | undefined>;
  /** A StorageClass's allowVolumeExpansion; `undefined` when it does not exist. */
  storageClass(name: string): Promise<{ allowVolumeExpansion?: boolean } | undefined>;
  /** The default StorageClass (the newest marked default), `null` when there is none. */
  defaultStorageClass(): Promise<{ name: string; allowVolumeExpansion?: boolean } | null>;
}

async function orUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

export function apiserverReader(
  kube: KubeClient,
  kruiseNamespace: string,
  revisions: RevisionLister,
): ClusterReader {
  const pods = kube.resource<PodSummary>(resources.pods);
  const revisionApi = kube.resource<object>(resources.controllerRevisions);
  const configMaps = kube.resource<{ data?: Record<string, string> }>(resources.configMaps);
  const storageClasses = kube.resource<StorageClass>(resources.storageClasses);
  return {
    async pod(namespace, name) {
      return orUndefined(() => pods.get({ namespace, name }));
    },
    async injectionRevision(sidecarSetName, ref) {
      if (ref.revisionName !== undefined) {
        const name = ref.revisionName;
        try {
          await revisionApi.get({ namespace: kruiseNamespace, name });
          return { found: true };
        } catch (err) {
          if (!(err instanceof NotFoundError)) throw err;
          return { found: false, error: err.status?.message ?? err.message };
        }
      }
      return {
        found: findInjectionRevision(await revisions(sidecarSetName), sidecarSetName, ref) !== undefined,
      };
    },
    async kruiseConfiguration() {
      const cm = await orUndefined(() =>
        configMaps.get({ namespace: kruiseNamespace, name: KRUISE_CONFIGURATION }),
      );
      return cm === undefined ? undefined : (cm.data ?? {});
    },
    async storageClass(name) {
      const sc = await orUndefined(() => storageClasses.get({ name }));
      return sc === undefined ? undefined : expansionOf(sc);
    },
    async defaultStorageClass() {
      // As Kruise's GetDefaultStorageClass: of the classes marked default, the newest.
      let found: StorageClass | undefined;
      for (const sc of (await storageClasses.list({})).items) {
        if (sc.metadata?.annotations?.[DEFAULT_STORAGE_CLASS] !== 'true') continue;
        if (
          found === undefined ||
          (found.metadata?.creationTimestamp ?? '') < (sc.metadata?.creationTimestamp ?? '')
        )
          found = sc;
      }
      return found === undefined ? null : { name: found.metadata?.name ?? '', ...expansionOf(found) };
    },
  };
}

interface StorageClass {
  metadata?: { name?: string; annotations?: Record<string, string>; creationTimestamp?: string };
  allowVolumeExpansion?: boolean;
}

const DEFAULT_STORAGE_CLASS = 'storageclass.kubernetes.io/is-default-class';

const expansionOf = (sc: StorageClass): { allowVolumeExpansion?: boolean } =>
  sc.allowVolumeExpansion === undefined ? {} : { allowVolumeExpansion: sc.allowVolumeExpansion };
