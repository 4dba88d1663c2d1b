// Performing an in-place update on a pod object (docs/behaviour/cloneset.md#in-place-procedure, inplaceupdate.Update + defaultPatchUpdateSpecToPod):
// the InPlaceUpdateReady=False status to write first, then the pod with new revision labels, lifecycle Updating,
// the in-place-update-state annotation and — unless a grace period defers it — the new images of the first
// container batch (containers with a launch priority go highest-priority first).

import {
  conditionsForInPlaceUpdateStart,
  formatRfc3339,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_STATE_KEY,
  INPLACE_UPDATE_STATE_KEY_OLD,
  type InPlaceUpdateState,
  LifecycleState,
  type PodCondition,
  revisionHashLabels,
  serializeInPlaceUpdateState,
  withLifecycleState,
  withoutInPlaceUpdateGrace,
} from '@kruise-ts/core';
import { applyMetadataPatch } from './metadata-patch.ts';
import type { InPlacePod, Now, PodContainer } from './types.ts';
import { type InPlaceUpdateSpec, serializeUpdateSpec } from './update-spec.ts';

/** Env var the Kruise pod webhook injects for container launch priority (value from a ConfigMap key "p_<n>"). */
export const CONTAINER_LAUNCH_BARRIER_ENV = 'KRUISE_CONTAINER_BARRIER';

