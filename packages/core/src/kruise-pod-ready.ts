// The KruisePodReady readiness gate (docs/behaviour/cloneset.md#edge-inert-without-kruise-components): Kruise's
// pod webhook gives it to every pod created with an apps.kruise.io controller reference (all pods with the
// KruisePodReadinessGate feature gate; pkg/webhook/pod/mutating/pod_readiness.go), and its pod-readiness
// controller sets the condition True on a pod that has the gate and no condition yet, never changing one that is
// there (pkg/controller/podreadiness/pod_readiness_controller.go). Pure.
import type { Pod, PodCondition } from './kube-types.ts';
import { formatRfc3339 } from './lifecycle.ts';
import { getPodCondition } from './pod-readiness.ts';

export const KRUISE_POD_READY = 'KruisePodReady';
const KRUISE_GROUP = 'apps.kruise.io';

/** The pod's controller reference names a kind of apps.kruise.io (any version). */
export function isControlledByKruise(pod: Pick<Pod, 'metadata'>): boolean {
  const owner = pod.metadata.ownerReferences?.find((r) => r.controller === true);
  if (owner === undefined) return false;
  const slash = owner.apiVersion.indexOf('/');
  return slash >= 0 && owner.apiVersion.slice(0, slash) === KRUISE_GROUP;
}

export function hasKruisePodReadyGate(pod: Pick<Pod, 'spec'>): boolean {
  return (pod.spec?.readinessGates ?? []).some((g) => g.conditionType === KRUISE_POD_READY);
}

/**
 * Which pods the webhook gives the gate: none, those a Kruise kind controls (Kruise's default), or all (its
 * KruisePodReadinessGate feature gate). kruise-ts starts at none: a controller of an earlier build would never
 * set the condition, so the gate waits until every controller sets it (KRUISE_TS_KRUISE_POD_READY_GATE, ADR 47).
 */
export type KruisePodReadyGateScope = 'none' | 'kruise-controlled' | 'all';

/**
 * The pod being created with the KruisePodReady gate appended, or undefined when it gets none: the scope leaves
 * it out, or it has the gate already.
 */
export function withKruisePodReadyGate<P extends Pod>(pod: P, scope: KruisePodReadyGateScope): P | undefined {
  if (scope === 'none') return undefined;
  if (scope === 'kruise-controlled' && !isControlledByKruise(pod)) return undefined;
  if (hasKruisePodReadyGate(pod)) return undefined;
  return {
    ...pod,
    spec: {
      ...pod.spec,
      readinessGates: [...(pod.spec?.readinessGates ?? []), { conditionType: KRUISE_POD_READY }],
    },
  };
}

/**
 * `conditions` (the pod's, or the ones about to be written for it) with KruisePodReady True appended when the pod
 * has the gate and neither holds the condition; undefined when nothing is to be added.
 */
export function withKruisePodReadyCondition(
  pod: Pod,
  conditions: readonly PodCondition[],
  now: number | Date,
): PodCondition[] | undefined {
  if (!hasKruisePodReadyGate(pod)) return undefined;
  if (getPodCondition(pod, KRUISE_POD_READY) !== undefined) return undefined;
  if (conditions.some((c) => c.type === KRUISE_POD_READY)) return undefined;
  return [...conditions, { type: KRUISE_POD_READY, status: 'True', lastTransitionTime: formatRfc3339(now) }];
}
