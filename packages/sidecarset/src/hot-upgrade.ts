// HotUpgrade decisions (pkg/control/sidecarcontrol/util_hotupgrade.go findContainerToHotUpgrade,
// pkg/controller/sidecarset/sidecarset_hotupgrade.go; docs/behaviour/sidecarset.md#hot-upgrade-upgrade,
// #hot-upgrade-reset). An upgrade starts the new version in the idle slot and makes it the working one while the
// old version keeps serving; once the pod is consistent and ready again the old slot goes back to the empty image.
import {
  formatWorkingHotUpgradeContainers,
  hasHotUpgradeContainer,
  hotUpgradeContainerNames,
  isHotUpgradeSidecar,
  podHotUpgradeContainers,
  sidecarSetVersionAltAnnotation,
  sidecarSetVersionAnnotation,
  workingHotUpgradeContainers,
} from './hot-upgrade-slots.ts';
import { SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION } from './keys.ts';
import { recordInPlaceUpdate, timestamp } from './pod-annotations.ts';
import { isPodStateConsistent, isRunningAndReady, sidecarContainersInPod } from './pod-state.ts';
import type { Pod, SidecarContainer, SidecarSet } from './types.ts';

/**
 * findContainerToHotUpgrade: the slot to write the new image into — the one on the empty image, else the only
 * not-ready (or not consistent) one, else the older (not working) one — and its twin.
 */
export function findContainerToHotUpgrade(
  sidecar: SidecarContainer,
  pod: Pod,
  sidecarSet: SidecarSet,
): { toUpgrade: string; other: string } {
  const [one, two] = hotUpgradeContainerNames(sidecar.name);
  const image = (n: string) => pod.spec.containers.find((c) => c.name === n)?.image ?? '';
  const empty = sidecar.upgradeStrategy?.hotUpgradeEmptyImage ?? '';
  if (image(one) === empty) return { toUpgrade: one, other: two };
  if (image(two) === empty) return { toUpgrade: two, other: one };
  const ready = (n: string) =>
    (pod.status?.containerStatuses ?? []).some((s) => s.name === n && s.ready === true) &&
    isPodStateConsistent(pod, sidecarSet, new Set([n]));
  const oneReady = ready(one);
  const twoReady = ready(two);
  if (oneReady && !twoReady) return { toUpgrade: two, other: one };
  if (!oneReady && twoReady) return { toUpgrade: one, other: two };
  const { working, other } = podHotUpgradeContainers(sidecar.name, pod);
  return { toUpgrade: other, other: working };
}

/**
 * The HotUpgrade part of updatePodSidecarContainer, on `pod` (mutated): the new image goes into the slot
 * findContainerToHotUpgrade picks unless the working version already runs it; that slot becomes the working one
 * and the version annotations record the SidecarSet's resourceVersion. Returns the changed slot.
 */
export function upgradeHotUpgradeSlot(
  pod: Pod,
  sidecar: SidecarContainer,
  sidecarSet: SidecarSet,
): string | undefined {
  const { toUpgrade, other } = findContainerToHotUpgrade(sidecar, pod, sidecarSet);
  const container = pod.spec.containers.find((c) => c.name === toUpgrade);
  const otherImage = pod.spec.containers.find((c) => c.name === other)?.image;
  if (!container || sidecar.image === otherImage) return undefined;
  container.image = sidecar.image;
  pod.metadata.annotations ??= {};
  const annotations = pod.metadata.annotations;
  const working = workingHotUpgradeContainers(pod);
  working[sidecar.name] = toUpgrade;
  annotations[SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION] =
    formatWorkingHotUpgradeContainers(working);
  const version = sidecarSet.metadata?.resourceVersion ?? '';
  annotations[sidecarSetVersionAnnotation(toUpgrade)] = version;
  // An absent annotation is Go's "" from a nil map read.
  annotations[sidecarSetVersionAltAnnotation(toUpgrade)] =
    annotations[sidecarSetVersionAnnotation(other)] ?? '';
  annotations[sidecarSetVersionAltAnnotation(other)] = version;
  return toUpgrade;
}