export function containerLaunchPriority(container: PodContainer): number | undefined {
  const env = container.env?.find((e) => e.name === CONTAINER_LAUNCH_BARRIER_ENV);
  if (env === undefined) return undefined;
  const key = env.valueFrom?.configMapKeyRef?.key;
  const n = Number.parseInt((typeof key === 'string' ? key : '').slice(2), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** The containers of the next batch: all without a priority plus those with the highest priority (sorted). */
function containersToUpdate(pod: InPlacePod, images: Readonly<Record<string, string>>): string[] {
  const batch = new Set<string>();
  let highest: number | undefined;
  let highestGroup: string[] = [];
  for (const c of pod.spec?.containers ?? []) {
    if (!Object.hasOwn(images, c.name)) continue;
    const priority = containerLaunchPriority(c);
    if (priority === undefined) batch.add(c.name);
    else if (highest === undefined || highest < priority) {
      highest = priority;
      highestGroup = [c.name];
    } else if (highest === priority) highestGroup.push(c.name);
  }
  for (const name of highestGroup) batch.add(name);
  return [...batch].sort();
}

/**
 * Applies a spec (or the next batch of one) to the pod: metadata patch, images of this batch, the previous image
 * IDs of the updated containers, the rest queued in nextContainerImages, a batch record; writes the state
 * annotation. Returns the new pod; inputs are not changed.
 */
export function patchSpecToPod<P extends InPlacePod>(
  pod: P,
  spec: Pick<InPlaceUpdateSpec, 'containerImages' | 'metadataPatch'>,
  state: InPlaceUpdateState,
  now: Now,
): P {
  const next: InPlaceUpdateState = { ...state, nextContainerImages: {} };
  delete next.nextContainerRefMetadata;
  delete next.nextContainerResources;
  const metadata = applyMetadataPatch(pod.metadata, spec.metadataPatch);
  const batch = containersToUpdate(pod, spec.containerImages);
  const nextImages: Record<string, string> = {};
  const changed = new Set<string>();
  const containers = (pod.spec?.containers ?? []).map((c) => {
    const image = spec.containerImages[c.name];
    if (image === undefined) return c;
    if (batch.includes(c.name)) {
      changed.add(c.name);
      return { ...c, image };
    }
    nextImages[c.name] = image;
    return c;
  });
  let last = state.lastContainerStatuses === null ? null : { ...state.lastContainerStatuses };
  for (const s of pod.status?.containerStatuses ?? []) {
    if (!changed.has(s.name)) continue;
    last ??= {};
    // Kruise records the image ID only the first time (later batches leave an existing entry as it was).
    if (last[s.name] === undefined) last[s.name] = { imageID: s.imageID };
  }
  next.lastContainerStatuses = last;
  next.nextContainerImages = nextImages;
  if (Object.keys(nextImages).length > 0) next.preCheckBeforeNext = { containersRequiredReady: batch };
  else delete next.preCheckBeforeNext;
  next.containerBatchesRecord = [
    ...(state.containerBatchesRecord ?? []),
    { timestamp: formatRfc3339(now), containers: batch },
  ];
  return {
    ...pod,
    metadata: {
      ...metadata,
      labels: { ...metadata.labels },
      annotations: { ...metadata.annotations, [INPLACE_UPDATE_STATE_KEY]: serializeInPlaceUpdateState(next) },
    },
    spec: { ...pod.spec, containers },
  };
}

export interface InPlaceUpdateOptions {
  now: Now;
  /** CloneSetShortHash gate (for the default revision labels). */
  shortHash?: boolean;
  /**
   * The revision labels to write. Default: CloneSet's revision adapter (controller-revision-hash and
   * pod-template-hash); the StatefulSet writes controller-revision-hash only (revisionadapter.NewDefaultImpl).
   */
  revisionLabels?: Record<string, string>;
  /**
   * Move the pod to lifecycle state Updating (default true). The StatefulSet does so only for pods that already
   * carry a lifecycle state (stateful_set_control.go inPlaceUpdatePod).
   */
  setLifecycleUpdating?: boolean;
}

export interface InPlaceUpdateResult<P extends InPlacePod> {
  /** Write these pod status conditions first (InPlaceUpdateReady False, Ready recomputed); absent without the gate. */
  statusConditions?: PodCondition[];
  /** Then write this pod (full update of metadata and spec). */
  pod: P;
  /** Requeue after the grace period. */
  requeueAfterMs: number;
}

export function applyInPlaceUpdate<P extends InPlacePod>(
  pod: P,
  spec: InPlaceUpdateSpec,
  opts: InPlaceUpdateOptions,
): InPlaceUpdateResult<P> {
  const statusConditions = conditionsForInPlaceUpdateStart(pod, opts.now);
  const relabelled = {
    ...pod.metadata,
    labels: {
      ...pod.metadata.labels,
      ...(opts.revisionLabels ?? revisionHashLabels(spec.revision, opts.shortHash === true)),
    },
  };
  const labelled =
    opts.setLifecycleUpdating === false
      ? relabelled
      : withLifecycleState(relabelled, LifecycleState.Updating, opts.now);
  const state: InPlaceUpdateState = {
    revision: spec.revision,
    updateTimestamp: formatRfc3339(opts.now),
    lastContainerStatuses: null,
    ...(Object.keys(spec.containerImages).length > 0 ? { updateImages: true } : {}),
  };
  const { [INPLACE_UPDATE_STATE_KEY_OLD]: _old, ...annotations } = labelled.annotations ?? {};
  let updated: P;
  if (spec.graceSeconds <= 0) {
    updated = patchSpecToPod({ ...pod, metadata: { ...labelled, annotations } }, spec, state, opts.now);
    updated = {
      ...updated,
      metadata: { ...updated.metadata, annotations: withoutInPlaceUpdateGrace(updated.metadata.annotations) },
    };
  } else {
    updated = {
      ...pod,
      metadata: {
        ...labelled,
        annotations: {
          ...annotations,
          [INPLACE_UPDATE_STATE_KEY]: serializeInPlaceUpdateState(state),
          [INPLACE_UPDATE_GRACE_KEY]: serializeUpdateSpec(spec),
        },
      },
    };
  }
  return {
    ...(statusConditions === undefined ? {} : { statusConditions }),
    pod: updated,
    requeueAfterMs: spec.graceSeconds > 0 ? spec.graceSeconds * 1000 : 0,
  };
}
