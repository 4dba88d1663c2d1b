// Growing the PVCs of an Advanced StatefulSet when a volumeClaimTemplate's storage request grows, pod by pod inside
// the rolling update (docs/behaviour/advanced-statefulset.md#volume-resize). Kruise's
// pkg/controller/statefulset/statefulset_resize_pvc.go (TryPatchPVC, IsClaimsCompatible, IsOwnedPVCsReady,
// IsOwnedPVCsCompleted, resizeClaim) and pkg/util/pvc/pvc_compare_utils.go: only with gate
// StatefulSetAutoResizePVCGate and `volumeClaimUpdateStrategy.type: OnPodRollingUpdate`. A claim that is otherwise
// compatible with its template (same storage class when both name one, same access modes) and requests less
// storage than the template gets the template's `resources` and the annotation `apps.kruise.io/owned-by-asts:
// <set>`, provided its StorageClass allows expansion; a claim whose class does not, or that differs in more than
// its size, is left as it is and reported. Quantities absent from a list count as zero, as ResourceList.Storage()
// returns them.
import { claimCompatibleWithoutSize, claimStorage as storage } from '@kruise-ts/api';
import { compareQuantities } from '@kruise-ts/core';
import { persistentVolumeClaimName } from './identity.ts';
import { getOrdinal } from './replicas-range.ts';
import {
  gateOn,
  type PersistentVolumeClaim,
  type StatefulSet,
  type StatefulSetGates,
  type StatefulSetPod,
} from './types.ts';

export const OWNED_BY_ASTS_ANNOTATION = 'apps.kruise.io/owned-by-asts';
/** The refusal Kruise also reports as a Warning `FailedUpdatePVC` Event. */
export const OTHER_DIFF_REASON = 'contains diff other than spec resource, wait pvc to be deleted';

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

/** The rolling update grows claims: the gate is on and `volumeClaimUpdateStrategy.type` is OnPodRollingUpdate. */
export function resizesOnRollingUpdate(set: StatefulSet, gates: StatefulSetGates | undefined): boolean {
  return gateOn(gates, 'autoResizePVC') && set.spec.volumeClaimUpdateStrategy?.type === 'OnPodRollingUpdate';
}

/** IsPVCNeedExpand: the claim requests less storage than the template. */
export function needsExpansion(claim: PersistentVolumeClaim, template: PersistentVolumeClaim): boolean {
  return (
    compareQuantities(storage(claim.spec?.resources?.requests), storage(template.spec?.resources?.requests)) <
    0
  );
}

/** Capacity ≥ request: the volume has the size the claim asks for (IsPVCCompatibleAndReady's `ready`). */
function hasRequestedCapacity(claim: PersistentVolumeClaim): boolean {
  return compareQuantities(storage(claim.status?.capacity), storage(claim.spec?.resources?.requests)) >= 0;
}

/** The claim conditions the API schema leaves out of its PVC type (the cache holds the whole object). */
type ClaimConditions = { status?: { conditions?: Array<{ type?: string; status?: string }> } };

function fileSystemResizePending(claim: PersistentVolumeClaim): boolean {
  return ((claim as ClaimConditions).status?.conditions ?? []).some(
    (c) => c.type === 'FileSystemResizePending' && c.status === 'True',
  );
}

/** Where a pod's claims stand against their templates (missing and terminating claims are skipped). */
export interface PodClaimsState {
  /** IsClaimsCompatible: every claim compatible apart from size and at least as large as its template. */
  matched: boolean;
  /** IsOwnedPVCsReady: every claim compatible apart from size and its volume as large as it asks for. */
  ready: boolean;
  /** IsOwnedPVCsCompleted: every claim matched and either ready or waiting for the file system resize only. */
  completed: boolean;
}

export function podClaimsState(
  set: StatefulSet,
  pod: StatefulSetPod,
  pvcs: ReadonlyMap<string, PersistentVolumeClaim>,
): PodClaimsState {
  const state: PodClaimsState = { matched: true, ready: true, completed: true };
  const ordinal = getOrdinal(pod.metadata.name ?? '');
  for (const template of set.spec.volumeClaimTemplates ?? []) {
    const name = persistentVolumeClaimName(template.metadata?.name ?? '', set.metadata?.name ?? '', ordinal);
    const claim = pvcs.get(name);
    if (claim === undefined || isSet(claim.metadata?.deletionTimestamp)) continue;
    if (!claimCompatibleWithoutSize(claim, template))
      return { matched: false, ready: false, completed: false };
    const grown = !needsExpansion(claim, template);
    const ready = hasRequestedCapacity(claim);
    if (!grown) state.matched = false;
    if (!ready) state.ready = false;
    if (!grown || !(ready || fileSystemResizePending(claim))) state.completed = false;
  }
  return state;
}

/**
 * The resizes for the claims of the given pods (each pod's ordinal names its claims). Terminating and missing
 * claims are skipped, as Kruise does. Whether to resize at all is resizesOnRollingUpdate's question (the rolling
 * update asks it pod by pod).
 */
export function planClaimResizes(input: {
  set: StatefulSet;
  pods: readonly StatefulSetPod[];
  pvcs: readonly PersistentVolumeClaim[];
  storageClasses: ReadonlyMap<string, StorageClassInfo | undefined>;
}): ResizePlan {
  const { set } = input;
  const plan: ResizePlan = { resize: [], refused: [], unknownClasses: [] };
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
      if (!claimCompatibleWithoutSize(claim, template)) {
        plan.refused.push({
          claim,
          reason: OTHER_DIFF_REASON,
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
          plan.refused.push({ claim, reason: `could not get sc ${className} when checking PVC spec` });
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
