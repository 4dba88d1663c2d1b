// Pod and PVC identity of an Advanced StatefulSet (docs/behaviour/advanced-statefulset.md#identity, #pvcs; Kruise newStatefulSetPod, initIdentity,
// updateIdentity, updateStorage, getPersistentVolumeClaims, identityMatches, storageMatches, and the retention
// policy ownerRef rules claimOwnerMatchesSetAndPod / updateClaimOwnerRefForSetAndPod / hasStaleOwnerRef).

import {
  isPodAllHooked,
  type Lifecycle,
  LifecycleState,
  newControllerReference,
  type OwnerReference,
  withLifecycleState,
} from '@kruise-ts/core';
import { getOrdinal, ordinalInRange, parseStatefulPodName, type ReplicasRange } from './replicas-range.ts';
import {
  gateOn,
  type NewPod,
  type Now,
  type PersistentVolumeClaim,
  POD_INDEX_LABEL,
  POD_NAME_LABEL,
  type PodTemplateSpec,
  REVISION_LABEL,
  STATEFULSET_API_VERSION,
  STATEFULSET_KIND,
  type StatefulSet,
  type StatefulSetGates,
  type StatefulSetPod,
  type Volume,
} from './types.ts';

/** getPodName: `<set>-<ordinal>`. */
export function podName(setName: string, ordinal: number): string {
  return `${setName}-${ordinal}`;
}

/** getPersistentVolumeClaimName: `<claim template>-<set>-<ordinal>`. */
export function persistentVolumeClaimName(
  claimTemplateName: string,
  setName: string,
  ordinal: number,
): string {
  return `${claimTemplateName}-${setName}-${ordinal}`;
}

function setName(set: StatefulSet): string {
  return set.metadata?.name ?? '';
}

function setNamespace(set: StatefulSet): string {
  return set.metadata?.namespace ?? '';
}

/** The controller reference new pods and revisions carry (metav1.NewControllerRef). */
export function statefulSetControllerRef(set: StatefulSet): OwnerReference {
  return newControllerReference({
    apiVersion: STATEFULSET_API_VERSION,
    kind: STATEFULSET_KIND,
    name: setName(set),
    uid: set.metadata?.uid ?? '',
  });
}

/**
 * getPersistentVolumeClaims: one claim per volumeClaimTemplate, named for the ordinal, in the set's namespace,
 * labelled with the template's labels overlaid by selector.matchLabels (exactly matchLabels when the template has
 * none); everything else is copied from the template. Keyed by template name, in template order.
 */
export function persistentVolumeClaimsFor(
  set: StatefulSet,
  ordinal: number,
): Map<string, PersistentVolumeClaim> {
  const claims = new Map<string, PersistentVolumeClaim>();
  const matchLabels = set.spec.selector.matchLabels ?? {};
  for (const template of set.spec.volumeClaimTemplates ?? []) {
    const copy = structuredClone(template);
    const templateName = template.metadata?.name ?? '';
    const labels = copy.metadata?.labels;
    copy.metadata = {
      ...copy.metadata,
      name: persistentVolumeClaimName(templateName, setName(set), ordinal),
      namespace: setNamespace(set),
      labels: labels === undefined ? { ...matchLabels } : { ...labels, ...matchLabels },
    };
    claims.set(templateName, copy);
  }
  return claims;
}

/**
 * updateStorage: a persistentVolumeClaim volume per claim template (replacing any template volume of the same
 * name), followed by the other volumes in their order. Go emits the claim volumes in map order; here they follow
 * the template order.
 */
export function withClaimVolumes(
  set: StatefulSet,
  ordinal: number,
  volumes: readonly Volume[] | undefined,
): Volume[] {
  const claims = persistentVolumeClaimsFor(set, ordinal);
  const out: Volume[] = [];
  for (const [name, claim] of claims) {
    out.push({ name, persistentVolumeClaim: { claimName: claim.metadata?.name ?? '', readOnly: false } });
  }
  for (const v of volumes ?? []) if (!claims.has(v.name)) out.push(v);
  return out;
}

/** The identity labels updateIdentity sets: pod name, and the pod index with the PodIndexLabel gate. */
export function identityLabels(
  name: string,
  ordinal: number,
  gates?: StatefulSetGates,
): Record<string, string> {
  return {
    [POD_NAME_LABEL]: name,
    ...(gateOn(gates, 'podIndexLabel') ? { [POD_INDEX_LABEL]: String(ordinal) } : {}),
  };
}

