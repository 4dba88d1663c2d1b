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
  };
}
