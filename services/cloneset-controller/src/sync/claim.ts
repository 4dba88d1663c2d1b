// Which listed pods the CloneSet works on (docs/behaviour/cloneset.md#no-orphan-adoption, #reconcile-steps step 4 and 6): pods are listed by any ownerReference
// to the CloneSet's UID; terminal or terminating ones are inactive; owned pods whose labels no longer match the
// selector are released (ownerReference removed) unless the CloneSet is being deleted; orphans matching the
// selector would be adopted.

import { isPodActive, type OwnerReference, type Pod, selectorMatches } from '@kruise-ts/core';
import type { CloneSet } from '../types.ts';

export interface ClaimResult<P extends Pod> {
  /** Active pods the CloneSet controls and that match its selector. */
  claimed: P[];
  /** Pods to release: update each with `ownerReferences` as given (the CloneSet's reference removed). */
  release: Array<{ pod: P; ownerReferences: OwnerReference[] }>;
  /** Orphans to adopt (only reachable when listed through a non-controller reference). */
  adopt: P[];
  /** Listed pods that are Succeeded/Failed or being deleted: not counted, not touched. */
  inactive: P[];
}

const isSet = (t: string | null | undefined): boolean => t !== undefined && t !== null && t !== '';

function controllerOf(pod: Pod): OwnerReference | undefined {
  return pod.metadata.ownerReferences?.find((r) => r.controller === true);
}

export function claimPods<P extends Pod>(cs: CloneSet, listed: readonly P[]): ClaimResult<P> {
  const uid = cs.metadata?.uid;
  const deleting = isSet(cs.metadata?.deletionTimestamp);
  const result: ClaimResult<P> = { claimed: [], release: [], adopt: [], inactive: [] };
  for (const pod of listed) {
    if (!isPodActive(pod)) {
      result.inactive.push(pod);
      continue;
    }
    const matches = selectorMatches(cs.spec.selector, pod.metadata.labels);
    const ref = controllerOf(pod);
    if (ref !== undefined) {
      if (ref.uid !== uid) continue;
      if (matches) result.claimed.push(pod);
      else if (!deleting) {
        const refs = pod.metadata.ownerReferences ?? [];
        const i = refs.findIndex((r) => r.uid === uid);
        result.release.push({ pod, ownerReferences: refs.filter((_, j) => j !== i) });
      }
      continue;
    }
    if (!deleting && matches && !isSet(pod.metadata.deletionTimestamp)) {
      result.adopt.push(pod);
      result.claimed.push(pod);
    }
  }
  return result;
}
