// The bus contract in one place: its version, the subject layout, the partition function, the lease keys and
// the object payload, with the rule a consumer applies to a message's contract version. CONTRACT.md explains
// it; contract.lock.json records its fingerprint so a change without a version bump fails the unit tests.

/**
 * The contract this build speaks. Version 1 is everything published before messages carried a version (no
 * header); 2 added the `Kruise-Ts-Contract` and `Kruise-Ts-Publisher` headers and nothing else.
 */
export const CONTRACT_VERSION = 2;

/** Header carrying the contract version of the message (decimal). Absent means version 1. */
export const CONTRACT_VERSION_HEADER = 'Kruise-Ts-Contract';
/** Header naming the publishing build, `<service>/<version>`. Informational: nothing decides on it. */
export const PUBLISHER_HEADER = 'Kruise-Ts-Publisher';

/**
 * Header of an object message naming the kind of the object's controller (`<Kind>.<group>`, the group of
 * ownerReferences[controller=true].apiVersion); absent when it has none or the publisher predates it. Optional
 * and additive: a consumer that holds only its own kind's objects skips the others without decoding them, one
 * that does not know the header reads every message as before (docs/adr/0023-each-service-reads-only-its-kinds.md).
 */
export const CONTROLLER_KIND_HEADER = 'Kruise-Controller-Kind';

/** The header value for a controller kind. */
export function controllerKindValue(kind: { group: string; kind: string }): string {
  return `${kind.kind}.${kind.group}`;
}

/** How far from its own version a consumer still reads: one version back and one forward. */
export const CONTRACT_SKEW = 1;

/** Subject templates; each `<…>` is one token escaped as tokens.ts says. */
export const SUBJECT_TEMPLATES = {
  object: '<prefix>.objects.<Kind>.<group>.<partition>.<namespace>.<name>',
  event: '<prefix>.events.<EventType>.<partition>.<namespace>.<name>',
  clusterScopedPartition: '_',
  emptyToken: '_',
} as const;

/** `partition = fnv1a32(utf8(namespace)) mod partitions`, nats-server's partition() transform. */
export const PARTITION_FUNCTION = 'fnv1a32(utf8(namespace)) mod partitions';

/** Keys of the `<prefix>_leases` KV bucket; `<controller>` and `<member>` are `[A-Za-z0-9_-]`. */
export const LEASE_KEYS = {
  member: '<controller>.members.<member>',
  partition: '<controller>.partitions.<partition>',
  /** The value of a partition lease is the holder's member id; of a member key, the member id too. */
  value: 'member id (UTF-8)',
} as const;

/** The KV key a member heartbeats under; characters outside `[A-Za-z0-9_-]` of the id become `_`. */
export function leaseMemberKey(controller: string, memberId: string): string {
  return `${controller}.members.${memberId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The KV key of partition p's lease. */
export function leasePartitionKey(controller: string, partition: number): string {
  return `${controller}.partitions.${partition}`;
}

/** One kind on the bus and the apiVersion its JSON (ObjectEvent.object) is published at. */
export interface PayloadVersion {
  group: string;
  kind: string;
  /** The version the watcher reads the kind at, which for Kruise kinds is their storage version. */
  version: string;
}

/**
 * Which JSON of each kind is on the bus. A consumer that needs another version converts (packages/api does it
 * losslessly); a kind missing here is not part of the contract, and a consumer skips objects of a kind it
 * does not know (it never subscribes to them).
 */
export const PAYLOAD_VERSIONS: readonly PayloadVersion[] = [
  { group: 'apps.kruise.io', kind: 'CloneSet', version: 'v1beta1' },
  { group: 'apps.kruise.io', kind: 'StatefulSet', version: 'v1beta1' },
  { group: 'apps.kruise.io', kind: 'SidecarSet', version: 'v1beta1' },
  { group: 'apps.kruise.io', kind: 'BroadcastJob', version: 'v1beta1' },
  { group: 'apps.kruise.io', kind: 'AdvancedCronJob', version: 'v1beta1' },
  { group: '', kind: 'Pod', version: 'v1' },
  { group: '', kind: 'PersistentVolumeClaim', version: 'v1' },
  { group: 'apps', kind: 'ControllerRevision', version: 'v1' },
  { group: '', kind: 'Node', version: 'v1' },
  { group: 'batch', kind: 'Job', version: 'v1' },
  { group: '', kind: 'Namespace', version: 'v1' },
  { group: 'admissionregistration.k8s.io', kind: 'MutatingWebhookConfiguration', version: 'v1' },
  { group: 'admissionregistration.k8s.io', kind: 'ValidatingWebhookConfiguration', version: 'v1' },
  { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition', version: 'v1' },
];

/** The contract version a message declares; a missing header is version 1, an unreadable one NaN. */
export function contractVersionOf(headers: { get(name: string): string } | undefined): number {
  const raw = headers?.get(CONTRACT_VERSION_HEADER) ?? '';
  if (raw === '') return 1;
  return /^[0-9]{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
}

export type ContractDecision = { accept: true } | { accept: false; reason: string };

/** Whether a consumer at `own` reads a message at `version`: within CONTRACT_SKEW either way, else refused. */
export function contractDecision(version: number, own: number = CONTRACT_VERSION): ContractDecision {
  if (!Number.isInteger(version)) {
    return { accept: false, reason: `unreadable ${CONTRACT_VERSION_HEADER} header` };
  }
  if (Math.abs(version - own) <= CONTRACT_SKEW) return { accept: true };
  const lo = Math.max(1, own - CONTRACT_SKEW);
  return {
    accept: false,
    reason: `contract version ${version} is outside ${lo}..${own + CONTRACT_SKEW} readable by contract ${own}`,
  };
}

/** A message a consumer refused because of its contract version; the object or event it is about stays put. */
export interface ContractRefusal {
  subject: string;
  seq: number;
  /** The declared version; NaN when unreadable. */
  version: number;
  reason: string;
  /** `objects` or `events`. */
  stream: 'objects' | 'events';
  /** The kind (objects) or event type (events) named by the subject. */
  subjectKind: string;
  /** The partition named by the subject; undefined for cluster-scoped objects. */
  partition: number | undefined;
  /** `namespace/name` (or `name` for cluster scope) named by the subject. */
  key: string;
}
