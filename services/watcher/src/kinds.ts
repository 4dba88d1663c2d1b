// The resources the controllers read, and so the ones the watcher mirrors onto the bus.
// The watcher is the only component that lists and watches these on the apiserver.

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

const kruise = (plural: string, kind: string, namespaced = true): WatchedResource => ({
  group: 'apps.kruise.io',
  version: 'v1beta1',
  plural,
  kind,
  namespaced,
});

export const watchedResources: readonly WatchedResource[] = [
  kruise('clonesets', 'CloneSet'),
  kruise('statefulsets', 'StatefulSet'),
  kruise('sidecarsets', 'SidecarSet', false),
  kruise('broadcastjobs', 'BroadcastJob'),
  kruise('advancedcronjobs', 'AdvancedCronJob'),
  { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true },
  {
    group: '',
    version: 'v1',
    plural: 'persistentvolumeclaims',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
  },
  {
    group: 'apps',
    version: 'v1',
    plural: 'controllerrevisions',
    kind: 'ControllerRevision',
    namespaced: true,
  },
  { group: '', version: 'v1', plural: 'nodes', kind: 'Node', namespaced: false },
  { group: 'batch', version: 'v1', plural: 'jobs', kind: 'Job', namespaced: true },
  { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false },
  {
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    plural: 'mutatingwebhookconfigurations',
    kind: 'MutatingWebhookConfiguration',
    namespaced: false,
  },
  {
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    plural: 'validatingwebhookconfigurations',
    kind: 'ValidatingWebhookConfiguration',
    namespaced: false,
  },
  {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    plural: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
  },
  // No Secret: whatever reaches the bus can be read by every bus identity, and the webhook Secret carries the
  // CA's private key. webhook-server reads the certificate from the apiserver; cert-manager announces a rotation
  // with CertificateRotated, which carries fingerprints, not keys.
];

export function apiVersionOf(r: WatchedResource): string {
  return r.group === '' ? r.version : `${r.group}/${r.version}`;
}

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
