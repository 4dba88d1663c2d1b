// What an in-place update still needs on each reconcile (docs/behaviour/cloneset.md#in-place-procedure step 4, inplaceupdate.Refresh): finish a grace
// period that has run out, patch the next container batch once the previous one is ready, or mark the pod
// InPlaceUpdateReady=True once nothing is pending (which is also how fresh pods first get the condition).

import {
  type CompletionOptions,
  checkInPlaceUpdateCompleted,
  conditionsForInPlaceUpdateReady,
  getInPlaceUpdateGraceAnnotation,
  getInPlaceUpdateStateAnnotation,
  INPLACE_UPDATE_STATE_KEY,
  type InPlaceUpdateState,
  isAtRevision,
  type PodCondition,
  parseInPlaceUpdateState,
  serializeInPlaceUpdateState,
  withKruisePodReadyCondition,
  withoutInPlaceUpdateGrace,
} from '@kruise-ts/core';
import { patchSpecToPodWithResize, type ResizePatch } from './apply.ts';
import { envFromMetadataRestarted } from './env-from-metadata.ts';
import { type InPlacePod, type Now, toMillis } from './types.ts';
import { parseUpdateSpec } from './update-spec.ts';

export type InPlaceRefresh<P extends InPlacePod> =
  | { action: 'none'; requeueAfterMs?: number; reason?: string }
  /** Write this pod (grace period over or dropped, or the next container batch), after resizing it if asked. */
  | {
      action: 'update-pod';
      pod: P;
      reason: 'grace-finished' | 'grace-dropped' | 'next-batch';
      resize?: ResizePatch;
    }
  /** Write these status conditions (InPlaceUpdateReady=True). */
  | { action: 'update-status'; conditions: PodCondition[] }
  | { action: 'error'; error: string };

const hasPending = (s: InPlaceUpdateState): boolean =>
  [s.nextContainerImages, s.nextContainerRefMetadata, s.nextContainerResources].some(
    (m) => m !== undefined && Object.keys(m).length > 0,
  );

/** Whole seconds, rounded up (Kruise's roundupSeconds). */
const roundUpToSecond = (ms: number): number => Math.ceil(ms / 1000) * 1000;

function finishGracePeriod<P extends InPlacePod>(pod: P, graceText: string, now: Now): InPlaceRefresh<P> {
  let spec: ReturnType<typeof parseUpdateSpec>;
  try {
    spec = parseUpdateSpec(graceText);
  } catch (err) {
    return { action: 'error', error: `invalid in-place update grace annotation: ${(err as Error).message}` };
  }
  const stateText = getInPlaceUpdateStateAnnotation(pod.metadata);
  if (stateText === undefined) {
    return {
      action: 'error',
      error: 'pod has apps.kruise.io/inplace-update-grace but apps.kruise.io/inplace-update-state not found',
    };
  }
  let state: InPlaceUpdateState;
  try {
    state = parseInPlaceUpdateState(stateText);
  } catch {
    // Kruise gives up silently on an unreadable state here.
    return { action: 'none' };
  }
  const withoutGrace = (p: P): P => ({
    ...p,
    metadata: { ...p.metadata, annotations: withoutInPlaceUpdateGrace(p.metadata.annotations) },
  });
  // The pod moved to another revision meanwhile: the deferred patch is obsolete.
  if (!isAtRevision(pod.metadata, spec.revision))
    return { action: 'update-pod', pod: withoutGrace(pod), reason: 'grace-dropped' };
  const started = state.updateTimestamp === null ? Number.NaN : Date.parse(state.updateTimestamp);
  const span = toMillis(now) - (Number.isNaN(started) ? 0 : started);
  const grace = spec.graceSeconds * 1000;
  if (span < grace)
    return { action: 'none', requeueAfterMs: roundUpToSecond(grace - span), reason: 'in grace period' };
  const patched = patchSpecToPodWithResize(pod, spec, state, now);
  return {
    action: 'update-pod',
    pod: withoutGrace(patched.pod),
    reason: 'grace-finished',
    ...(patched.resize === undefined ? {} : { resize: patched.resize }),
  };
}

/** Containers of the last batch all report ready (doPreCheckBeforeNext). */
function previousBatchReady(pod: InPlacePod, state: InPlaceUpdateState): boolean {
  for (const name of state.preCheckBeforeNext?.containersRequiredReady ?? []) {
    const status = pod.status?.containerStatuses?.find((s) => s.name === name);
    if (status === undefined || status.ready !== true) return false;
  }
  return true;
}

