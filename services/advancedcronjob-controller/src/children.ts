// What the ACJ's existing children say (docs/behaviour/advancedcronjob.md#controller steps 1–3): which are still running, which
// finished, when the last run was scheduled, the status.active references, and which finished children fall
// outside the history limits.

import { parseRfc3339 } from '@kruise-ts/kube';
import type { AcjChild, AdvancedCronJob, ChildKind, ObjectReference } from './types.ts';

export const SCHEDULED_AT_ANNOTATION = 'apps.kruise.io/scheduled-at';

export const ACJ_KIND = 'AdvancedCronJob';

/** apiVersion and kind of each child kind, as the ObjectReferences in status.active carry them. */
export const CHILD_TYPE: Readonly<Record<ChildKind, { apiVersion: string; kind: ChildKind }>> = {
  Job: { apiVersion: 'batch/v1', kind: 'Job' },
  BroadcastJob: { apiVersion: 'apps.kruise.io/v1beta1', kind: 'BroadcastJob' },
};

/**
 * Owner apiVersions Kruise's `.metadata.controller` field index accepts per child kind: Jobs of a v1alpha1 or
 * v1beta1 ACJ, BroadcastJobs of a v1beta1 ACJ only.
 */
const OWNER_API_VERSIONS: Readonly<Record<ChildKind, readonly string[]>> = {
  Job: ['apps.kruise.io/v1alpha1', 'apps.kruise.io/v1beta1'],
  BroadcastJob: ['apps.kruise.io/v1beta1'],
};

/**
 * Whether `child` is one of the ACJ's children as Kruise lists them: same namespace and a controller
 * ownerReference of kind AdvancedCronJob naming it. The match is by name, not uid (so a re-created ACJ
 * adopts the old one's children), as Kruise's index does.
 */
export function isChildOf(acj: Pick<AdvancedCronJob, 'metadata'>, child: AcjChild, kind: ChildKind): boolean {
  if ((child.metadata.namespace ?? '') !== (acj.metadata?.namespace ?? '')) return false;
  const owner = child.metadata.ownerReferences?.find((ref) => ref.controller === true);
  return (
    owner !== undefined &&
    owner.kind === ACJ_KIND &&
    OWNER_API_VERSIONS[kind].includes(owner.apiVersion) &&
    owner.name === acj.metadata?.name
  );
}

export type ChildOutcome = 'active' | 'successful' | 'failed';

/** The first Complete or Failed condition with status True decides; without one the child is active. */
export function childOutcome(child: AcjChild): ChildOutcome {
  for (const c of child.status?.conditions ?? []) {
    if (c.status !== 'True') continue;
    if (c.type === 'Complete') return 'successful';
    if (c.type === 'Failed') return 'failed';
  }
  return 'active';
}

/** The child's scheduled-at annotation; undefined when absent or unparsable (Kruise skips those). */
export function scheduledTimeOf(child: AcjChild): number | undefined {
  const raw = child.metadata.annotations?.[SCHEDULED_AT_ANNOTATION];
  return raw === undefined || raw === '' ? undefined : parseRfc3339(raw);
}

export interface ClassifiedChildren {
  active: AcjChild[];
  successful: AcjChild[];
  failed: AcjChild[];
  /**
   * The latest scheduled-at over every child, finished ones included; undefined without any. Recomputed each
   * time, so once all children are gone the schedule restarts from the ACJ's creation.
   */
  lastScheduleTime?: number;
}

export function classifyChildren(children: readonly AcjChild[]): ClassifiedChildren {
  const out: ClassifiedChildren = { active: [], successful: [], failed: [] };
  for (const child of children) {
    out[childOutcome(child)].push(child);
    const at = scheduledTimeOf(child);
    if (at !== undefined && (out.lastScheduleTime === undefined || at > out.lastScheduleTime))
      out.lastScheduleTime = at;
  }
  return out;
}

/**
 * ref.GetReference for a child, with fields in the order Go marshals ObjectReference and empty ones left out
 * (omitempty).
 */
export function childReference(child: AcjChild, kind: ChildKind): ObjectReference {
  const m = child.metadata;
  const ref: ObjectReference = { kind: CHILD_TYPE[kind].kind };
  if (m.namespace) ref.namespace = m.namespace;
  if (m.name) ref.name = m.name;
  if (m.uid) ref.uid = m.uid;
  ref.apiVersion = CHILD_TYPE[kind].apiVersion;
  if (m.resourceVersion) ref.resourceVersion = m.resourceVersion;
  return ref;
}

/**
 * The finished children to delete so that `limit` remain: oldest status.startTime first, children without a
 * startTime before all others. No limit set ⇒ nothing is pruned.
 */
export function childrenBeyondLimit(
  finished: readonly AcjChild[],
  limit: number | null | undefined,
): AcjChild[] {
  if (limit === undefined || limit === null) return [];
  const excess = finished.length - limit;
  if (excess <= 0) return [];
  const start = (c: AcjChild) => parseRfc3339(c.status?.startTime);
  // A stable sort: Go's sort.Slice leaves equal start times in no particular order, list order is as good.
  const sorted = [...finished].sort((a, b) => {
    const sa = start(a);
    const sb = start(b);
    if (sa === undefined) return sb === undefined ? 0 : -1;
    if (sb === undefined) return 1;
    return sa - sb;
  });
  return sorted.slice(0, excess);
}

/** History cleanup: failed children beyond failedJobsHistoryLimit, then successful ones beyond theirs. */
export function historyToDelete(
  spec: Pick<AdvancedCronJob['spec'], 'failedJobsHistoryLimit' | 'successfulJobsHistoryLimit'>,
  classified: Pick<ClassifiedChildren, 'failed' | 'successful'>,
): AcjChild[] {
  return [
    ...childrenBeyondLimit(classified.failed, spec.failedJobsHistoryLimit),
    ...childrenBeyondLimit(classified.successful, spec.successfulJobsHistoryLimit),
  ];
}
