// Whether a pod's in-place update has finished (docs/behaviour/cloneset.md#in-place-procedure step 3, Kruise DefaultCheckInPlaceUpdateCompleted):
// no grace period pending, no further container batch, and every recorded container restarted on the new image.

import { compareQuantities, parseQuantity } from '@kruise-ts/kube';
import {
  getInPlaceUpdateGraceAnnotation,
  getInPlaceUpdateStateAnnotation,
  type InPlaceUpdateState,
  parseInPlaceUpdateState,
  RUNTIME_CONTAINER_META_KEY,
} from './inplace-update-state.ts';
import type { Pod, ResourceRequirements } from './kube-types.ts';

export type CompletionCheck = { completed: true } | { completed: false; reason: string };

/** kruise-daemon's report of the running containers (annotation apps.kruise.io/runtime-containers-meta). */
export interface RuntimeContainerMetaSet {
  containers: Array<{
    name: string;
    containerID: string;
    restartCount: number;
    hashes: { plainHash: number; extractedEnvFromMetadataHash?: number };
  }>;
}

export type ContainerHashKind = 'PlainHash' | 'ExtractedEnvFromMetadataHash';

export interface CompletionOptions {
  /** InPlaceWorkloadVerticalScaling gate: also wait for container resources to be applied. */
  verticalScaling?: boolean;
  /**
   * Compares kruise-daemon's container hashes with the pod spec. The hashes are kubelet's and are not
   * reimplemented here; without this callback they never count as consistent, so env-from-metadata updates never
   * complete (as in a cluster without kruise-daemon) and image updates are judged by the container statuses.
   */
  containersHashConsistent?: (pod: Pod, meta: RuntimeContainerMetaSet, kind: ContainerHashKind) => boolean;
}

/** The image a container status must report: a spec image without any ":" means ":latest". */
export function expectedStatusImage(specImage: string): string {
  return specImage.includes(':') ? specImage : `${specImage}:latest`;
}

function parseRuntimeMeta(pod: Pod): RuntimeContainerMetaSet | undefined {
  const text = pod.metadata.annotations?.[RUNTIME_CONTAINER_META_KEY];
  if (text === undefined) return undefined;
  const parsed: unknown = JSON.parse(text);
  const containers = (parsed as { containers?: unknown } | null)?.containers;
  return {
    containers: Array.isArray(containers) ? (containers as RuntimeContainerMetaSet['containers']) : [],
  };
}

function quantityMapsEqual(
  a: Readonly<Record<string, string | number>> | null | undefined,
  b: Readonly<Record<string, string | number>> | null | undefined,
) {
  // go-cmp: a nil map equals only a nil map; entries compare by Quantity.Equal (numeric value).
  const aNil = a === undefined || a === null;
  const bNil = b === undefined || b === null;
  if (aNil || bNil) return aNil && bNil;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) return false;
    try {
      return compareQuantities(parseQuantity(String(x)), parseQuantity(String(y))) === 0;
    } catch {
      return false;
    }
  });
}

function resourcesApplied(
  spec: ResourceRequirements | undefined,
  status: ResourceRequirements | null | undefined,
): boolean {
  if (status === undefined || status === null) return false;
  return quantityMapsEqual(spec?.limits, status.limits) && quantityMapsEqual(spec?.requests, status.requests);
}

/** NativeVerticalUpdate.IsUpdateCompleted: every container reports resources equal to its spec. */
export function isVerticalUpdateCompleted(pod: Pod): CompletionCheck {
  const containers = new Map((pod.spec?.containers ?? []).map((c) => [c.name, c]));
  const statuses = pod.status?.containerStatuses ?? [];
  if (statuses.length !== containers.size)
    return { completed: false, reason: 'some container status is not reported' };
  for (const s of statuses) {
    const c = containers.get(s.name);
    if (c === undefined || !resourcesApplied(c.resources, s.resources)) {
      return { completed: false, reason: `container ${s.name} resources not changed` };
    }
  }
  return { completed: true };
}

function containersCompleted(
  pod: Pod,
  state: InPlaceUpdateState,
  options: CompletionOptions,
): CompletionCheck {
  let meta: RuntimeContainerMetaSet | undefined;
  try {
    meta = parseRuntimeMeta(pod);
  } catch (err) {
    return { completed: false, reason: `invalid ${RUNTIME_CONTAINER_META_KEY}: ${(err as Error).message}` };
  }
  const consistent = (kind: ContainerHashKind) =>
    meta !== undefined && options.containersHashConsistent?.(pod, meta, kind) === true;

  if (state.updateEnvFromMetadata === true) {
    if (meta === undefined) {
      return {
        completed: false,
        reason: 'waiting for all containers hash consistent, but runtime-container-meta not found',
      };
    }
    if (!consistent('ExtractedEnvFromMetadataHash')) {
      return { completed: false, reason: 'waiting for all containers hash consistent' };
    }
  }
  if (options.verticalScaling === true && state.updateResources === true) {
    const vertical = isVerticalUpdateCompleted(pod);
    if (!vertical.completed) return vertical;
  }
  // kruise-daemon saw every container running the current spec: done, whatever the image IDs say.
  if (consistent('PlainHash')) return { completed: true };

  const specImages = new Map(
    (pod.spec?.containers ?? []).map((c) => [c.name, expectedStatusImage(c.image ?? '')]),
  );
  const waiting = new Map(Object.entries(state.lastContainerStatuses ?? {}));
  for (const s of pod.status?.containerStatuses ?? []) {
    const before = waiting.get(s.name);
    if (before === undefined) continue;
    // Same image ID as before the update is only fine if the status already shows the new image name.
    if ((before.imageID ?? '') === s.imageID && (specImages.get(s.name) ?? '') !== s.image) {
      return { completed: false, reason: `container ${s.name} imageID not changed` };
    }
    waiting.delete(s.name);
  }
  if (waiting.size > 0) {
    return { completed: false, reason: `not found statuses of containers ${[...waiting.keys()].join(', ')}` };
  }
  return { completed: true };
}

/** DefaultCheckInPlaceUpdateCompleted. A pod without in-place update state counts as completed. */
export function checkInPlaceUpdateCompleted(pod: Pod, options: CompletionOptions = {}): CompletionCheck {
  if (getInPlaceUpdateGraceAnnotation(pod.metadata) !== undefined) {
    return { completed: false, reason: 'still in grace period of in-place update' };
  }
  const text = getInPlaceUpdateStateAnnotation(pod.metadata);
  if (text === undefined) return { completed: true };
  let state: InPlaceUpdateState;
  try {
    state = parseInPlaceUpdateState(text);
  } catch (err) {
    return { completed: false, reason: (err as Error).message };
  }
  const pendingBatches = [
    state.nextContainerImages,
    state.nextContainerRefMetadata,
    state.nextContainerResources,
  ];
  if (pendingBatches.some((m) => m !== undefined && Object.keys(m).length > 0)) {
    return { completed: false, reason: 'existing containers to in-place update in next batches' };
  }
  return containersCompleted(pod, state, options);
}
