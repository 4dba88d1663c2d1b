// ControllerRevisions of SidecarSets, read from the apiserver in the kruise namespace. Only SidecarSets that pin
// an injection revision (injectionStrategy.revision) need them, so this is off the hot path of pod admission.
import type { ControllerRevision } from '@kruise-ts/core';
import type { KubeClient } from '@kruise-ts/runtime';
import { SIDECARSET_NAME_LABEL } from '@kruise-ts/sidecarset';
import { AppsV1Api } from '@kubernetes/client-node';

export type RevisionLister = (sidecarSetName: string) => Promise<ControllerRevision[]>;

export function apiserverRevisions(kube: KubeClient, namespace: string): RevisionLister {
  const apps = kube.api(AppsV1Api);
  return async (sidecarSetName) => {
    const list = await apps.listNamespacedControllerRevision({
      namespace,
      labelSelector: `${SIDECARSET_NAME_LABEL}=${sidecarSetName}`,
    });
    // client-node turns timestamps into Dates; the decisions read JSON.
    return JSON.parse(JSON.stringify(list.items)) as ControllerRevision[];
  };
}