/** The lifecycle state a new pod starts in: Normal unless a preNormal hook is configured and not all hooked. */
export function initialLifecycleState(
  lifecycle: Lifecycle | undefined,
  pod: { metadata: { labels?: Record<string, string>; finalizers?: string[] } },
): LifecycleState {
  if (lifecycle?.preNormal === undefined) return LifecycleState.Normal;
  return isPodAllHooked(lifecycle.preNormal, { metadata: pod.metadata })
    ? LifecycleState.Normal
    : LifecycleState.PreparingNormal;
}

export interface NewStatefulSetPodOptions {
  gates?: StatefulSetGates;
  /** For the lifecycle timestamp annotation. */
  now: Now;
}

/**
 * newStatefulSetPod + setPodRevision + the lifecycle state processReplica stamps before creating: the pod for
 * `ordinal` built from `template` (the template of the revision the pod is created at, see
 * templateFromRevision), labelled with `revisionName`.
 */
export function newStatefulSetPod(
  set: StatefulSet,
  template: PodTemplateSpec,
  ordinal: number,
  revisionName: string,
  options: NewStatefulSetPodOptions,
): NewPod {
  const name = podName(setName(set), ordinal);
  const tmpl = structuredClone(template);
  const spec = tmpl.spec ?? { containers: [] };
  const labels: Record<string, string> = {
    ...tmpl.metadata?.labels,
    ...identityLabels(name, ordinal, options.gates),
    [REVISION_LABEL]: revisionName,
  };
  const finalizers = tmpl.metadata?.finalizers;
  const base = {
    metadata: { labels, ...(finalizers === undefined ? {} : { finalizers }) },
  };
  const state = initialLifecycleState(set.spec.lifecycle, base);
  const meta = withLifecycleState(
    { labels, annotations: { ...tmpl.metadata?.annotations } },
    state,
    options.now,
  );
  const serviceName = set.spec.serviceName ?? '';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      generateName: `${setName(set)}-`,
      namespace: setNamespace(set),
      labels: meta.labels,
      annotations: meta.annotations,
      ...(finalizers === undefined ? {} : { finalizers }),
      ownerReferences: [statefulSetControllerRef(set)],
    },
    spec: {
      ...spec,
      volumes: withClaimVolumes(set, ordinal, spec.volumes),
      hostname: name,
      ...(serviceName === '' ? {} : { subdomain: serviceName }),
    },
  };
}

/** identityMatches: the name is `<set>-<ordinal>`, the namespace is the set's, and the pod-name label is right. */
export function identityMatches(set: StatefulSet, pod: StatefulSetPod): boolean {
  const name = pod.metadata.name ?? '';
  const parsed = parseStatefulPodName(name);
  return (
    parsed !== undefined &&
    parsed.ordinal >= 0 &&
    parsed.parent === setName(set) &&
    name === podName(setName(set), parsed.ordinal) &&
    (pod.metadata.namespace ?? '') === setNamespace(set) &&
    (pod.metadata.labels?.[POD_NAME_LABEL] ?? '') === name
  );
}

/** storageMatches: every claim template has a pod volume of its name pointing at the ordinal's claim. */
export function storageMatches(set: StatefulSet, pod: StatefulSetPod): boolean {
  const ordinal = getOrdinal(pod.metadata.name ?? '');
  if (ordinal < 0) return false;
  const volumes = new Map((pod.spec?.volumes ?? []).map((v) => [v.name, v]));
  for (const template of set.spec.volumeClaimTemplates ?? []) {
    const templateName = template.metadata?.name ?? '';
    const claim = volumes.get(templateName)?.persistentVolumeClaim;
    if (
      claim === undefined ||
      claim.claimName !== persistentVolumeClaimName(templateName, setName(set), ordinal)
    )
      return false;
  }
  return true;
}

/**
 * The pod after updateIdentity and updateStorage (what UpdateStatefulPod writes when identity or storage drifted);
 * the input is not changed. Hostname/subdomain are immutable and left alone.
 */
export function withFixedIdentity(
  set: StatefulSet,
  pod: StatefulSetPod,
  gates?: StatefulSetGates,
): StatefulSetPod {
  const out = structuredClone(pod);
  const ordinal = getOrdinal(pod.metadata.name ?? '');
  if (!identityMatches(set, pod)) {
    const name = podName(setName(set), ordinal);
    out.metadata = {
      ...out.metadata,
      name,
      namespace: setNamespace(set),
      labels: { ...out.metadata.labels, ...identityLabels(name, ordinal, gates) },
    };
  }
  if (!storageMatches(set, pod)) {
    out.spec = { ...out.spec, volumes: withClaimVolumes(set, ordinal, out.spec?.volumes) };
  }
  return out;
}

// ---- PVC retention policy ----

export type RetentionPolicyType = 'Retain' | 'Delete';

