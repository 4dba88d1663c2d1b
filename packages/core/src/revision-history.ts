// Decisions over a CloneSet's ControllerRevision history (docs/behaviour/cloneset.md#reconcile-steps step 7, #revisions): ordering, the next revision
// number, equality by data, and whether the update revision reuses, rolls back to, or creates a revision.

import { compareGoStrings, type JsonValue, marshalGoJson } from './go-json.ts';
import type { ControllerRevision } from './kube-types.ts';

// A missing creationTimestamp is Go's zero time, which sorts before every real time.
function creationMillis(r: ControllerRevision): number {
  const t = r.metadata.creationTimestamp;
  if (t === undefined || t === null || t === '') return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** history.SortControllerRevisions order: revision number, then older creationTimestamp, then name. */
export function compareRevisions(a: ControllerRevision, b: ControllerRevision): number {
  if (a.revision !== b.revision) return a.revision < b.revision ? -1 : 1;
  const ta = creationMillis(a);
  const tb = creationMillis(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return compareGoStrings(a.metadata.name ?? '', b.metadata.name ?? '');
}

/** A sorted copy (stable, like Go's sort.Stable). */
export function sortRevisions<T extends ControllerRevision>(revisions: readonly T[]): T[] {
  return [...revisions].sort(compareRevisions);
}

/** The number for a new revision: one more than the highest existing (1 for an empty history). */
export function nextRevisionNumber(revisions: readonly ControllerRevision[]): number {
  let max = 0;
  for (const r of revisions) if (r.revision > max) max = r.revision;
  return max + 1;
}

/**
 * The bytes history.EqualRevision compares. Raw JSON text is used as is; a parsed object is re-marshalled the Go
 * way, which reproduces the stored bytes for any data written by Kruise or by this package.
 */
export function revisionDataKey(revision: ControllerRevision): string {
  const data = revision.data;
  if (data === undefined || data === null) return '';
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return new TextDecoder().decode(data);
  return marshalGoJson(data as JsonValue);
}

/** history.EqualRevision: the same data bytes. */
export function equalRevision(a: ControllerRevision, b: ControllerRevision): boolean {
  return revisionDataKey(a) === revisionDataKey(b);
}

/** The revisions equal to `needle`, in their original order. */
export function findEqualRevisions<T extends ControllerRevision>(
  revisions: readonly T[],
  needle: ControllerRevision,
): T[] {
  const key = revisionDataKey(needle);
  return revisions.filter((r) => revisionDataKey(r) === key);
}

export type UpdateRevisionDecision<T extends ControllerRevision> =
  /** The latest revision already has this data: use it, write nothing (also when only volumeClaimTemplates changed). */
  | { action: 'reuse'; revision: T }
  /**
   * An older revision has this data: bump its `.revision` to `revisionNumber` (the old name is kept, so pods on it
   * count as updated). `volumeClaimTemplatesHash` is set when its VCT-hash annotation must be refreshed too.
   */
  | { action: 'rollback'; revision: T; revisionNumber: number; volumeClaimTemplatesHash?: string }
  /** No revision has this data: create the candidate. */
  | { action: 'create'; revision: ControllerRevision };

export interface DecideUpdateRevisionOptions {
  /** Annotation holding the volume-claim-template hash (Kruise: kruise.io/cloneset-volumeclaimtemplate-hash). */
  vctHashAnnotation?: string;
}

/**
 * getActiveRevisions' choice of update revision. `revisions` must be sorted (sortRevisions); `candidate` is the
 * freshly built revision whose `.revision` is nextRevisionNumber(revisions).
 */
export function decideUpdateRevision<T extends ControllerRevision>(
  revisions: readonly T[],
  candidate: ControllerRevision,
  options: DecideUpdateRevisionOptions = {},
): UpdateRevisionDecision<T> {
  const equal = findEqualRevisions(revisions, candidate);
  const lastEqual = equal.at(-1);
  if (lastEqual === undefined) return { action: 'create', revision: candidate };
  const latest = revisions.at(-1) as T;
  if (equalRevision(latest, lastEqual)) return { action: 'reuse', revision: latest };

  const annotation = options.vctHashAnnotation ?? 'kruise.io/cloneset-volumeclaimtemplate-hash';
  const wanted = candidate.metadata.annotations?.[annotation] ?? '';
  const existing = lastEqual.metadata.annotations?.[annotation];
  // A revision written before the hash existed has none; Kruise then adopts the new hash as well.
  const refresh = existing === undefined || existing !== wanted;
  return {
    action: 'rollback',
    revision: lastEqual,
    revisionNumber: candidate.revision,
    ...(refresh ? { volumeClaimTemplatesHash: wanted } : {}),
  };
}

/** The revision object to write for a rollback decision: the new number and, if needed, the refreshed VCT hash. */
export function rolledBackRevision<T extends ControllerRevision>(
  decision: Extract<UpdateRevisionDecision<T>, { action: 'rollback' }>,
  options: DecideUpdateRevisionOptions = {},
): T {
  const { revision, revisionNumber, volumeClaimTemplatesHash } = decision;
  if (volumeClaimTemplatesHash === undefined) return { ...revision, revision: revisionNumber };
  const annotation = options.vctHashAnnotation ?? 'kruise.io/cloneset-volumeclaimtemplate-hash';
  return {
    ...revision,
    metadata: {
      ...revision.metadata,
      annotations: { ...revision.metadata.annotations, [annotation]: volumeClaimTemplatesHash },
    },
    revision: revisionNumber,
  };
}

export type CreateConflictDecision =
  /** The existing revision has the same data: use it. */
  | { action: 'use-existing' }
  /** A hash collision: bump the collision count and try again under the new name. */
  | { action: 'retry'; collisionCount: number };

/** What CreateControllerRevision does when the name already exists (AlreadyExists). */
export function resolveCreateConflict(
  existing: ControllerRevision,
  candidate: ControllerRevision,
  collisionCount: number,
): CreateConflictDecision {
  return equalRevision(existing, candidate)
    ? { action: 'use-existing' }
    : { action: 'retry', collisionCount: collisionCount + 1 };
}

/** The current revision: the one named by status.currentRevision, else the update revision (first reconcile). */
export function findCurrentRevision<T extends ControllerRevision>(
  revisions: readonly T[],
  statusCurrentRevision: string | undefined,
  updateRevision: T,
): T {
  return revisions.find((r) => r.metadata.name === statusCurrentRevision) ?? updateRevision;
}
