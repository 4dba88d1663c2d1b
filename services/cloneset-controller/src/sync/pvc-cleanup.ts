// PVC cleanup when reuse is disabled (docs/behaviour/cloneset.md#reconcile-steps step 5, cleanupPVCs): PVCs of active pods stay; PVCs of inactive
// pods are handed to that pod (so garbage collection removes them with it); PVCs of pods that are gone are deleted.

import { newControllerReference, type OwnerReference, type Pod } from '@kruise-ts/core';
import { instanceId } from '../pod-state.ts';
import type { CloneSet, PersistentVolumeClaim } from '../types.ts';

export interface PvcCleanupPlan<P extends Pod, C extends PersistentVolumeClaim> {
  /** PVCs of active pods: the only ones scaling works with afterwards. */
  active: C[];
  /** Update each PVC with these ownerReferences: the CloneSet's removed, a controller reference to the pod added. */
  handToPod: Array<{ pvc: C; pod: P; ownerReferences: OwnerReference[] }>;
  delete: C[];
}

export function planPvcCleanup<P extends Pod, C extends PersistentVolumeClaim>(
  cs: CloneSet,
  activePods: readonly P[],
  inactivePods: readonly P[],
  pvcs: readonly C[],
): PvcCleanupPlan<P, C> {
  const activeIds = new Set(activePods.map(instanceId).filter((id) => id !== ''));
  const inactiveById = new Map<string, P>();
  for (const pod of inactivePods) {
    const id = instanceId(pod);
    if (id !== '') inactiveById.set(id, pod);
  }
  const plan: PvcCleanupPlan<P, C> = { active: [], handToPod: [], delete: [] };
  for (const pvc of pvcs) {
    const id = instanceId(pvc);
    if (activeIds.has(id)) {
      plan.active.push(pvc);
      continue;
    }
    const pod = inactiveById.get(id);
    if (pod === undefined) {
      plan.delete.push(pvc);
      continue;
    }
    const others = (pvc.metadata.ownerReferences ?? []).filter((r) => r.uid !== cs.metadata?.uid);
    const podRef = newControllerReference({
      apiVersion: 'v1',
      kind: 'Pod',
      name: pod.metadata.name ?? '',
      uid: pod.metadata.uid ?? '',
    });
    plan.handToPod.push({ pvc, pod, ownerReferences: [...others, podRef] });
  }
  return plan;
}
