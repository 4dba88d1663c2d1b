// The KruisePodReady readiness gate (docs/behaviour/cloneset.md#edge-inert-without-kruise-components): Kruise's
// pod webhook gives it to every pod created with an apps.kruise.io controller reference (all pods with the
// KruisePodReadinessGate feature gate; pkg/webhook/pod/mutating/pod_readiness.go), and its pod-readiness
// controller sets the condition True on a pod that has the gate and no condition yet, never changing one that is
// there (pkg/controller/podreadiness/pod_readiness_controller.go). Pure.
import { compareGoStrings, marshalGoJsonInOrder } from './go-json.ts';
import { readyConditionFromGates } from './inplace-update-readiness.ts';
import type { Pod, PodCondition } from './kube-types.ts';
import { formatRfc3339, LifecycleState } from './lifecycle.ts';
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

/**
 * Who holds a pod not ready: the KruisePodReady condition's message is the JSON list of these, sorted, and the
 * condition is False while the list is not empty (pkg/util/podreadiness/pod_readiness_utils.go).
 */
export interface NotReadyKey {
  userAgent: string;
  key: string;
}

/** The keys of the lifecycle hooks' markPodNotReady (pkg/util/lifecycle/lifecycle_utils.go). */
export const PRE_DELETE_HOOK_NOT_READY: NotReadyKey = { userAgent: 'Lifecycle', key: 'preDeleteHook' };
export const PRE_UPDATE_HOOK_NOT_READY: NotReadyKey = { userAgent: 'Lifecycle', key: 'preUpdateHook' };

const sameKey = (a: NotReadyKey, b: NotReadyKey): boolean => a.userAgent === b.userAgent && a.key === b.key;

/** The keys a condition's message lists; a message that is not such a list reads as none (Kruise ignores it too). */
export function parseNotReadyKeys(message: string | undefined): NotReadyKey[] {
  if (message === undefined || message === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((m: unknown) => {
    const o = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : {};
    return {
      userAgent: typeof o.userAgent === 'string' ? o.userAgent : '',
      key: typeof o.key === 'string' ? o.key : '',
    };
  });
}

/** Sorted by user agent, then key, as Go's json.Marshal writes them (an empty list is "[]"). */
export function dumpNotReadyKeys(keys: readonly NotReadyKey[]): string {
  const sorted = [...keys].sort((a, b) =>
    a.userAgent === b.userAgent ? compareGoStrings(a.key, b.key) : compareGoStrings(a.userAgent, b.userAgent),
  );
  return marshalGoJsonInOrder(sorted.map((k) => ({ userAgent: k.userAgent, key: k.key })));
}

function replaceCondition(conditions: readonly PodCondition[], next: PodCondition): PodCondition[] {
  const i = conditions.findIndex((c) => c.type === next.type);
  return i < 0 ? [...conditions, next] : conditions.map((c, j) => (j === i ? next : c));
}

/**
 * `conditions` (the pod's, or those about to be written for it) with `key` added to KruisePodReady: the condition
 * False, and Ready recomputed from the gates so the pod leaves Service endpoints at once (AddNotReadyKey).
 * Undefined when nothing changes: the pod has no gate, or the key is there already. Where Kruise appends a
 * condition with no status for a pod that has none yet, this writes False, the status the key means.
 */
export function withNotReadyKey(
  pod: Pod,
  conditions: readonly PodCondition[],
  key: NotReadyKey,
  now: number | Date,
): PodCondition[] | undefined {
  if (!hasKruisePodReadyGate(pod)) return undefined;
  const old = conditions.find((c) => c.type === KRUISE_POD_READY);
  // Listed already, whatever the status: Kruise's addMessage then writes nothing either.
  const held = parseNotReadyKeys(old?.message);
  if (held.some((k) => sameKey(k, key))) return undefined;
  const next: PodCondition = {
    ...(old ?? { type: KRUISE_POD_READY }),
    status: 'False',
    message: dumpNotReadyKeys([...held, key]),
    lastTransitionTime: formatRfc3339(now),
  };
  return readyConditionFromGates(pod, replaceCondition(conditions, next), now);
}

/**
 * `conditions` with `key` removed from KruisePodReady, the condition True once no key is left
 * (RemoveNotReadyKey; Ready is left to the kubelet). Undefined when the pod has no gate or the key is not there.
 */
export function withoutNotReadyKey(
  pod: Pod,
  conditions: readonly PodCondition[],
  key: NotReadyKey,
  now: number | Date,
): PodCondition[] | undefined {
  if (!hasKruisePodReadyGate(pod)) return undefined;
  const old = conditions.find((c) => c.type === KRUISE_POD_READY);
  if (old === undefined) return undefined;
  const held = parseNotReadyKeys(old.message);
  const left = held.filter((k) => !sameKey(k, key));
  if (left.length === held.length) return undefined;
  const next: PodCondition = {
    ...old,
    status: left.length === 0 ? 'True' : old.status,
    message: dumpNotReadyKeys(left),
    lastTransitionTime: formatRfc3339(now),
  };
  return replaceCondition(conditions, next);
}

/**
 * The lifecycle hooks' markPodNotReady on a move to `state` (executePodNotReadyPolicy): PreparingDelete and
 * PreparingUpdate hold the pod not ready, Updated releases the PreparingUpdate hold. Undefined when nothing
 * changes. Normal releases it too, where Kruise does not: a pod whose inPlaceUpdate hook is all hooked again by
 * the time its update completes skips Updated, and Kruise would leave it not ready for good.
 */
export function lifecycleReadinessConditions(
  pod: Pod,
  conditions: readonly PodCondition[],
  state: string,
  now: number | Date,
): PodCondition[] | undefined {
  switch (state) {
    case LifecycleState.PreparingDelete:
      return withNotReadyKey(pod, conditions, PRE_DELETE_HOOK_NOT_READY, now);
    case LifecycleState.PreparingUpdate:
      return withNotReadyKey(pod, conditions, PRE_UPDATE_HOOK_NOT_READY, now);
    case LifecycleState.Updated:
    case LifecycleState.Normal:
      return withoutNotReadyKey(pod, conditions, PRE_UPDATE_HOOK_NOT_READY, now);
    default:
      return undefined;
  }
}
