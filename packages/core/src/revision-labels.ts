// How pods point at revisions (docs/behaviour/cloneset.md#revisions, #labels): label controller-revision-hash holds "<cloneset>-<hash>" (or just
// "<hash>" with the CloneSetShortHash gate) and pod-template-hash always holds the short hash. Comparisons accept
// either form.

import type { ObjectMeta } from './kube-types.ts';

export const CONTROLLER_REVISION_HASH_LABEL_KEY = 'controller-revision-hash';
export const POD_TEMPLATE_HASH_LABEL_KEY = 'pod-template-hash';

/** The hash part of a revision name: everything after the last dash (the whole string when there is none). */
export function shortRevisionHash(revisionName: string): string {
  const i = revisionName.lastIndexOf('-');
  return i < 0 ? revisionName : revisionName.slice(i + 1);
}

/** EqualToRevisionHash: the label equals the revision name, or both end in the same hash. */
export function revisionHashMatches(labelValue: string | undefined, revisionName: string): boolean {
  const value = labelValue ?? '';
  return value === revisionName || shortRevisionHash(value) === shortRevisionHash(revisionName);
}

/** Whether the object's controller-revision-hash label points at this revision. */
export function isAtRevision(meta: Pick<ObjectMeta, 'labels'>, revisionName: string): boolean {
  return revisionHashMatches(meta.labels?.[CONTROLLER_REVISION_HASH_LABEL_KEY], revisionName);
}

/** The labels WriteRevisionHash sets on a pod for a revision. */
export function revisionHashLabels(revisionName: string, shortHashGate = false): Record<string, string> {
  const short = shortRevisionHash(revisionName);
  return {
    [CONTROLLER_REVISION_HASH_LABEL_KEY]: shortHashGate ? short : revisionName,
    [POD_TEMPLATE_HASH_LABEL_KEY]: short,
  };
}
