// The per-SidecarSet records Kruise keeps in pod annotations (docs/behaviour/sidecarset.md#injection-annotations, #upgrade-in-place): the upgrade specs under
// kruise.io/sidecarset-hash(-without-image), the injected list, and the in-place update state. Maps are written
// with sorted keys and struct fields in Go's declaration order, as json.Marshal does.
import { formatRfc3339 } from '@kruise-ts/core';
import { sidecarSetRevision } from './hash.ts';
import {
  SIDECARSET_HASH_ANNOTATION,
  SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
  SIDECARSET_INJECTED_LIST_ANNOTATION,
  SIDECARSET_INPLACE_UPDATE_STATE_ANNOTATION,
} from './keys.ts';
import type { Pod, SidecarSet } from './types.ts';

/** sidecarcontrol.SidecarSetUpgradeSpec. */
export interface SidecarSetUpgradeSpec {
  updateTimestamp: string;
  hash: string;
  sidecarSetName: string;
  sidecarList: string[] | null;
  controllerRevision?: string;
}

export class PodAnnotationError extends Error {
  override name = 'PodAnnotationError';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses an upgrade-spec annotation; the legacy form `{"<ss>":"<hash>"}` is upgraded. Throws PodAnnotationError
 * when the value is neither (the webhook then refuses the pod, as Kruise does).
 */
export function parseUpgradeSpecs(
  value: string | undefined,
  key = SIDECARSET_HASH_ANNOTATION,
): Record<string, SidecarSetUpgradeSpec> {
  if (value === undefined || value === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (err) {
    throw new PodAnnotationError(`invalid annotations[${key}] value ${value}, unmarshal failed`, {
      cause: err,
    });
  }
  if (!isRecord(parsed)) throw new PodAnnotationError(`invalid annotations[${key}] value ${value}`);
  const out: Record<string, SidecarSetUpgradeSpec> = {};
  for (const [name, entry] of Object.entries(parsed)) {
    if (typeof entry === 'string') {
      out[name] = { updateTimestamp: '', hash: entry, sidecarSetName: name, sidecarList: null };
    } else if (isRecord(entry)) {
      out[name] = {
        updateTimestamp: typeof entry.updateTimestamp === 'string' ? entry.updateTimestamp : '',
        hash: typeof entry.hash === 'string' ? entry.hash : '',
        sidecarSetName: typeof entry.sidecarSetName === 'string' ? entry.sidecarSetName : '',
        sidecarList: Array.isArray(entry.sidecarList) ? entry.sidecarList.map(String) : null,
        ...(typeof entry.controllerRevision === 'string' && entry.controllerRevision !== ''
          ? { controllerRevision: entry.controllerRevision }
          : {}),
      };
    } else {
      throw new PodAnnotationError(`invalid annotations[${key}] value ${value}`);
    }
  }
  return out;
}

export function formatUpgradeSpecs(specs: Record<string, SidecarSetUpgradeSpec>): string {
  const sorted: Record<string, SidecarSetUpgradeSpec> = {};
  for (const name of Object.keys(specs).sort()) {
    const s = specs[name] as SidecarSetUpgradeSpec;
    sorted[name] = {
      updateTimestamp: s.updateTimestamp,
      hash: s.hash,
      sidecarSetName: s.sidecarSetName,
      sidecarList: s.sidecarList,
      ...(s.controllerRevision ? { controllerRevision: s.controllerRevision } : {}),
    };
  }
  return JSON.stringify(sorted);
}

/** Lenient read for the controller: an unreadable annotation counts as no record (Kruise logs and goes on). */
export function podUpgradeSpec(
  pod: Pod,
  sidecarSetName: string,
  key: typeof SIDECARSET_HASH_ANNOTATION | typeof SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
): SidecarSetUpgradeSpec | undefined {
  try {
    return parseUpgradeSpecs(pod.metadata.annotations?.[key], key)[sidecarSetName];
  } catch {
    return undefined;
  }
}

/** The hash the pod's sidecars of this SidecarSet are at ("" when never recorded). */
export function podSidecarSetHash(pod: Pod, sidecarSetName: string): string {
  return podUpgradeSpec(pod, sidecarSetName, SIDECARSET_HASH_ANNOTATION)?.hash ?? '';
}

export function podSidecarSetHashWithoutImage(pod: Pod, sidecarSetName: string): string {
  return podUpgradeSpec(pod, sidecarSetName, SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION)?.hash ?? '';
}

export function podSidecarSetControllerRevision(pod: Pod, sidecarSetName: string): string {
  return podUpgradeSpec(pod, sidecarSetName, SIDECARSET_HASH_ANNOTATION)?.controllerRevision ?? '';
}

export function injectedSidecarSets(pod: Pod): string[] {
  const value = pod.metadata.annotations?.[SIDECARSET_INJECTED_LIST_ANNOTATION] ?? '';
  return value === '' ? [] : value.split(',');
}

export function isPodInjectedSidecarSet(pod: Pod, sidecarSetName: string): boolean {
  return injectedSidecarSets(pod).includes(sidecarSetName);
}

export function formatInjectedList(names: Iterable<string>): string {
  return [...new Set(names)].sort().join(',');
}

/** pub.InPlaceUpdateState as the SidecarSet controller writes it. */
export interface SidecarInPlaceUpdateState {
  revision: string;
  updateTimestamp: string;
  lastContainerStatuses: Record<string, { imageID: string }>;
}

/** undefined when the annotation is absent; null when it cannot be read (Kruise: "inconsistent"). */
export function parseInPlaceUpdateStates(
  pod: Pod,
): Record<string, SidecarInPlaceUpdateState> | undefined | null {
  const value = pod.metadata.annotations?.[SIDECARSET_INPLACE_UPDATE_STATE_ANNOTATION];
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!isRecord(parsed)) return null;
    const out: Record<string, SidecarInPlaceUpdateState> = {};
    for (const [name, raw] of Object.entries(parsed)) {
      if (!isRecord(raw)) continue;
      const last: Record<string, { imageID: string }> = {};
      if (isRecord(raw.lastContainerStatuses)) {
        for (const [c, s] of Object.entries(raw.lastContainerStatuses)) {
          last[c] = { imageID: isRecord(s) && typeof s.imageID === 'string' ? s.imageID : '' };
        }
      }
      out[name] = {
        revision: typeof raw.revision === 'string' ? raw.revision : '',
        updateTimestamp: typeof raw.updateTimestamp === 'string' ? raw.updateTimestamp : '',
        lastContainerStatuses: last,
      };
    }
    return out;
  } catch {
    return null;
  }
}

