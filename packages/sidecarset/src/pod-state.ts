// A pod's state with respect to one SidecarSet (sidecarset_control.go, util.go; docs/behaviour/sidecarset.md#reconcile, #completion): which
// pods the SidecarSet manages, whether their sidecars are at its hash, whether an in-place upgrade finished
// (from container statuses), readiness, and whether only images changed.
import { sidecarSetRevision, sidecarSetRevisionWithoutImage } from './hash.ts';
import {
  hotUpgradeContainerNames,
  isHotUpgradeSidecar,
  podHotUpgradeContainers,
  workingHotUpgradeContainers,
} from './hot-upgrade-slots.ts';
import { isEmptySelector, selectorMatches } from './label-selector.ts';
import {
  isPodInjectedSidecarSet,
  parseInPlaceUpdateStates,
  podSidecarSetHash,
  podSidecarSetHashWithoutImage,
} from './pod-annotations.ts';
import type { Pod, SidecarSet } from './types.ts';

const isSet = (t: string | null | undefined) => t !== undefined && t !== null && t !== '';

/** kubecontroller.IsPodActive: not Succeeded/Failed and not being deleted. */
export function isActivePod(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !isSet(pod.metadata.deletionTimestamp);
}

/** Container names the SidecarSet owns in a pod (hot-upgrade sidecars occupy two slots). */
export function sidecarContainersInPod(sidecarSet: SidecarSet): Set<string> {
  const names = new Set<string>();
  for (const c of sidecarSet.spec.containers ?? []) {
    if (isHotUpgradeSidecar(c)) for (const slot of hotUpgradeContainerNames(c.name)) names.add(slot);
    else names.add(c.name);
  }
  return names;
}

/**
 * IsPodConsistentWithSidecarSet: every sidecar container of the SidecarSet is in the pod; a HotUpgrade sidecar
 * needs both slots and its entry in the working-slot annotation.
 */
export function isPodConsistentWithSidecarSet(pod: Pod, sidecarSet: SidecarSet): boolean {
  const inPod = new Set(pod.spec.containers.map((c) => c.name));
  const working = workingHotUpgradeContainers(pod);
  return (sidecarSet.spec.containers ?? []).every((c) =>
    isHotUpgradeSidecar(c)
      ? working[c.name] !== undefined && hotUpgradeContainerNames(c.name).every((n) => inPod.has(n))
      : inPod.has(c.name),
  );
}

/** getMatchingPods' filter, given the labels of the pod's namespace (undefined: unknown namespace). */
export function isPodManagedBySidecarSet(
  pod: Pod,
  sidecarSet: SidecarSet,
  namespaceLabels: Readonly<Record<string, string>> | undefined,
): boolean {
  if (sidecarSet.spec.namespaceSelector) {
    if (namespaceLabels === undefined || !selectorMatches(sidecarSet.spec.namespaceSelector, namespaceLabels))
      return false;
  }
  if (
    isEmptySelector(sidecarSet.spec.selector) ||
    !selectorMatches(sidecarSet.spec.selector, pod.metadata.labels)
  )
    return false;
  return (
    isActivePod(pod) &&
    isPodInjectedSidecarSet(pod, sidecarSet.metadata?.name ?? '') &&
    isPodConsistentWithSidecarSet(pod, sidecarSet)
  );
}

/** IsPodSidecarUpdated: the pod records the SidecarSet's current hash. */
export function isPodSidecarUpdated(sidecarSet: SidecarSet, pod: Pod): boolean {
  return podSidecarSetHash(pod, sidecarSet.metadata?.name ?? '') === sidecarSetRevision(sidecarSet);
}

// `repo@algo:hex`: the reference pins a digest.
const digestRef = /^(.+)@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})$/;

export function isImageDigest(image: string): boolean {
  return digestRef.test(image);
}

/** Repository without tag, with the implicit docker.io/library prefix Go's reference.Parse normalises away. */
function parseImage(image: string): { repo: string; tag: string; digest: string } {
  let rest = image;
  let digest = '';
  const d = digestRef.exec(image);
  if (d) {
    rest = d[1] as string;
    digest = d[2] as string;
  }
  let tag = '';
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  return { repo: rest, tag, digest };
}

/** util.IsContainerImageEqual: digests compare repo+digest, tags compare repo+tag; mixed never equal. */
export function isContainerImageEqual(a: string, b: string): boolean {
  const x = parseImage(a);
  const y = parseImage(b);
  if (x.digest !== '' && y.digest !== '') return x.repo === y.repo && x.digest === y.digest;
  return x.repo === y.repo && x.tag === y.tag;
}

