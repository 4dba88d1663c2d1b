// The resources the controllers read, and so the ones the watcher mirrors onto the bus.
// The watcher is the only component that lists and watches these on the apiserver.
import {
  ADVANCEDCRONJOB,
  apiVersionOf,
  BROADCASTJOB,
  CLONESET,
  CONTROLLER_REVISION,
  CUSTOM_RESOURCE_DEFINITION,
  JOB,
  type KindInfo,
  MUTATING_WEBHOOK_CONFIGURATION,
  NAMESPACE,
  NODE,
  POD,
  PVC,
  SIDECARSET,
  STATEFULSET,
  VALIDATING_WEBHOOK_CONFIGURATION,
} from '@kruise-ts/kube';

export interface WatchedResource {
  group: string; // '' for the core group
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  /** Narrows the watch, e.g. to the one Secret that holds the webhook certificate. */
  namespace?: string;
  fieldSelector?: string;
}

const watched = (k: KindInfo): WatchedResource => ({
  group: k.group,
  version: k.version,
  plural: k.plural,
  kind: k.kind,
  namespaced: k.namespaced,
});

export const watchedResources: readonly WatchedResource[] = [
  ...[CLONESET, STATEFULSET, SIDECARSET, BROADCASTJOB, ADVANCEDCRONJOB].map(watched),
  ...[POD, PVC, CONTROLLER_REVISION, NODE, JOB, NAMESPACE].map(watched),
  ...[MUTATING_WEBHOOK_CONFIGURATION, VALIDATING_WEBHOOK_CONFIGURATION, CUSTOM_RESOURCE_DEFINITION].map(
    watched,
  ),
  // No Secret: whatever reaches the bus can be read by every bus identity, and the webhook Secret carries the
  // CA's private key. webhook-server reads the certificate from the apiserver; cert-manager announces a rotation
  // with CertificateRotated, which carries fingerprints, not keys.
];

export { apiVersionOf };

/** Collection path, e.g. /apis/apps.kruise.io/v1beta1/clonesets or /api/v1/namespaces/x/secrets. */
export function collectionPath(r: WatchedResource): string {
  const base = r.group === '' ? `/api/${r.version}` : `/apis/${r.group}/${r.version}`;
  return r.namespace ? `${base}/namespaces/${r.namespace}/${r.plural}` : `${base}/${r.plural}`;
}

/** A stable name for logs, metrics and configuration, e.g. `pods.core`, `clonesets.apps.kruise.io`. */
export function resourceId(r: WatchedResource): string {
  return `${r.plural}.${r.group === '' ? 'core' : r.group}`;
}

/** The resource a CustomResourceDefinition serves, as `resourceId` names it. */
export function crdResourceId(crd: { spec?: { group?: string; names?: { plural?: string } } }): string {
  return `${crd.spec?.names?.plural ?? ''}.${crd.spec?.group ?? ''}`;
}