export function formatInPlaceUpdateStates(states: Record<string, SidecarInPlaceUpdateState>): string {
  const sorted: Record<string, SidecarInPlaceUpdateState> = {};
  for (const name of Object.keys(states).sort()) {
    const s = states[name] as SidecarInPlaceUpdateState;
    const last: Record<string, { imageID: string }> = {};
    for (const c of Object.keys(s.lastContainerStatuses).sort())
      last[c] = s.lastContainerStatuses[c] as { imageID: string };
    sorted[name] = { revision: s.revision, updateTimestamp: s.updateTimestamp, lastContainerStatuses: last };
  }
  return JSON.stringify(sorted);
}

/**
 * UpdatePodAnnotationsInUpgrade: the imageIDs of `changed` containers before the upgrade, under this SidecarSet's
 * in-place update state; the upgrade is complete once the kubelet reports another. Mutates `pod`.
 */
export function recordInPlaceUpdate(
  pod: Pod,
  sidecarSet: SidecarSet,
  changed: readonly string[],
  at: string,
): void {
  pod.metadata.annotations ??= {};
  const name = sidecarSet.metadata?.name ?? '';
  const states = parseInPlaceUpdateStates(pod) ?? {};
  const state = states[name] ?? {
    revision: sidecarSetRevision(sidecarSet),
    updateTimestamp: at,
    lastContainerStatuses: {},
  };
  const imageIds = new Map((pod.status?.containerStatuses ?? []).map((s) => [s.name, s.imageID]));
  for (const c of changed) state.lastContainerStatuses[c] = { imageID: imageIds.get(c) ?? '' };
  states[name] = state;
  pod.metadata.annotations[SIDECARSET_INPLACE_UPDATE_STATE_ANNOTATION] = formatInPlaceUpdateStates(states);
}

/** metav1.Time as JSON: RFC 3339, whole seconds, UTC. */
export function timestamp(now: Date): string {
  return formatRfc3339(now);
}
