// Group, version, kind and resource of every kind the project reads or writes, declared once. The bus and the
// caches address objects by group and kind; REST writes need version and plural too.

export interface GroupKind {
  readonly group: string;
  readonly kind: string;
}

export interface GroupVersionResource {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
}

export interface KindInfo extends GroupKind, GroupVersionResource {
  readonly namespaced: boolean;
}

const kind = (group: string, version: string, kind: string, plural: string, namespaced = true): KindInfo =>
  Object.freeze({ group, version, kind, plural, namespaced });

export const KRUISE_GROUP = 'apps.kruise.io';

// apps.kruise.io, at the storage version the controllers read and write.
export const CLONESET = kind(KRUISE_GROUP, 'v1beta1', 'CloneSet', 'clonesets');
export const STATEFULSET = kind(KRUISE_GROUP, 'v1beta1', 'StatefulSet', 'statefulsets');
export const SIDECARSET = kind(KRUISE_GROUP, 'v1beta1', 'SidecarSet', 'sidecarsets', false);
export const BROADCASTJOB = kind(KRUISE_GROUP, 'v1beta1', 'BroadcastJob', 'broadcastjobs');
export const ADVANCEDCRONJOB = kind(KRUISE_GROUP, 'v1beta1', 'AdvancedCronJob', 'advancedcronjobs');

// Kubernetes built-ins.
export const POD = kind('', 'v1', 'Pod', 'pods');
export const PVC = kind('', 'v1', 'PersistentVolumeClaim', 'persistentvolumeclaims');
export const NODE = kind('', 'v1', 'Node', 'nodes', false);
export const NAMESPACE = kind('', 'v1', 'Namespace', 'namespaces', false);
export const SECRET = kind('', 'v1', 'Secret', 'secrets');
export const EVENT = kind('', 'v1', 'Event', 'events');
export const CONTROLLER_REVISION = kind('apps', 'v1', 'ControllerRevision', 'controllerrevisions');
export const JOB = kind('batch', 'v1', 'Job', 'jobs');
export const LEASE = kind('coordination.k8s.io', 'v1', 'Lease', 'leases');
export const MUTATING_WEBHOOK_CONFIGURATION = kind(
  'admissionregistration.k8s.io',
  'v1',
  'MutatingWebhookConfiguration',
  'mutatingwebhookconfigurations',
  false,
);
export const VALIDATING_WEBHOOK_CONFIGURATION = kind(
  'admissionregistration.k8s.io',
  'v1',
  'ValidatingWebhookConfiguration',
  'validatingwebhookconfigurations',
  false,
);
export const CUSTOM_RESOURCE_DEFINITION = kind(
  'apiextensions.k8s.io',
  'v1',
  'CustomResourceDefinition',
  'customresourcedefinitions',
  false,
);

export const KINDS: readonly KindInfo[] = [
  CLONESET,
  STATEFULSET,
  SIDECARSET,
  BROADCASTJOB,
  ADVANCEDCRONJOB,
  POD,
  PVC,
  NODE,
  NAMESPACE,
  SECRET,
  EVENT,
  CONTROLLER_REVISION,
  JOB,
  LEASE,
  MUTATING_WEBHOOK_CONFIGURATION,
  VALIDATING_WEBHOOK_CONFIGURATION,
  CUSTOM_RESOURCE_DEFINITION,
];

/** "apps.kruise.io/v1beta1", or "v1" for the core group. */
export function apiVersionOf(k: { readonly group: string; readonly version: string }): string {
  return k.group === '' ? k.version : `${k.group}/${k.version}`;
}

/** schema.ParseGroupVersion for a well-formed apiVersion: "apps/v1" → apps, v1; "v1" → '', v1. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** Only the REST coordinates, for client calls that spread them into their parameters. */
export function resourceOf(k: GroupVersionResource): GroupVersionResource {
  return { group: k.group, version: k.version, plural: k.plural };
}

/** The group of an apiVersion ('' for the core group). */
export function groupOf(apiVersion: string): string {
  return parseApiVersion(apiVersion).group;
}

export function sameGroupKind(a: GroupKind, b: GroupKind): boolean {
  return a.group === b.group && a.kind === b.kind;
}

/** The registered kind for a group and kind, if the project knows it. */
export function kindOf(gk: GroupKind): KindInfo | undefined {
  return KINDS.find((k) => sameGroupKind(k, gk));
}
