// Which ControllerRevisions of one workload may go: the oldest beyond its revisionHistoryLimit among those no
// one uses. "In use" means the workload's current or update revision, or the revision of a live pod; those
// are kept whatever the limit (Kruise's truncateHistory rule, shared by every workload kind).
import type { ControllerRevision } from './kube-types.ts';
import { sortRevisions } from './revision-history.ts';

export function revisionsToPrune<T extends ControllerRevision>(
  revisions: readonly T[],
  inUse: (revisionName: string) => boolean,
  historyLimit: number,
): T[] {
  const idle = sortRevisions(revisions).filter((r) => !inUse(r.metadata.name ?? ''));
  const excess = idle.length - Math.max(0, historyLimit);
  return excess > 0 ? idle.slice(0, excess) : [];
}
