// Performing an in-place update on a pod object (docs/behaviour/cloneset.md#in-place-procedure, inplaceupdate.Update + defaultPatchUpdateSpecToPod):
// the InPlaceUpdateReady=False status to write first, then the pod with new revision labels, lifecycle Updating,
// the in-place-update-state annotation and — unless a grace period defers it — the new images, env-read labels and
// annotations (docs/behaviour/cloneset.md#in-place-env-from-metadata) and the resources to resize
// (docs/behaviour/cloneset.md#in-place-vertical-scaling) of the first container batch (containers with a launch
// priority go highest-priority first).

import {
  conditionsForInPlaceUpdateStart,
  containerLaunchPriority,
  formatRfc3339,
  INPLACE_UPDATE_GRACE_KEY,
  INPLACE_UPDATE_STATE_KEY,
  INPLACE_UPDATE_STATE_KEY_OLD,
  type InPlaceUpdateState,
  LifecycleState,
  type PodCondition,
  type ResourceRequirements,
  revisionHashLabels,
  serializeInPlaceUpdateState,
  withLifecycleState,
  withoutInPlaceUpdateGrace,
} from '@kruise-ts/core';
import { RESTART_CONTAINERS_KEY, restartRequest } from './env-from-metadata.ts';
import { applyMetadataPatch } from './metadata-patch.ts';
import type { InPlacePod, Now } from './types.ts';
import {
  type ContainerRefMetadata,
  type InPlaceUpdateSpec,
  isVerticalUpdateOnly,
  serializeUpdateSpec,
} from './update-spec.ts';
import { resizePatch } from './vertical.ts';

/** Body of a PATCH to the pod `resize` subresource (strategic merge, containers by name). */
export type ResizePatch = NonNullable<ReturnType<typeof resizePatch>>;

type BatchSpec = Pick<
  InPlaceUpdateSpec,
  'containerImages' | 'metadataPatch' | 'containerRefMetadata' | 'containerResources'
>;

/** Containers of the next batch: all without a priority plus those with the highest priority (sorted). */
function containersToUpdate(pod: InPlacePod, spec: BatchSpec): Set<string> {
  const batch = new Set<string>();
  let highest: number | undefined;
  let highestGroup: string[] = [];
  const touched = (name: string) =>
    Object.hasOwn(spec.containerImages, name) ||
    Object.hasOwn(spec.containerRefMetadata ?? {}, name) ||
    Object.hasOwn(spec.containerResources ?? {}, name);
  for (const c of pod.spec?.containers ?? []) {
    if (!touched(c.name)) continue;
    const priority = containerLaunchPriority(c);
    if (priority === undefined) batch.add(c.name);
    else if (highest === undefined || highest < priority) {
      highest = priority;
      highestGroup = [c.name];
    } else if (highest === priority) highestGroup.push(c.name);
  }
  for (const name of highestGroup) batch.add(name);
  addMetadataSharingContainers(batch, spec.containerRefMetadata ?? {});
  return batch;
}

/**
 * addMetadataSharedContainersToUpdate: a container of a later batch that reads a label/annotation this batch writes
 * would see the new value on its next start anyway, so it joins this batch (transitively).
 */
function addMetadataSharingContainers(
  batch: Set<string>,
  refs: Readonly<Record<string, ContainerRefMetadata>>,
): void {
  let added = [...batch];
  while (added.length > 0) {
    const labels = new Set<string>();
    const annotations = new Set<string>();
    for (const name of added) {
      for (const k of Object.keys(refs[name]?.labels ?? {})) labels.add(k);
      for (const k of Object.keys(refs[name]?.annotations ?? {})) annotations.add(k);
    }
    added = [];
    for (const [name, meta] of Object.entries(refs)) {
      if (batch.has(name)) continue;
      const shares =
        Object.keys(meta.labels ?? {}).some((k) => labels.has(k)) ||
        Object.keys(meta.annotations ?? {}).some((k) => annotations.has(k));
      if (shares) {
        batch.add(name);
        added.push(name);
      }
    }
  }
}

export interface PatchedPod<P extends InPlacePod> {
  pod: P;
  /** Resize these containers through the pod `resize` subresource (undefined: nothing to resize). */
  resize?: ResizePatch;
}

/**
 * Applies a spec (or the next batch of one) to the pod: metadata patch, images and env-read metadata of this batch,
 * the previous image IDs of the containers whose image changed, the rest queued in nextContainer*, a batch record;
 * writes the state annotation. The resources of this batch are not written to the pod spec (Kubernetes ≥ 1.33
 * changes them only through the `resize` subresource): they come back as the resize patch. Inputs are not changed.
 */
