// The two container slots of a HotUpgrade sidecar and the pod annotations that describe them
// (pkg/control/sidecarcontrol/util_hotupgrade.go, pkg/webhook/pod/mutating/sidecarset_hotupgrade.go;
// docs/behaviour/sidecarset.md#hot-upgrade-injection). A sidecar `mesh` runs as `mesh-1` and `mesh-2`; one works,
// the other holds `hotUpgradeEmptyImage` between upgrades.
import {
  SIDECARSET_VERSION_ALT_ENV_KEY,
  SIDECARSET_VERSION_ENV_KEY,
  SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION,
} from './keys.ts';
import type { Container, Pod, SidecarContainer, SidecarSet } from './types.ts';

export function isHotUpgradeSidecar(sidecar: Pick<SidecarContainer, 'upgradeStrategy'>): boolean {
  return sidecar.upgradeStrategy?.upgradeType === 'HotUpgrade';
}

/** Kruise only runs the hot-upgrade steps for `spec.containers` (isSidecarSetHasHotUpgradeContainer). */
export function hasHotUpgradeContainer(sidecarSet: SidecarSet): boolean {
  return (sidecarSet.spec.containers ?? []).some(isHotUpgradeSidecar);
}

export function hotUpgradeContainerNames(sidecarName: string): [string, string] {
  return [`${sidecarName}-1`, `${sidecarName}-2`];
}

/** `version.sidecarset.kruise.io/<slot>`: the SidecarSet resourceVersion the slot runs ("0": empty). */
export function sidecarSetVersionAnnotation(container: string): string {
  return `version.sidecarset.kruise.io/${container}`;
}

/** `versionalt.sidecarset.kruise.io/<slot>`: the version of the twin slot. */
export function sidecarSetVersionAltAnnotation(container: string): string {
  return `versionalt.sidecarset.kruise.io/${container}`;
}

/** GetPodHotUpgradeInfoInAnnotations: sidecar name → working slot; an unreadable annotation counts as empty. */
export function workingHotUpgradeContainers(pod: Pod): Record<string, string> {
  const value = pod.metadata.annotations?.[SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION];
  if (value === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/** json.Marshal of map[string]string: keys sorted. */
export function formatWorkingHotUpgradeContainers(info: Record<string, string>): string {
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(info).sort()) sorted[k] = info[k] as string;
  return JSON.stringify(sorted);
}

/**
 * GetPodHotUpgradeContainers: the working slot (from the annotation; `-2` unless it names `-1`) and the other
 * one — the empty slot, or the old version while an upgrade is in flight.
 */
export function podHotUpgradeContainers(sidecarName: string, pod: Pod): { working: string; other: string } {
  const [one, two] = hotUpgradeContainerNames(sidecarName);
  return workingHotUpgradeContainers(pod)[sidecarName] === one
    ? { working: one, other: two }
    : { working: two, other: one };
}

/** setSidecarContainerVersionEnv: both env vars read the slot's annotations through the downward API. */
function withVersionEnv(container: Container): Container {
  const fieldRef = (key: string) => ({
    valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${key}']` } },
  });
  return {
    ...container,
    env: [
      ...(container.env ?? []),
      { name: SIDECARSET_VERSION_ENV_KEY, ...fieldRef(sidecarSetVersionAnnotation(container.name)) },
      { name: SIDECARSET_VERSION_ALT_ENV_KEY, ...fieldRef(sidecarSetVersionAltAnnotation(container.name)) },
    ],
  };
}

/**
 * injectHotUpgradeContainers: from the completed sidecar container, slot `-1` working on the sidecar's image and
 * slot `-2` on `hotUpgradeEmptyImage`, plus the version annotations. `working` (sidecar → slot) is updated.
 */
export function hotUpgradePair(
  completed: Container,
  sidecar: SidecarContainer,
  working: Record<string, string>,
): { containers: [Container, Container]; annotations: Record<string, string> } {
  const [one, two] = hotUpgradeContainerNames(sidecar.name);
  const first = withVersionEnv({ ...structuredClone(completed), name: one });
  const second = withVersionEnv({
    ...structuredClone(completed),
    name: two,
    image: sidecar.upgradeStrategy?.hotUpgradeEmptyImage ?? '',
  });
  working[sidecar.name] = one;
  return {
    containers: [first, second],
    annotations: {
      // "1": injected at creation, never upgraded; "0": the empty slot.
      [sidecarSetVersionAnnotation(one)]: '1',
      [sidecarSetVersionAltAnnotation(one)]: '0',
      [sidecarSetVersionAnnotation(two)]: '0',
      [sidecarSetVersionAltAnnotation(two)]: '1',
      [SIDECARSET_WORKING_HOT_UPGRADE_CONTAINER_ANNOTATION]: formatWorkingHotUpgradeContainers(working),
    },
  };
}