export interface RetentionPolicy {
  whenDeleted: RetentionPolicyType;
  whenScaled: RetentionPolicyType;
}

/** getPersistentVolumeClaimRetentionPolicy: Retain/Retain when unset (an unset field counts as unknown ⇒ Retain). */
export function retentionPolicy(set: StatefulSet): RetentionPolicy {
  const p = set.spec.persistentVolumeClaimRetentionPolicy;
  if (p === undefined) return { whenDeleted: 'Retain', whenScaled: 'Retain' };
  // Go copies the policy as is; a combination with an empty field matches no case and is treated as Retain/Retain.
  if (
    (p.whenDeleted !== 'Retain' && p.whenDeleted !== 'Delete') ||
    (p.whenScaled !== 'Retain' && p.whenScaled !== 'Delete')
  )
    return { whenDeleted: 'Retain', whenScaled: 'Retain' };
  return { whenDeleted: p.whenDeleted, whenScaled: p.whenScaled };
}

export interface ClaimOwner {
  name: string;
  uid: string;
}

function hasOwnerRef(claim: PersistentVolumeClaim, owner: ClaimOwner): boolean {
  return (claim.metadata?.ownerReferences ?? []).some((r) => r.uid === owner.uid);
}

/** hasStaleOwnerRef: a reference with the owner's name but another UID (a previous pod of that name). */
export function hasStaleOwnerRef(claim: PersistentVolumeClaim, owner: ClaimOwner): boolean {
  return (claim.metadata?.ownerReferences ?? []).some((r) => r.name === owner.name && r.uid !== owner.uid);
}

/** Which owners the claim of a pod should reference (the table of docs/behaviour/advanced-statefulset.md#pvcs). */
export function wantedClaimOwners(
  policy: RetentionPolicy,
  podInRange: boolean,
): { set: boolean; pod: boolean } {
  if (policy.whenScaled === 'Retain') return { set: policy.whenDeleted === 'Delete', pod: false };
  if (policy.whenDeleted === 'Retain') return { set: false, pod: !podInRange };
  return { set: podInRange, pod: !podInRange };
}

/** What the claims' owner references read of a pod: a created pod's answer carries no more (answer 'head'). */
type PodIdentity = { metadata: { name?: string; uid?: string } };

function podOwner(pod: PodIdentity): ClaimOwner {
  return { name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '' };
}

function setOwner(set: StatefulSet): ClaimOwner {
  return { name: setName(set), uid: set.metadata?.uid ?? '' };
}

function podInRange(pod: PodIdentity, range: ReplicasRange): boolean {
  return ordinalInRange(getOrdinal(pod.metadata.name ?? ''), range);
}

/** claimOwnerMatchesSetAndPod: the claim's set/pod references agree with the policy. */
export function claimOwnerMatchesSetAndPod(
  claim: PersistentVolumeClaim,
  set: StatefulSet,
  pod: StatefulSetPod,
  range: ReplicasRange,
): boolean {
  const want = wantedClaimOwners(retentionPolicy(set), podInRange(pod, range));
  return hasOwnerRef(claim, setOwner(set)) === want.set && hasOwnerRef(claim, podOwner(pod)) === want.pod;
}

/**
 * updateClaimOwnerRefForSetAndPod: the claim with references added (plain refs: set = apps.kruise.io/v1beta1
 * StatefulSet, pod = v1 Pod, appended) or removed per the policy; `changed` says whether it must be written.
 */
export function claimWithRetentionOwnerRefs(
  claim: PersistentVolumeClaim,
  set: StatefulSet,
  pod: PodIdentity,
  range: ReplicasRange,
): { claim: PersistentVolumeClaim; changed: boolean } {
  const want = wantedClaimOwners(retentionPolicy(set), podInRange(pod, range));
  let refs = [...(claim.metadata?.ownerReferences ?? [])];
  let changed = false;
  const apply = (owner: ClaimOwner, wanted: boolean, apiVersion: string, kind: string) => {
    const has = refs.some((r) => r.uid === owner.uid);
    if (wanted && !has) {
      refs.push({ apiVersion, kind, name: owner.name, uid: owner.uid });
      changed = true;
    } else if (!wanted && has) {
      refs = refs.filter((r) => r.uid !== owner.uid);
      changed = true;
    }
  };
  // Go's order: for Delete/Delete the set ref is handled before the pod ref, likewise elsewhere.
  apply(setOwner(set), want.set, STATEFULSET_API_VERSION, STATEFULSET_KIND);
  apply(podOwner(pod), want.pod, 'v1', 'Pod');
  if (!changed) return { claim, changed };
  return { claim: { ...claim, metadata: { ...claim.metadata, ownerReferences: refs } }, changed };
}