/** The idle slot of each HotUpgrade sidecar in the pod (the one that is not working). */
function idleSlots(sidecarSet: SidecarSet, pod: Pod): Set<string> {
  const idle = new Set<string>();
  for (const sidecar of sidecarSet.spec.containers ?? [])
    if (isHotUpgradeSidecar(sidecar)) idle.add(podHotUpgradeContainers(sidecar.name, pod).other);
  return idle;
}

/** isPodSidecarInHotUpgrading: some HotUpgrade sidecar's idle slot is not on the empty image. */
export function isPodSidecarInHotUpgrading(sidecarSet: SidecarSet, pod: Pod): boolean {
  const images = new Map(pod.spec.containers.map((c) => [c.name, c.image ?? '']));
  return (sidecarSet.spec.containers ?? []).some((sidecar) => {
    if (!isHotUpgradeSidecar(sidecar)) return false;
    const { other } = podHotUpgradeContainers(sidecar.name, pod);
    return (images.get(other) ?? '') !== (sidecar.upgradeStrategy?.hotUpgradeEmptyImage ?? '');
  });
}

/** isHotUpgradingReady: Running and Ready, or every container except the idle slots reports ready. */
export function isHotUpgradingReady(sidecarSet: SidecarSet, pod: Pod): boolean {
  if (isRunningAndReady(pod)) return true;
  const idle = idleSlots(sidecarSet, pod);
  return (pod.status?.containerStatuses ?? []).every((s) => idle.has(s.name) || s.ready === true);
}

/**
 * Step 5 of UpdateSidecarSet: pods whose hot upgrade finished — an idle slot still runs the old version, the
 * working sidecars run what the spec says, and everything but the idle slots is ready. Empty when the SidecarSet
 * has no HotUpgrade sidecar.
 */
export function podsToResetHotUpgrade(sidecarSet: SidecarSet, pods: readonly Pod[]): Pod[] {
  if (!hasHotUpgradeContainer(sidecarSet)) return [];
  return pods.filter((pod) => {
    const checked = sidecarContainersInPod(sidecarSet);
    for (const slot of idleSlots(sidecarSet, pod)) checked.delete(slot);
    return (
      isPodSidecarInHotUpgrading(sidecarSet, pod) &&
      isPodStateConsistent(pod, sidecarSet, checked) &&
      isHotUpgradingReady(sidecarSet, pod)
    );
  });
}

/**
 * flipPodSidecarContainerDo: the pod with each idle slot back on `hotUpgradeEmptyImage` (its version "0", and the
 * working slot's alt version "0"), and the in-place update state recording the reset slots. The SidecarSet hash
 * annotation is left as is.
 */
export function resetHotUpgradeSlots(
  input: Pod,
  sidecarSet: SidecarSet,
  now: Date,
): { pod: Pod; changed: string[] } {
  const pod = structuredClone(input);
  pod.metadata.annotations ??= {};
  const annotations = pod.metadata.annotations;
  const changed: string[] = [];
  for (const sidecar of sidecarSet.spec.containers ?? []) {
    if (!isHotUpgradeSidecar(sidecar)) continue;
    const { working, other } = podHotUpgradeContainers(sidecar.name, pod);
    const empty = sidecar.upgradeStrategy?.hotUpgradeEmptyImage ?? '';
    const container = pod.spec.containers.find((c) => c.name === other);
    if (!container || container.image === empty) continue;
    container.image = empty;
    changed.push(other);
    annotations[sidecarSetVersionAnnotation(other)] = '0';
    annotations[sidecarSetVersionAltAnnotation(working)] = '0';
  }
  recordInPlaceUpdate(pod, sidecarSet, changed, timestamp(now));
  return { pod, changed };
}
