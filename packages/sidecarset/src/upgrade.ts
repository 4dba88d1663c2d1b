// Upgrading one pod's sidecars in place (updatePodSidecarAndHash, updatePodSidecarContainer,
// UpdatePodSidecarSetHash, UpdatePodAnnotationsInUpgrade; docs/behaviour/sidecarset.md#upgrade-in-place,
// #hot-upgrade-upgrade for HotUpgrade sidecars): only images change; the pod records
// the new hash, the imageIDs before the upgrade, and gets the latest patchPodMetadata. Also the
// SidecarSetUpgradable pod condition.
import { isNativeSidecar, sidecarSetRevision } from './hash.ts';
import { upgradeHotUpgradeSlot } from './hot-upgrade.ts';
import { isHotUpgradeSidecar } from './hot-upgrade-slots.ts';
import {
  SIDECARSET_HASH_ANNOTATION,
  SIDECARSET_INJECTED_LIST_ANNOTATION,
  SIDECARSET_UPGRADABLE_CONDITION,
} from './keys.ts';
import { patchPodMetadata } from './patch-metadata.ts';
import {
  formatUpgradeSpecs,
  parseUpgradeSpecs,
  recordInPlaceUpdate,
  type SidecarSetUpgradeSpec,
  timestamp,
} from './pod-annotations.ts';
import type { Pod, PodCondition, SidecarSet } from './types.ts';

export interface SidecarUpgrade {
  pod: Pod;
  /** Containers whose image changed. */
  changed: string[];
}

/**
 * The pod after upgrading this SidecarSet's sidecars. `matchedSidecarSets` fills a missing injected-list
 * annotation (pods from before the annotation existed). Throws when a MergePatchJson patch fails.
 */
export function upgradePodSidecars(
  input: Pod,
  sidecarSet: SidecarSet,
  now: Date,
  matchedSidecarSets: () => string[] = () => [sidecarSet.metadata?.name ?? ''],
): SidecarUpgrade {
  const pod = structuredClone(input);
  pod.metadata.annotations ??= {};
  const annotations = pod.metadata.annotations;
  const name = sidecarSet.metadata?.name ?? '';
  const at = timestamp(now);
  const changed: string[] = [];
  for (const sidecar of sidecarSet.spec.containers ?? []) {
    if (isHotUpgradeSidecar(sidecar)) {
      const slot = upgradeHotUpgradeSlot(pod, sidecar, sidecarSet);
      if (slot) changed.push(slot);
      continue;
    }
    const container = pod.spec.containers.find((c) => c.name === sidecar.name);
    // In-place upgrades may only change the image.
    if (!container || container.image === sidecar.image) continue;
    container.image = sidecar.image;
    changed.push(container.name);
  }

  let specs: Record<string, SidecarSetUpgradeSpec>;
  try {
    specs = parseUpgradeSpecs(annotations[SIDECARSET_HASH_ANNOTATION]);
  } catch {
    specs = {};
  }
  const sidecarList = new Set<string>();
  for (const c of sidecarSet.spec.initContainers ?? []) if (isNativeSidecar(c)) sidecarList.add(c.name);
  for (const c of sidecarSet.spec.containers ?? []) sidecarList.add(c.name);
  const latestRevision = sidecarSet.status?.latestRevision;
  specs[name] = {
    updateTimestamp: at,
    hash: sidecarSetRevision(sidecarSet),
    sidecarSetName: name,
    sidecarList: [...sidecarList].sort(),
    ...(latestRevision ? { controllerRevision: latestRevision } : {}),
  };
  annotations[SIDECARSET_HASH_ANNOTATION] = formatUpgradeSpecs(specs);

  recordInPlaceUpdate(pod, sidecarSet, changed, at);

  if (!annotations[SIDECARSET_INJECTED_LIST_ANNOTATION])
    annotations[SIDECARSET_INJECTED_LIST_ANNOTATION] = matchedSidecarSets().join(',');
  patchPodMetadata(annotations, sidecarSet.spec.patchPodMetadata);
  return { pod, changed };
}

/**
 * updatePodSidecarSetUpgradableCondition: the condition after recording `upgradable` for this SidecarSet, or
 * undefined when the pod already says so. Its message is `{"<ss>":true|false,…}` over all SidecarSets.
 */
export function upgradableCondition(
  pod: Pod,
  sidecarSetName: string,
  upgradable: boolean,
  now: Date,
): PodCondition | undefined {
  const old = pod.status?.conditions?.find((c) => c.type === SIDECARSET_UPGRADABLE_CONDITION);
  let kv: Record<string, boolean> = {};
  if (old?.message) {
    try {
      const parsed: unknown = JSON.parse(old.message);
      if (typeof parsed === 'object' && parsed !== null) kv = parsed as Record<string, boolean>;
    } catch {
      kv = {};
    }
  }
  kv[sidecarSetName] = upgradable;
  const all = Object.values(kv).every((v) => v === true);
  const sorted: Record<string, boolean> = {};
  for (const k of Object.keys(kv).sort()) sorted[k] = kv[k] as boolean;
  const status = all ? 'True' : 'False';
  const reason = all ? 'AllSidecarsetUpgradable' : 'UpdateImmutableField';
  const message = JSON.stringify(sorted);
  if (old && old.status === status && old.reason === reason && old.message === message) return undefined;
  return {
    type: SIDECARSET_UPGRADABLE_CONDITION,
    status,
    reason,
    message,
    lastTransitionTime:
      old && old.status === status ? (old.lastTransitionTime ?? timestamp(now)) : timestamp(now),
  };
}
