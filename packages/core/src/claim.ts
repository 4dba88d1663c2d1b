// Which objects a controller claims, adopts and releases, the rule of Kubernetes' controller_ref_manager.go
// (ClaimObject) that Kruise's Advanced StatefulSet uses through ClaimPods (docs/behaviour/advanced-statefulset.md#claiming,
// docs/behaviour/cloneset.md#orphan-adoption):
// - controlled by someone else: not ours, untouched;
// - controlled by us and matching: claimed; not matching: released (our reference removed) unless we are being
//   deleted, then left alone (and not claimed);
// - no controller: adopted (our controller reference added) when it matches, is not being deleted and we are not
//   being deleted; the caller re-checks the owner against the apiserver before the first adoption.
import type { OwnerReference } from './kube-types.ts';

export interface ClaimableMeta {
  uid?: string;
  resourceVersion?: string;
  deletionTimestamp?: string | null;
  labels?: Record<string, string>;
  ownerReferences?: OwnerReference[];
}

export interface ClaimOwner {
  /** The controller reference the owner puts on what it adopts (controller and blockOwnerDeletion true). */
  reference: OwnerReference;
  /** The owner has a deletionTimestamp. */
  deleting: boolean;
}

export interface OwnerChange<T> {
  object: T;
  /** The object's ownerReferences after the change (written with the object's uid and resourceVersion). */
  ownerReferences: OwnerReference[];
}

export interface ClaimPlan<T> {
  /** Objects the owner controls after the round: already controlled and matching, plus the adopted. */
  claimed: T[];
  adopt: OwnerChange<T>[];
  release: OwnerChange<T>[];
}

const isSet = (v: string | null | undefined): boolean => v !== undefined && v !== null && v !== '';

export function controllerReference(meta: ClaimableMeta): OwnerReference | undefined {
  return meta.ownerReferences?.find((r) => r.controller === true);
}

/** The controller reference a workload sets on what it owns (metav1.NewControllerRef). */
export function newControllerReference(owner: {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
}): OwnerReference {
  return { ...owner, controller: true, blockOwnerDeletion: true };
}

export function planClaim<T extends { metadata: ClaimableMeta }>(
  owner: ClaimOwner,
  objects: readonly T[],
  matches: (object: T) => boolean,
): ClaimPlan<T> {
  const uid = owner.reference.uid;
  const plan: ClaimPlan<T> = { claimed: [], adopt: [], release: [] };
  for (const object of objects) {
    const refs = object.metadata.ownerReferences ?? [];
    const controller = controllerReference(object.metadata);
    if (controller !== undefined) {
      if (controller.uid !== uid) continue;
      if (matches(object)) plan.claimed.push(object);
      else if (!owner.deleting) {
        plan.release.push({ object, ownerReferences: refs.filter((r) => r.uid !== uid) });
      }
      continue;
    }
    if (owner.deleting || isSet(object.metadata.deletionTimestamp) || !matches(object)) continue;
    // A plain (non-controller) reference of ours is replaced by the controller reference.
    plan.adopt.push({ object, ownerReferences: [...refs.filter((r) => r.uid !== uid), owner.reference] });
    plan.claimed.push(object);
  }
  return plan;
}
