// Which pods the set works on (docs/behaviour/advanced-statefulset.md#claiming): Kruise's getPodsForStatefulSet
// (pkg/controller/statefulset/stateful_set.go) claims the namespace's pods through Kubernetes' ClaimPods with
// the filter isMemberOf — a pod matches when the selector selects it and its name is `<set>-<int>`. The rule
// itself (adopt, release, ignore) is the shared planClaim of @kruise-ts/core.
import { type ClaimPlan, planClaim } from '@kruise-ts/core';
import { selectorMatches } from '@kruise-ts/kube';
import { statefulSetControllerRef } from './identity.ts';
import { isMemberOf } from './replicas-range.ts';
import type { StatefulSet, StatefulSetPod } from './types.ts';

const isSet = (v: string | null | undefined): boolean => v !== undefined && v !== null && v !== '';

/** Candidates: the pods the set controls plus the namespace's uncontrolled pods. */
export function claimSetPods(
  set: StatefulSet,
  candidates: readonly StatefulSetPod[],
): ClaimPlan<StatefulSetPod> {
  const name = set.metadata?.name ?? '';
  return planClaim(
    { reference: statefulSetControllerRef(set), deleting: isSet(set.metadata?.deletionTimestamp) },
    candidates,
    (pod) =>
      selectorMatches(set.spec.selector, pod.metadata.labels) && isMemberOf(name, pod.metadata.name ?? ''),
  );
}
