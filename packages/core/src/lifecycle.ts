// Pod lifecycle state (docs/behaviour/cloneset.md#lifecycle): label lifecycle.apps.kruise.io/state plus the time of the last change in
// annotation lifecycle.apps.kruise.io/timestamp, and the hooks (labels/finalizers) that hold a pod in a state.

import type { ObjectMeta, Pod } from './kube-types.ts';

export const LIFECYCLE_STATE_LABEL = 'lifecycle.apps.kruise.io/state';
export const LIFECYCLE_TIMESTAMP_ANNOTATION = 'lifecycle.apps.kruise.io/timestamp';

export const LifecycleState = {
  /** Created but not yet available; becomes Normal once scheduled (or once the preNormal hook is all hooked). */
  PreparingNormal: 'PreparingNormal',
  /** The only state besides "" in which a pod counts as available. */
  Normal: 'Normal',
  /** Waiting for the inPlaceUpdate hook to be released before the update starts. */
  PreparingUpdate: 'PreparingUpdate',
  Updating: 'Updating',
  /** Updated in place; becomes Normal once the inPlaceUpdate hook is all hooked again (or there is none). */
  Updated: 'Updated',
  /** Chosen for deletion; deleted once the preDelete hook is released. */
  PreparingDelete: 'PreparingDelete',
} as const;
export type LifecycleState = (typeof LifecycleState)[keyof typeof LifecycleState];

export const LIFECYCLE_STATES: readonly LifecycleState[] = Object.values(LifecycleState);

export function isLifecycleState(value: string): value is LifecycleState {
  return (LIFECYCLE_STATES as readonly string[]).includes(value);
}

/** The label value: a LifecycleState, "" when unset, or whatever else someone wrote there. */
export function getPodLifecycleState(
  pod: { metadata: Pick<ObjectMeta, 'labels'> } | undefined,
): LifecycleState | '' | (string & {}) {
  return pod?.metadata.labels?.[LIFECYCLE_STATE_LABEL] ?? '';
}

export interface LifecycleHook {
  labelsHandler?: Record<string, string>;
  finalizersHandler?: string[];
  markPodNotReady?: boolean;
}

export interface Lifecycle {
  preDelete?: LifecycleHook;
  inPlaceUpdate?: LifecycleHook;
  preNormal?: LifecycleHook;
}

/** RFC 3339 with second precision, as Go's time.RFC3339 (written in UTC here). */
export function formatRfc3339(now: number | Date): string {
  const d = new Date(typeof now === 'number' ? now : now.getTime());
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** Strategic-merge patch body that moves a pod to `state` (UpdatePodLifecycle). */
export function lifecycleStatePatch(state: LifecycleState, now: number | Date) {
  return {
    metadata: {
      labels: { [LIFECYCLE_STATE_LABEL]: state as string },
      annotations: { [LIFECYCLE_TIMESTAMP_ANNOTATION]: formatRfc3339(now) },
    },
  };
}

/**
 * Patch body that moves a pod to `state` and (re)adds the hook's labels and finalizers
 * (UpdatePodLifecycleWithHandler, used for Updated → PreparingUpdate).
 */
export function lifecycleStatePatchWithHook(state: LifecycleState, hook: LifecycleHook, now: number | Date) {
  return {
    metadata: {
      labels: { [LIFECYCLE_STATE_LABEL]: state as string, ...hook.labelsHandler },
      annotations: { [LIFECYCLE_TIMESTAMP_ANNOTATION]: formatRfc3339(now) },
      finalizers: [...(hook.finalizersHandler ?? [])],
    },
  };
}

/** The pod metadata after moving to `state` (for full updates instead of patches); the input is not changed. */
export function withLifecycleState<M extends Pick<ObjectMeta, 'labels' | 'annotations'>>(
  meta: M,
  state: LifecycleState,
  now: number | Date,
): M {
  return {
    ...meta,
    labels: { ...meta.labels, [LIFECYCLE_STATE_LABEL]: state },
    annotations: { ...meta.annotations, [LIFECYCLE_TIMESTAMP_ANNOTATION]: formatRfc3339(now) },
  };
}

/**
 * Any handler label present with its value, or any handler finalizer present (IsPodHooked). A missing label reads
 * as "", so a handler label with an empty value matches it, as in Go.
 */
export function isPodHooked(hook: LifecycleHook | undefined, pod: Pod | undefined): boolean {
  if (hook === undefined || pod === undefined) return false;
  const finalizers = pod.metadata.finalizers ?? [];
  if ((hook.finalizersHandler ?? []).some((f) => finalizers.includes(f))) return true;
  const labels = pod.metadata.labels ?? {};
  return Object.entries(hook.labelsHandler ?? {}).some(([k, v]) => (labels[k] ?? '') === v);
}

/** Every handler label and finalizer present (IsPodAllHooked); an absent hook is never all hooked. */
export function isPodAllHooked(hook: LifecycleHook | undefined, pod: Pod | undefined): boolean {
  if (hook === undefined || pod === undefined) return false;
  const finalizers = pod.metadata.finalizers ?? [];
  if (!(hook.finalizersHandler ?? []).every((f) => finalizers.includes(f))) return false;
  const labels = pod.metadata.labels ?? {};
  return Object.entries(hook.labelsHandler ?? {}).every(([k, v]) => (labels[k] ?? '') === v);
}

export function isHookMarkPodNotReady(hook: LifecycleHook | undefined): boolean {
  return hook?.markPodNotReady === true;
}

/** markPodNotReady on the preDelete or inPlaceUpdate hook (preNormal's flag has no effect). */
export function isLifecycleMarkPodNotReady(lifecycle: Lifecycle | undefined): boolean {
  return isHookMarkPodNotReady(lifecycle?.preDelete) || isHookMarkPodNotReady(lifecycle?.inPlaceUpdate);
}
