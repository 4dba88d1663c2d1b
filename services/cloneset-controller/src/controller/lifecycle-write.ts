// Writing a lifecycle transition (docs/behaviour/cloneset.md#lifecycle): the state label and timestamp, the hook's
// labels and finalizers when it is re-armed, and with the hook's markPodNotReady the KruisePodReady hold
// (Kruise pkg/util/lifecycle/lifecycle_utils.go, pkg/util/podreadiness).
import {
  changedPodConditions,
  lifecycleReadinessConditions,
  lifecycleStatePatch,
  lifecycleStatePatchWithHook,
  type PodCondition,
} from '@kruise-ts/core';
import type { LifecycleTransition } from '../lifecycle/state-machine.ts';
import type { CloneSetPod } from '../types.ts';
import type { SyncContext } from './sync-context.ts';

export function transitionPatch(t: LifecycleTransition, now: number): { metadata: object } {
  return t.withHook === undefined
    ? lifecycleStatePatch(t.to, now)
    : lifecycleStatePatchWithHook(t.to, t.withHook, now);
}

/**
 * The conditions to write with the transition: `conditions` (the pod's, or those a status write is about to
 * carry) with the hook's not-ready hold added or released. Only a pod with the KruisePodReady gate has one.
 */
export function conditionsWithTransition(
  pod: CloneSetPod,
  conditions: readonly PodCondition[],
  t: LifecycleTransition,
  now: number,
): readonly PodCondition[] {
  if (!t.markPodNotReady) return conditions;
  return lifecycleReadinessConditions(pod, conditions, t.to, now) ?? conditions;
}

/**
 * Moves the pod. A hold rides in the same pods/status write as the label (which that subresource keeps); a
 * re-armed hook's finalizers need the pod itself, so then the hold is written first, as Kruise does.
 */
export async function writeTransition(
  ctx: SyncContext,
  pod: CloneSetPod,
  t: LifecycleTransition,
): Promise<void> {
  const name = pod.metadata.name ?? '';
  const own = pod.status?.conditions ?? [];
  const changed = changedPodConditions(pod, conditionsWithTransition(pod, own, t, ctx.now));
  const patch = transitionPatch(t, ctx.now);
  if (changed.length === 0) {
    await ctx.writer.patchPod(name, patch);
  } else if (t.withHook === undefined) {
    await ctx.writer.patchPodConditions(name, changed, patch.metadata);
  } else {
    await ctx.writer.patchPodConditions(name, changed);
    await ctx.writer.patchPod(name, patch);
  }
}
