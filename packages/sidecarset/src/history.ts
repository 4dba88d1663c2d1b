// SidecarSet ControllerRevisions (docs/behaviour/sidecarset.md#revisions, docs/behaviour/revision-gc.md#revision-gc; history_control.go, sidecarset_processor.go): what a
// revision holds, its name, which revision becomes the latest (reuse, roll back, create), the historic
// SidecarSet an injection revision stands for, and which revisions history truncation deletes.
import {
  type ControllerRevision,
  controllerRevisionName,
  equalRevision,
  findEqualRevisions,
  hashControllerRevision,
  type JsonObject,
  type JsonValue,
  marshalGoJson,
  newControllerReference,
  nextRevisionNumber,
  normaliseAsGoStruct,
  sortRevisions,
} from '@kruise-ts/core';
import { computeSidecarSetHash, computeSidecarSetHashWithoutImage, goSidecarContainers } from './hash.ts';
import {
  CONTROLLER_REVISION_HASH_LABEL,
  SIDECARSET_CUSTOM_VERSION_LABEL,
  SIDECARSET_HASH_ANNOTATION,
  SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION,
  SIDECARSET_NAME_LABEL,
} from './keys.ts';
import { podSidecarSetControllerRevision } from './pod-annotations.ts';
import type { Pod, SidecarSet } from './types.ts';

/** The spec fields a revision records (copySidecarSetSpecRevision); absent ones are stored as null. */
const revisionFields = [
  'volumes',
  'containers',
  'initContainers',
  'imagePullSecrets',
  'patchPodMetadata',
] as const;

function goPatchPodMetadata(raw: unknown): JsonObject {
  const input = (raw ?? {}) as { annotations?: Record<string, unknown> | null; patchPolicy?: unknown };
  const out: JsonObject = {};
  const annotations = Object.entries(input.annotations ?? {});
  if (annotations.length > 0)
    out.annotations = Object.fromEntries(annotations.map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  if (typeof input.patchPolicy === 'string' && input.patchPolicy !== '') out.patchPolicy = input.patchPolicy;
  return out;
}

/** A recorded spec field as Go writes it: the items decoded into their Go structs; omitempty turns [] into null. */
function goSpecList(field: (typeof revisionFields)[number], raw: unknown): JsonValue {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  switch (field) {
    case 'volumes':
      return raw.map((v) => normaliseAsGoStruct(v, {}, 'Volume'));
    case 'imagePullSecrets':
      return raw.map((v) => normaliseAsGoStruct(v, {}, 'LocalObjectReference'));
    case 'patchPodMetadata':
      return raw.map(goPatchPodMetadata);
    default:
      return goSidecarContainers(raw, `spec.${field}`);
  }
}

/**
 * getPatch: the SidecarSet encoded from its Go struct, the recorded fields copied through a generic map and
 * marshalled again, so every object's keys end up sorted (marshalGoJson).
 */
export function sidecarSetRevisionData(sidecarSet: SidecarSet): string {
  const spec: JsonObject = { $patch: 'replace' };
  for (const field of revisionFields) spec[field] = goSpecList(field, sidecarSet.spec[field]);
  return marshalGoJson({ spec });
}

/**
 * The name the controller gives the revision of this SidecarSet's current spec (<name>-<hash of the revision data
 * and status.collisionCount>), unless an older revision with the same data but another collision count is reused.
 */
export function sidecarSetRevisionName(sidecarSet: SidecarSet, collisionCount?: number): string {
  const hash = hashControllerRevision(
    sidecarSetRevisionData(sidecarSet),
    collisionCount ?? sidecarSet.status?.collisionCount ?? 0,
  );
  return controllerRevisionName(sidecarSet.metadata?.name ?? '', hash);
}

/** hc.NewRevision: the candidate latest revision, in the kruise namespace, owned by the SidecarSet. */
export function newSidecarSetRevision(
  sidecarSet: SidecarSet,
  namespace: string,
  revisionNumber: number,
  collisionCount: number,
): ControllerRevision {
  const name = sidecarSet.metadata?.name ?? '';
  const data = sidecarSetRevisionData(sidecarSet);
  const hash = hashControllerRevision(data, collisionCount);
  const labels: Record<string, string> = {
    ...sidecarSet.metadata?.labels,
    [CONTROLLER_REVISION_HASH_LABEL]: hash,
    [SIDECARSET_NAME_LABEL]: name,
  };
  if (sidecarSet.spec.customVersion) labels[SIDECARSET_CUSTOM_VERSION_LABEL] = sidecarSet.spec.customVersion;
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(name, hash),
      namespace,
      labels,
      annotations: { ...sidecarSet.metadata?.annotations },
      ownerReferences: [
        newControllerReference({
          apiVersion: 'apps.kruise.io/v1beta1',
          kind: 'SidecarSet',
          name,
          uid: sidecarSet.metadata?.uid ?? '',
        }),
      ],
    },
    data: JSON.parse(data),
    revision: revisionNumber,
  };
}

export type LatestRevisionDecision =
  | { action: 'reuse'; revision: ControllerRevision }
  /** An older revision has this data: give it the next number. */
  | { action: 'rollback'; revision: ControllerRevision; revisionNumber: number }
  | { action: 'create'; revision: ControllerRevision };