/**
 * The kubelet's verdict on a resize it has not carried out (PodResizePending reason Deferred or Infeasible, 1.33+).
 * Kruise only waits for the resources to show up; the reason is surfaced so a stuck rollout explains itself.
 */
function resizePendingText(pod: InPlacePod): string {
  const pending = pod.status?.conditions?.find((c) => c.type === 'PodResizePending' && c.status === 'True');
  if (pending === undefined) return '';
  return `: resize ${pending.reason ?? 'pending'}${pending.message ? ` (${pending.message})` : ''}`;
}

export interface InPlaceCheckOptions {
  /** InPlaceWorkloadVerticalScaling gate: also wait until the containers report the resized resources. */
  verticalScaling?: boolean;
}

/** Core's completion options for this project's stand-in kruise-daemon (the fake kubelet's restart report). */
export function completionOptions(opts: InPlaceCheckOptions = {}): CompletionOptions {
  return {
    containersHashConsistent: envFromMetadataRestarted,
    ...(opts.verticalScaling === true ? { verticalScaling: true } : {}),
  };
}

/** The containers check alone (no grace / next-batch checks): core's check on the state without next batches. */
function containersCompleted(pod: InPlacePod, state: InPlaceUpdateState, opts: InPlaceCheckOptions): boolean {
  const current: InPlaceUpdateState = { ...state };
  delete current.nextContainerImages;
  delete current.nextContainerRefMetadata;
  delete current.nextContainerResources;
  const probe: InPlacePod = {
    ...pod,
    metadata: {
      ...pod.metadata,
      annotations: {
        ...withoutInPlaceUpdateGrace(pod.metadata.annotations),
        [INPLACE_UPDATE_STATE_KEY]: serializeInPlaceUpdateState(current),
      },
    },
  };
  return checkInPlaceUpdateCompleted(probe, completionOptions(opts)).completed;
}

export function refreshInPlaceUpdate<P extends InPlacePod>(
  pod: P,
  now: Now,
  opts: InPlaceCheckOptions = {},
): InPlaceRefresh<P> {
  const grace = getInPlaceUpdateGraceAnnotation(pod.metadata);
  if (grace !== undefined && grace !== '') return finishGracePeriod(pod, grace, now);

  const stateText = getInPlaceUpdateStateAnnotation(pod.metadata);
  if (stateText !== undefined) {
    let state: InPlaceUpdateState;
    try {
      state = parseInPlaceUpdateState(stateText);
    } catch (err) {
      return { action: 'error', error: (err as Error).message };
    }
    if (!containersCompleted(pod, state, opts))
      return { action: 'none', reason: `in-place update not completed${resizePendingText(pod)}` };
    if (hasPending(state)) {
      if (!previousBatchReady(pod, state))
        return { action: 'none', reason: 'waiting for the previous batch to be ready' };
      const patched = patchSpecToPodWithResize(
        pod,
        {
          containerImages: state.nextContainerImages ?? {},
          containerRefMetadata: state.nextContainerRefMetadata ?? {},
          containerResources: state.nextContainerResources ?? {},
        },
        state,
        now,
      );
      return {
        action: 'update-pod',
        pod: patched.pod,
        reason: 'next-batch',
        ...(patched.resize === undefined ? {} : { resize: patched.resize }),
      };
    }
  }
  // InPlaceUpdateReady True once nothing is pending, and KruisePodReady True on a pod with that gate and no
  // condition yet (Kruise's pod-readiness controller): fresh pods get both in one status write.
  const inPlaceReady = conditionsForInPlaceUpdateReady(pod, now);
  const conditions =
    withKruisePodReadyCondition(pod, inPlaceReady ?? pod.status?.conditions ?? [], now) ?? inPlaceReady;
  return conditions === undefined ? { action: 'none' } : { action: 'update-status', conditions };
}

/** Kruise's CheckPodUpdateCompleted for lifecycle purposes: no grace, no next batch, containers restarted. */
export function isInPlaceUpdateCompleted(pod: InPlacePod, opts: InPlaceCheckOptions = {}): boolean {
  return checkInPlaceUpdateCompleted(pod, completionOptions(opts)).completed;
}
