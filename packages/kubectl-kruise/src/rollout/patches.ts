// The spec changes `rollout pause|resume|undo` and `scale --delete-pods` make, as merge patches. Each carries the
// resourceVersion it was computed from, so a concurrent change makes the apiserver answer Conflict instead of the
// patch silently applying to a spec it did not see. Pure.
import type { WorkloadKind } from '../resource-ref.ts';
import type { PodTemplate, Workload } from '../workload.ts';
import { isPaused } from './status-message.ts';

export interface MergePatch {
  metadata: { resourceVersion?: string };
  spec: Record<string, unknown>;
}

function pausedPatch(type: WorkloadKind, w: Workload, paused: boolean): MergePatch {
  const spec =
    type.kind === 'CloneSet'
      ? { updateStrategy: { paused } }
      : { updateStrategy: { rollingUpdate: { paused } } };
  return { metadata: { resourceVersion: w.metadata.resourceVersion }, spec };
}

/** kruise-tools' objectpauser: pausing a paused workload is an error. */
export function pausePatch(type: WorkloadKind, w: Workload): MergePatch {
  if (isPaused(type, w)) throw new Error('is already paused');
  return pausedPatch(type, w, true);
}

export function resumePatch(type: WorkloadKind, w: Workload): MergePatch {
  if (!isPaused(type, w)) throw new Error('is not paused');
  return pausedPatch(type, w, false);
}

export interface DeletePods {
  pods: readonly string[];
  /** New spec.replicas; unset keeps it, so the deleted pods are replaced. */
  replicas?: number;
}

/** Adds the pods to spec.scaleStrategy.podsToDelete (keeping those already there, no duplicates). */
export function deletePodsPatch(w: Workload, change: DeletePods): MergePatch {
  const pods = change.pods.map((p) => p.trim()).filter((p) => p !== '');
  if (pods.length === 0) throw new Error('must specify one pod name');
  if (change.replicas !== undefined && change.replicas < 0) {
    throw new Error(`The --replicas=${change.replicas} must be greater than or equal to 0`);
  }
  const existing = w.spec.scaleStrategy?.podsToDelete ?? [];
  const podsToDelete = [...existing, ...pods.filter((p) => !existing.includes(p))];
  return {
    metadata: { resourceVersion: w.metadata.resourceVersion },
    spec: {
      scaleStrategy: { podsToDelete },
      ...(change.replicas === undefined ? {} : { replicas: change.replicas }),
    },
  };
}

/**
 * The workload with its template replaced by a revision's (the revision's "$patch": "replace"): a full update,
 * so fields the newer template added are dropped rather than merged in.
 */
export function withTemplate(w: Workload, template: PodTemplate): Workload {
  return { ...w, spec: { ...w.spec, template } };
}