/** registerLatestRevision's choice. `revisions` in any order. */
export function decideLatestRevision(
  sidecarSet: SidecarSet,
  revisions: readonly ControllerRevision[],
  namespace: string,
  collisionCount: number,
): LatestRevisionDecision {
  const sorted = sortRevisions(revisions);
  const candidate = newSidecarSetRevision(sidecarSet, namespace, nextRevisionNumber(sorted), collisionCount);
  const equal = findEqualRevisions(sorted, candidate);
  const lastEqual = equal.at(-1);
  const latest = sorted.at(-1);
  if (lastEqual === undefined || latest === undefined) return { action: 'create', revision: candidate };
  if (equalRevision(latest, lastEqual)) return { action: 'reuse', revision: latest };
  return { action: 'rollback', revision: lastEqual, revisionNumber: candidate.revision };
}

/** The ControllerRevision an injection revision names: by name, or the newest carrying the custom version. */
export function findInjectionRevision(
  revisions: readonly ControllerRevision[],
  sidecarSetName: string,
  ref: { revisionName?: string; customVersion?: string },
): ControllerRevision | undefined {
  if (ref.revisionName !== undefined) return revisions.find((r) => r.metadata.name === ref.revisionName);
  if (ref.customVersion === undefined) return undefined;
  const matching = revisions.filter(
    (r) =>
      r.metadata.labels?.[SIDECARSET_NAME_LABEL] === sidecarSetName &&
      r.metadata.labels?.[SIDECARSET_CUSTOM_VERSION_LABEL] === ref.customVersion,
  );
  return sortRevisions(matching).at(-1);
}

/**
 * GetHistorySidecarSet: the SidecarSet with the revision's recorded spec fields, the revision's hash
 * annotations (computed when it has none) and status.latestRevision = the revision's name.
 */
export function historicSidecarSet(sidecarSet: SidecarSet, revision: ControllerRevision): SidecarSet {
  const recorded = ((revision.data as { spec?: Record<string, unknown> } | undefined)?.spec ?? {}) as Record<
    string,
    unknown
  >;
  const out = structuredClone(sidecarSet);
  const spec = out.spec as Record<string, unknown>;
  for (const field of revisionFields) {
    const value = recorded[field];
    if (value === undefined || value === null) delete spec[field];
    else spec[field] = structuredClone(value);
  }
  const annotations = { ...out.metadata?.annotations };
  annotations[SIDECARSET_HASH_ANNOTATION] =
    revision.metadata.annotations?.[SIDECARSET_HASH_ANNOTATION] || computeSidecarSetHash(out);
  annotations[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION] =
    revision.metadata.annotations?.[SIDECARSET_HASH_WITHOUT_IMAGE_ANNOTATION] ||
    computeSidecarSetHashWithoutImage(out);
  out.metadata = { ...out.metadata, annotations };
  out.status = {
    matchedPods: 0,
    updatedPods: 0,
    readyPods: 0,
    ...out.status,
    latestRevision: revision.metadata.name ?? '',
  };
  return out;
}

/** filterActiveRevisions: revisions pods were injected at, and the ones the injection strategy pins. */
export function activeRevisions(
  sidecarSet: SidecarSet,
  pods: readonly Pod[],
  revisions: readonly ControllerRevision[],
): Set<string> {
  const name = sidecarSet.metadata?.name ?? '';
  const active = new Set<string>();
  for (const pod of pods) {
    const revision = podSidecarSetControllerRevision(pod, name);
    if (revision !== '') active.add(revision);
  }
  const pinned = sidecarSet.spec.injectionStrategy?.revision;
  if (pinned?.revisionName !== undefined) active.add(pinned.revisionName);
  if (pinned?.customVersion !== undefined) {
    const newest = findInjectionRevision(revisions, name, { customVersion: pinned.customVersion });
    if (newest?.metadata.name) active.add(newest.metadata.name);
  }
  return active;
}

/**
 * truncateHistory: with more than max(1, revisionHistoryLimit) revisions (default 10), delete the oldest that
 * are not active, never the newest. `error` is set when active revisions keep the count above the limit.
 */
export function revisionsToTruncate(
  sidecarSet: SidecarSet,
  pods: readonly Pod[],
  revisions: readonly ControllerRevision[],
): { delete: ControllerRevision[]; error?: string } {
  const limit = Math.max(1, sidecarSet.spec.revisionHistoryLimit ?? 10);
  const sorted = sortRevisions(revisions);
  if (sorted.length <= limit) return { delete: [] };
  let excess = sorted.length - limit;
  const active = activeRevisions(sidecarSet, pods, sorted);
  const remove: ControllerRevision[] = [];
  for (let i = 0; i < sorted.length - 1 && excess > 0; i++) {
    const revision = sorted[i] as ControllerRevision;
    if (active.has(revision.metadata.name ?? '')) continue;
    remove.push(revision);
    excess--;
  }
  if (excess === 0) return { delete: remove };
  return {
    delete: remove,
    error: `failed to limit the number of stored revisions, limited: ${limit}, actual: ${limit + excess}, name: ${sidecarSet.metadata?.name ?? ''}`,
  };
}
