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
 * The pod being created with the KruisePodReady gate appended, or undefined when it gets none: it is not
 * controlled by a Kruise kind (and `allPods`, the KruisePodReadinessGate feature gate, is off) or has the gate.
 */
export function withKruisePodReadyGate<P extends Pod>(pod: P, allPods = false): P | undefined {
  if (!allPods && !isControlledByKruise(pod)) return undefined;
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