/**
 * IsSidecarContainerUpdateCompleted: a container recorded before an in-place upgrade is still being upgraded
 * while its status imageID is the recorded one and its status image differs from the spec image.
 */
export function isSidecarContainerUpdateCompleted(
  pod: Pod,
  sidecarSetNames: readonly string[],
  containers: ReadonlySet<string>,
): boolean {
  const states = parseInPlaceUpdateStates(pod);
  if (states === undefined) return true;
  if (states === null) return false;
  const last = new Map<string, string>();
  for (const name of [...sidecarSetNames].sort()) {
    for (const [c, s] of Object.entries(states[name]?.lastContainerStatuses ?? {})) last.set(c, s.imageID);
  }
  const specImages = new Map(pod.spec.containers.map((c) => [c.name, c.image ?? '']));
  for (const status of pod.status?.containerStatuses ?? []) {
    if (!containers.has(status.name)) continue;
    const recorded = last.get(status.name);
    if (recorded !== undefined && recorded === status.imageID && specImages.get(status.name) !== status.image)
      return false;
  }
  return true;
}

/**
 * IsPodStateConsistent: the kubelet runs what the spec says for these sidecar containers (all of the
 * SidecarSet's when `containers` is empty). Needs a status for every container.
 */
export function isPodStateConsistent(
  pod: Pod,
  sidecarSet: SidecarSet,
  containers: ReadonlySet<string> = new Set(),
): boolean {
  const statuses = pod.status?.containerStatuses ?? [];
  if (pod.spec.containers.length !== statuses.length) return false;
  const checked = containers.size === 0 ? sidecarContainersInPod(sidecarSet) : containers;
  const imageIds = new Map(
    statuses.map((s) => [s.name, s.imageID.includes('://') ? (s.imageID.split('://')[1] ?? '') : s.imageID]),
  );
  let allDigest = true;
  for (const c of pod.spec.containers) {
    if (!checked.has(c.name)) continue;
    if (!isImageDigest(c.image ?? '')) {
      allDigest = false;
      break;
    }
    const id = imageIds.get(c.name);
    if (id === undefined || !isContainerImageEqual(c.image ?? '', id)) return false;
  }
  if (allDigest) return true;
  return isSidecarContainerUpdateCompleted(pod, [sidecarSet.metadata?.name ?? ''], checked);
}

/**
 * The SidecarSet's IsPodReady: every HotUpgrade sidecar's idle slot is back on `hotUpgradeEmptyImage` (the hot
 * upgrade finished), and the pod is Running, Ready and not being deleted.
 */
export function isSidecarSetPodReady(pod: Pod, sidecarSet: SidecarSet): boolean {
  const images = new Map(pod.spec.containers.map((c) => [c.name, c.image ?? '']));
  for (const sidecar of sidecarSet.spec.containers ?? []) {
    const empty = sidecar.upgradeStrategy?.hotUpgradeEmptyImage ?? '';
    if (!isHotUpgradeSidecar(sidecar) || empty === '') continue;
    const { other } = podHotUpgradeContainers(sidecar.name, pod);
    if (images.has(other) && images.get(other) !== empty) return false;
  }
  return isRunningAndReady(pod);
}

/** util.IsRunningAndReady: Running, Ready and not being deleted. */
export function isRunningAndReady(pod: Pod): boolean {
  return (
    pod.status?.phase === 'Running' &&
    (pod.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True') &&
    !isSet(pod.metadata.deletionTimestamp)
  );
}

/**
 * IsSidecarSetUpgradable: `canUpgrade` is false when something other than images changed since the pod's
 * injection; `consistent` is false while a ready sidecar is still mid-upgrade.
 */
export function sidecarSetUpgradability(
  sidecarSet: SidecarSet,
  pod: Pod,
): { canUpgrade: boolean; consistent: boolean } {
  const name = sidecarSet.metadata?.name ?? '';
  if (podSidecarSetHashWithoutImage(pod, name) !== sidecarSetRevisionWithoutImage(sidecarSet))
    return { canUpgrade: false, consistent: false };
  const ready = new Map((pod.status?.containerStatuses ?? []).map((s) => [s.name, s.ready === true]));
  for (const sidecar of [...sidecarContainersInPod(sidecarSet)].sort()) {
    if (ready.get(sidecar) && !isPodStateConsistent(pod, sidecarSet, new Set([sidecar])))
      return { canUpgrade: true, consistent: false };
  }
  return { canUpgrade: true, consistent: true };
}
