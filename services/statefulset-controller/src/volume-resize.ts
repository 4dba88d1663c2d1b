// Growing the PVCs of an Advanced StatefulSet when a volumeClaimTemplate's storage request grows
// (docs/behaviour/advanced-statefulset.md#volume-resize). Kruise's TryPatchPVC and resizeClaim
// (pkg/controller/statefulset/stateful_pod_control.go, pkg/util/pvc): a claim that is otherwise compatible with its
// template (same storage class when both name one, same access modes) and requests less storage than the template
// gets the template's `resources` and the annotation `apps.kruise.io/owned-by-asts: <set>`, provided its
// StorageClass allows expansion; a claim whose class does not, or that differs in more than its size, is left as
// it is and reported.
import { compareQuantities, parseQuantity, type Quantity } from '@kruise-ts/core';
import { persistentVolumeClaimName } from './identity.ts';
import { getOrdinal } from './replicas-range.ts';
import type { PersistentVolumeClaim, StatefulSet, StatefulSetPod } from './types.ts';

export const OWNED_BY_ASTS_ANNOTATION = 'apps.kruise.io/owned-by-asts';

export interface StorageClassInfo {
  allowVolumeExpansion?: boolean;
}

export interface ClaimResize {
  claim: PersistentVolumeClaim;
  /** The template's resources, written over the claim's. */
  resources: NonNullable<NonNullable<PersistentVolumeClaim['spec']>['resources']>;
}

export interface ClaimResizeRefusal {
  claim: PersistentVolumeClaim;
  reason: string;
}

export interface ResizePlan {
  resize: ClaimResize[];
  refused: ClaimResizeRefusal[];
  /** Storage classes the plan needs and that `storageClasses` did not hold (read them, then plan again). */
  unknownClasses: string[];
}

const isSet = (v: string | null | undefined): boolean => v !== undefined && v !== null && v !== '';

function storage(list: Record<string, unknown> | undefined): Quantity | undefined {
  const v = list?.storage;
  return v === undefined ? undefined : parseQuantity(String(v));
}

/** IsClaimCompatibleWithoutSize: classes equal when both are named, access modes equal in order. */
export function compatibleWithoutSize(
  claim: PersistentVolumeClaim,
  template: PersistentVolumeClaim,
): boolean {
  const tsc = template.spec?.storageClassName;
  const csc = claim.spec?.storageClassName;
  if (tsc !== undefined && tsc !== null && csc !== undefined && csc !== null && tsc !== csc) return false;
  const cm = claim.spec?.accessModes ?? [];
  const tm = template.spec?.accessModes ?? [];
  return cm.length === tm.length && cm.every((m, i) => tm[i] === m);
}

/** IsPVCNeedExpand: both request storage and the claim less than the template. */
export function needsExpansion(claim: PersistentVolumeClaim, template: PersistentVolumeClaim): boolean {
  const c = storage(claim.spec?.resources?.requests);
  const t = storage(template.spec?.resources?.requests);
  return c !== undefined && t !== undefined && compareQuantities(c, t) < 0;
}

/**
 * The resizes for the claims of the given pods (each pod's ordinal names its claims). Terminating and missing
 * claims are skipped, as Kruise does. `volumeClaimUpdateStrategy.type: OnDelete` resizes nothing (claims change
 * only when recreated).
 */
export function planClaimResizes(input: {
  set: StatefulSet;
  pods: readonly StatefulSetPod[];
  pvcs: readonly PersistentVolumeClaim[];
  storageClasses: ReadonlyMap<string, StorageClassInfo | undefined>;
}): ResizePlan {
  const { set } = input;
  const plan: ResizePlan = { resize: [], refused: [], unknownClasses: [] };
  if (set.spec.volumeClaimUpdateStrategy?.type === 'OnDelete') return plan;
  const templates = set.spec.volumeClaimTemplates ?? [];
  if (templates.length === 0) return plan;
  const byName = new Map(input.pvcs.map((c) => [c.metadata?.name ?? '', c]));
  const unknown = new Set<string>();
  const seen = new Set<string>();
  for (const pod of input.pods) {
    const ordinal = getOrdinal(pod.metadata.name ?? '');
    if (ordinal < 0) continue;
    for (const template of templates) {
      const name = persistentVolumeClaimName(
        template.metadata?.name ?? '',
        set.metadata?.name ?? '',
        ordinal,
      );
      const claim = byName.get(name);
      if (claim === undefined || seen.has(name) || isSet(claim.metadata?.deletionTimestamp)) continue;
      seen.add(name);
      if (!needsExpansion(claim, template)) continue;
      if (!compatibleWithoutSize(claim, template)) {
        plan.refused.push({
          claim,
          reason: `contains diff other than spec resource, wait pvc to be deleted`,
        });
        continue;
      }
      const className = claim.spec?.storageClassName;
      if (className !== undefined && className !== null) {
        if (!input.storageClasses.has(className)) {
          unknown.add(className);
          continue;
        }
        const sc = input.storageClasses.get(className);
        if (sc === undefined) {
          plan.refused.push({ claim, reason: `storage class ${className} not found` });
          continue;
        }
        if (sc.allowVolumeExpansion !== true) {
          plan.refused.push({
            claim,
            reason: `storage class ${className} does not support volume expansion`,
          });
          continue;
        }
      }
      plan.resize.push({ claim, resources: structuredClone(template.spec?.resources ?? {}) });
    }
  }
  plan.unknownClasses = [...unknown];
  return plan;
}
