// Which pods and PVCs the CloneSet works on (docs/behaviour/cloneset.md#orphan-adoption, #reconcile-steps steps 4
// and 6), by the shared claim rule (planClaim in @kruise-ts/core): candidates are the objects controlled by the
// CloneSet plus the namespace's uncontrolled ones; owned objects whose labels stopped matching the selector are
// released, orphans matching it adopted, neither while the CloneSet is being deleted. Pods that are
// Succeeded/Failed or being deleted are inactive: not claimed, not adopted, not released
// (`getOwnedResource`, `claimPods` in pkg/controller/cloneset/cloneset_controller.go).
import {
  CLONESET_API_VERSION,
  CLONESET_KIND,
  type ClaimPlan,
  isPodActive,
  newControllerReference,
  type Pod,
  planClaim,
} from '@kruise-ts/core';
import { selectorMatches } from '@kruise-ts/kube';
import type { CloneSet } from '../types.ts';

export interface ClaimResult<P extends Pod> extends ClaimPlan<P> {
  /** Listed pods that are Succeeded/Failed or being deleted: not counted, not touched. */
  inactive: P[];
}

const isSet = (t: string | null | undefined): boolean => t !== undefined && t !== null && t !== '';

function owner(cs: CloneSet) {
  return {
    reference: newControllerReference({
      apiVersion: CLONESET_API_VERSION,
      kind: CLONESET_KIND,
      name: cs.metadata?.name ?? '',
      uid: cs.metadata?.uid ?? '',
    }),
    deleting: isSet(cs.metadata?.deletionTimestamp),
  };
}

export function claimPods<P extends Pod>(cs: CloneSet, listed: readonly P[]): ClaimResult<P> {
  const active = listed.filter((p) => isPodActive(p));
  const inactive = listed.filter((p) => !isPodActive(p));
  const plan = planClaim(owner(cs), active, (p) => selectorMatches(cs.spec.selector, p.metadata.labels));
  return { ...plan, inactive };
}

/** PVCs follow the same rule (Kruise claims them with the pods' selector). */
export function claimPvcs<C extends { metadata: Pod['metadata'] }>(
  cs: CloneSet,
  listed: readonly C[],
): ClaimPlan<C> {
  return planClaim(owner(cs), listed, (c) => selectorMatches(cs.spec.selector, c.metadata.labels));
}
