// Choosing the current and update revisions from the ControllerRevision history (docs/behaviour/cloneset.md#revisions, getActiveRevisions),
// and which old revisions to delete (truncateHistory). Hashing, equality and the reuse/rollback/create rule come
// from @kruise-ts/core.

import {
  type CloneSetForRevision,
  type ControllerRevision,
  decideUpdateRevision,
  findCurrentRevision,
  type NewRevisionOptions,
  newCloneSetRevision,
  nextRevisionNumber,
  type Pod,
  rolledBackRevision,
  sortRevisions,
  type UpdateRevisionDecision,
} from '@kruise-ts/core';
import { isPodOnRevision } from '../pod-state.ts';

export interface ActiveRevisionsInput {
  cloneSet: CloneSetForRevision & { status?: { currentRevision?: string; collisionCount?: number } };
  /** The CloneSet's revisions (any order). */
  revisions: readonly ControllerRevision[];
  /** Overrides status.collisionCount (after a hash collision, retry with the bumped count). */
  collisionCount?: number;
  revisionOptions?: NewRevisionOptions;
}

export interface ActiveRevisions {
  /** The history sorted by revision number, creation time, name. */
  sorted: ControllerRevision[];
  /**
   * reuse: nothing to write; rollback: update `updateRevision` (bumped revision number, maybe VCT hash); create:
   * create `updateRevision` (on AlreadyExists use core's resolveCreateConflict, and on a collision call again with
   * the new collisionCount).
   */
  decision: UpdateRevisionDecision<ControllerRevision>;
  updateRevision: ControllerRevision;
  currentRevision: ControllerRevision;
  /** Carried into status.collisionCount. */
  collisionCount: number;
  /** The exact revision data bytes (send verbatim when creating). */
  dataJson: string;
}

export function selectActiveRevisions(input: ActiveRevisionsInput): ActiveRevisions {
  const sorted = sortRevisions(input.revisions);
  const collisionCount = input.collisionCount ?? input.cloneSet.status?.collisionCount ?? 0;
  const candidate = newCloneSetRevision(
    input.cloneSet,
    nextRevisionNumber(sorted),
    collisionCount,
    input.revisionOptions,
  );
  const decision = decideUpdateRevision(sorted, candidate.revision);
  const updateRevision = decision.action === 'rollback' ? rolledBackRevision(decision) : decision.revision;
  const currentRevision = findCurrentRevision(sorted, input.cloneSet.status?.currentRevision, updateRevision);
  return { sorted, decision, updateRevision, currentRevision, collisionCount, dataJson: candidate.dataJson };
}

/**
 * truncateHistory: revisions that are neither current, update, nor used by a claimed pod are deleted oldest first
 * until at most revisionHistoryLimit (default 10) of them remain. `revisions` must be sorted.
 */
export function revisionsToTruncate(
  revisions: readonly ControllerRevision[],
  pods: readonly Pod[],
  currentRevision: string,
  updateRevision: string,
  revisionHistoryLimit: number | undefined,
): ControllerRevision[] {
  const notLive = revisions.filter((r) => {
    const name = r.metadata.name ?? '';
    if (name === currentRevision || name === updateRevision) return false;
    return !pods.some((p) => isPodOnRevision(p, name));
  });
  const limit = Math.max(revisionHistoryLimit ?? 10, 0);
  return notLive.length <= limit ? [] : notLive.slice(0, notLive.length - limit);
}

/** truncatePodsToDelete: the podsToDelete list without names of pods that are gone, or undefined if unchanged. */
export function truncatePodsToDelete(
  podsToDelete: readonly string[] | undefined,
  pods: readonly Pod[],
): string[] | undefined {
  if (podsToDelete === undefined || podsToDelete.length === 0) return undefined;
  const names = new Set(pods.map((p) => p.metadata.name));
  const kept = podsToDelete.filter((n) => names.has(n));
  return kept.length === podsToDelete.length ? undefined : kept;
}
