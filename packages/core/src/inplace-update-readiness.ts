// The InPlaceUpdateReady readiness gate (docs/behaviour/cloneset.md#in-place-procedure steps 1 and 4): pods created for in-place updates carry the
// gate; the controller sets the condition False before patching images (and recomputes Ready so the pod leaves
// Service endpoints at once) and True when the update completed. Kubelet, not the controller, sets Ready back.

import type { Pod, PodCondition, PodReadinessGate } from './kube-types.ts';
import { formatRfc3339 } from './lifecycle.ts';
import { CONTAINERS_READY, getPodCondition, INPLACE_UPDATE_READY, POD_READY } from './pod-readiness.ts';

export const START_INPLACE_UPDATE_REASON = 'StartInPlaceUpdate';
export const READINESS_GATES_NOT_READY_REASON = 'ReadinessGatesNotReady';

export function hasInPlaceUpdateReadinessGate(pod: Pod): boolean {
  return (pod.spec?.readinessGates ?? []).some((g) => g.conditionType === INPLACE_UPDATE_READY);
}

/** Readiness gates with InPlaceUpdateReady appended unless present (InjectReadinessGate). */
export function withInPlaceUpdateReadinessGate(
  gates: readonly PodReadinessGate[] | undefined,
): PodReadinessGate[] {
  const list = [...(gates ?? [])];
  if (!list.some((g) => g.conditionType === INPLACE_UPDATE_READY))
    list.push({ conditionType: INPLACE_UPDATE_READY });
  return list;
}

export function getInPlaceUpdateCondition(pod: Pod): PodCondition | undefined {
  return getPodCondition(pod, INPLACE_UPDATE_READY);
}

/** True once an update completed (no reason); False with reason StartInPlaceUpdate when one starts. */
export function newInPlaceUpdateReadyCondition(ready: boolean, now: number | Date): PodCondition {
  return ready
    ? { type: INPLACE_UPDATE_READY, status: 'True', lastTransitionTime: formatRfc3339(now) }
    : {
        type: INPLACE_UPDATE_READY,
        status: 'False',
        reason: START_INPLACE_UPDATE_REASON,
        lastTransitionTime: formatRfc3339(now),
      };
}

/** A condition of the same type with the same status, reason and message already exists (hasEqualCondition). */
export function hasEqualCondition(pod: Pod, condition: PodCondition): boolean {
  const old = getPodCondition(pod, condition.type);
  return (
    old !== undefined &&
    old.status === condition.status &&
    (old.reason ?? '') === (condition.reason ?? '') &&
    (old.message ?? '') === (condition.message ?? '')
  );
}

/**
 * Kruise SetPodCondition: append when the type is missing, replace only when the status differs (so an unchanged
 * status keeps its original transition time). Returns new conditions; the input is not changed.
 */
export function setPodCondition(
  conditions: readonly PodCondition[] | undefined,
  condition: PodCondition,
): PodCondition[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((c) => c.type === condition.type);
  if (i < 0) list.push(condition);
  else if (list[i]?.status !== condition.status) list[i] = condition;
  return list;
}

/**
 * Kruise SetPodReadyCondition: when Ready exists and ContainersReady is True, Ready becomes False
 * (ReadinessGatesNotReady, with Kubernetes' messages) if any readiness gate is missing or not True, else True.
 * Returns new conditions for the pod.
 */
export function readyConditionFromGates(
  pod: Pod,
  conditions: readonly PodCondition[],
  now: number | Date,
): PodCondition[] {
  const find = (type: string) => conditions.find((c) => c.type === type);
  if (find(POD_READY) === undefined) return [...conditions];
  if (find(CONTAINERS_READY)?.status !== 'True') return [...conditions];
  const unready: string[] = [];
  for (const gate of pod.spec?.readinessGates ?? []) {
    const c = find(gate.conditionType);
    if (c === undefined) {
      unready.push(
        `corresponding condition of pod readiness gate ${JSON.stringify(gate.conditionType)} does not exist.`,
      );
    } else if (c.status !== 'True') {
      unready.push(
        `the status of pod readiness gate ${JSON.stringify(gate.conditionType)} is not "True", but ${c.status}`,
      );
    }
  }
  const ready: PodCondition =
    unready.length === 0
      ? { type: POD_READY, status: 'True', lastTransitionTime: formatRfc3339(now) }
      : {
          type: POD_READY,
          status: 'False',
          reason: READINESS_GATES_NOT_READY_REASON,
          message: unready.join(', '),
        };
  return setPodCondition(conditions, ready);
}

/**
 * Status conditions to write when an in-place update starts on a pod with the gate: InPlaceUpdateReady False
 * (StartInPlaceUpdate) and Ready recomputed from the gates. Undefined when the pod has no gate (nothing to write).
 */
export function conditionsForInPlaceUpdateStart(pod: Pod, now: number | Date): PodCondition[] | undefined {
  if (!hasInPlaceUpdateReadinessGate(pod)) return undefined;
  const withCondition = setPodCondition(pod.status?.conditions, newInPlaceUpdateReadyCondition(false, now));
  return readyConditionFromGates(pod, withCondition, now);
}

/**
 * Status conditions to write once a pod with the gate has no unfinished in-place update: InPlaceUpdateReady True.
 * Undefined when there is nothing to write (no gate, or an equal condition exists) — this is also how fresh pods
 * first get the condition.
 */
export function conditionsForInPlaceUpdateReady(pod: Pod, now: number | Date): PodCondition[] | undefined {
  if (!hasInPlaceUpdateReadinessGate(pod)) return undefined;
  const condition = newInPlaceUpdateReadyCondition(true, now);
  if (hasEqualCondition(pod, condition)) return undefined;
  return setPodCondition(pod.status?.conditions, condition);
}