export function patchSpecToPodWithResize<P extends InPlacePod>(
  pod: P,
  spec: BatchSpec,
  state: InPlaceUpdateState,
  now: Now,
): PatchedPod<P> {
  const next: InPlaceUpdateState = { ...state };
  delete next.nextContainerImages;
  delete next.nextContainerRefMetadata;
  delete next.nextContainerResources;
  const metadata = applyMetadataPatch(pod.metadata, spec.metadataPatch);
  const batch = containersToUpdate(pod, spec);
  const nextImages: Record<string, string> = {};
  const changed = new Set<string>();
  const containers = (pod.spec?.containers ?? []).map((c) => {
    const image = spec.containerImages[c.name];
    if (image === undefined) return c;
    if (batch.has(c.name)) {
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
  const expectedResources: Record<string, ResourceRequirements> = {};
  const nextResources: Record<string, ResourceRequirements> = {};
  for (const [name, r] of Object.entries(spec.containerResources ?? {})) {
    if (batch.has(name)) expectedResources[name] = r;
    else nextResources[name] = r;
  }
  const labels = { ...metadata.labels };
  const annotations = { ...metadata.annotations };
  const nextRefMetadata: Record<string, ContainerRefMetadata> = {};
  const restart: string[] = [];
  for (const [name, meta] of Object.entries(spec.containerRefMetadata ?? {})) {
    if (!batch.has(name)) {
      nextRefMetadata[name] = meta;
      continue;
    }
    Object.assign(labels, meta.labels);
    Object.assign(annotations, meta.annotations);
    restart.push(name);
  }
  // The env of these containers is read at start only: ask the node to restart them (kruise-daemon's job).
  if (restart.length > 0)
    annotations[RESTART_CONTAINERS_KEY] = restartRequest(restart, state.revision, formatRfc3339(now));
  next.lastContainerStatuses = last;
  next.nextContainerImages = nextImages;
  if (Object.keys(nextRefMetadata).length > 0) next.nextContainerRefMetadata = nextRefMetadata;
  if (Object.keys(nextResources).length > 0) next.nextContainerResources = nextResources;
  const sortedBatch = [...batch].sort();
  const pending = [nextImages, nextRefMetadata, nextResources].some((m) => Object.keys(m).length > 0);
  if (pending) next.preCheckBeforeNext = { containersRequiredReady: sortedBatch };
  else delete next.preCheckBeforeNext;
  next.containerBatchesRecord = [
    ...(state.containerBatchesRecord ?? []),
    { timestamp: formatRfc3339(now), containers: sortedBatch },
  ];
  const resize = resizePatch(pod.spec?.containers ?? [], expectedResources);
  return {
    pod: {
      ...pod,
      metadata: {
        ...metadata,
        labels,
        annotations: { ...annotations, [INPLACE_UPDATE_STATE_KEY]: serializeInPlaceUpdateState(next) },
      },
      spec: { ...pod.spec, containers },
    },
    ...(resize === undefined ? {} : { resize }),
  };
}

/** patchSpecToPodWithResize without the resize patch (image and metadata batches). */
export function patchSpecToPod<P extends InPlacePod>(
  pod: P,
  spec: BatchSpec,
  state: InPlaceUpdateState,
  now: Now,
): P {
  return patchSpecToPodWithResize(pod, spec, state, now).pod;
}

/**
 * defaultCheckPodNeedsBeUnready: a resources-only update leaves the pod ready unless a changed resource's container
 * resizePolicy says RestartContainer.
 */
function podNeedsBeUnready(pod: InPlacePod, spec: InPlaceUpdateSpec): boolean {
  if (!isVerticalUpdateOnly(spec)) return true;
  const resources = spec.containerResources ?? {};
  for (const c of pod.spec?.containers ?? []) {
    const r = resources[c.name];
    if (r === undefined) continue;
    const changed = new Set([...Object.keys(r.limits ?? {}), ...Object.keys(r.requests ?? {})]);
    const policies = (c as { resizePolicy?: Array<{ resourceName: string; restartPolicy?: string }> })
      .resizePolicy;
    if (policies?.some((p) => p.restartPolicy === 'RestartContainer' && changed.has(p.resourceName)))
      return true;
  }
  return false;
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
  /** Then resize the pod through its `resize` subresource (before the pod write; absent: no resize). */
  resize?: ResizePatch;
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
  const statusConditions = podNeedsBeUnready(pod, spec)
    ? conditionsForInPlaceUpdateStart(pod, opts.now)
    : undefined;
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
    ...(spec.updateEnvFromMetadata === true ? { updateEnvFromMetadata: true } : {}),
    ...(Object.keys(spec.containerResources ?? {}).length > 0 ? { updateResources: true } : {}),
    ...(Object.keys(spec.containerImages).length > 0 ? { updateImages: true } : {}),
  };
  const { [INPLACE_UPDATE_STATE_KEY_OLD]: _old, ...annotations } = labelled.annotations ?? {};
  let updated: P;
  let resize: ResizePatch | undefined;
  if (spec.graceSeconds <= 0) {
    const patched = patchSpecToPodWithResize(
      { ...pod, metadata: { ...labelled, annotations } },
      spec,
      state,
      opts.now,
    );
    updated = patched.pod;
    resize = patched.resize;
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
    ...(resize === undefined ? {} : { resize }),
    pod: updated,
    requeueAfterMs: spec.graceSeconds > 0 ? spec.graceSeconds * 1000 : 0,
  };
}
