// ControllerRevisions of SidecarSets, read from the apiserver in the kruise namespace. Only SidecarSets that pin
// an injection revision (injectionStrategy.revision) need them, so this is off the hot path of pod admission.
import type { ControllerRevision } from '@kruise-ts/core';
import { CONTROLLER_REVISION } from '@kruise-ts/kube';
import type { KubeClient } from '@kruise-ts/runtime';
import { SIDECARSET_NAME_LABEL } from '@kruise-ts/sidecarset';

export type RevisionLister = (sidecarSetName: string) => Promise<ControllerRevision[]>;

export function apiserverRevisions(kube: KubeClient, namespace: string): RevisionLister {
  const api = kube.resource<ControllerRevision>(CONTROLLER_REVISION);
  return async (sidecarSetName) => {
    const list = await api.list({
      namespace,
      labelSelector: `${SIDECARSET_NAME_LABEL}=${sidecarSetName}`,
    });
    return list.items;
  };
}
