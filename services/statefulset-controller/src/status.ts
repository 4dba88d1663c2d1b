// The status an Advanced StatefulSet reconcile writes (docs/behaviour/advanced-statefulset.md#status; Kruise updateStatus, computeReplicaStatus,
// updatePVCStatus, completeRollingUpdate, inconsistentStatus). The status is rebuilt from scratch every round over
// the valid replicas and the condemned pods as they were read (this round's writes are not reflected, except the
// currentReplicas/updatedReplicas decrements of the rolling update).

import { claimCompatibleWithoutSize, claimStorage } from '@kruise-ts/api';
import { compareQuantities } from '@kruise-ts/core';
import { selectorString } from '@kruise-ts/kube';
import { persistentVolumeClaimName } from './identity.ts';
import { minReadySecondsOf } from './plan-scale.ts';
import {
  isCreated,
  isRunningAndReady,
  isTerminating,
  podRevision,
  runningAndAvailable,
} from './pod-state.ts';
import type {
  Now,
  PersistentVolumeClaim,
  StatefulSet,
  StatefulSetCondition,
  StatefulSetPod,
  StatefulSetStatus,
} from './types.ts';

export interface ReplicaCounts {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  updatedAvailableReplicas: number;
}

/** computeReplicaStatus over the given pods. */
export function computeReplicaCounts(
  pods: readonly StatefulSetPod[],
  minReadySeconds: number,
  currentRevisionName: string,
  updateRevisionName: string,
  now: Now,
): ReplicaCounts {
  const s: ReplicaCounts = {
    replicas: 0,
    readyReplicas: 0,
    availableReplicas: 0,
    currentReplicas: 0,
    updatedReplicas: 0,
    updatedReadyReplicas: 0,
    updatedAvailableReplicas: 0,
  };
  for (const pod of pods) {
    if (isCreated(pod)) s.replicas++;
    const revision = podRevision(pod);
    if (isRunningAndReady(pod)) {
      s.readyReplicas++;
      const available = runningAndAvailable(pod, minReadySeconds, now).available;
      if (revision === updateRevisionName) {
        s.updatedReadyReplicas++;
        if (available) s.updatedAvailableReplicas++;
      }
      if (available) s.availableReplicas++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      if (revision === currentRevisionName) s.currentReplicas++;
      if (revision === updateRevisionName) s.updatedReplicas++;
    }
  }
  return s;
}

// ---- volume claims ----

export type VolumeClaimStatus = NonNullable<StatefulSetStatus['volumeClaims']>[number];

/** IsClaimCompatibleWithoutSize + IsPVCCompatibleAndReady. */
export function claimCompatibility(
  claim: PersistentVolumeClaim,
  template: PersistentVolumeClaim,
): { compatible: boolean; ready: boolean } {
  if (!claimCompatibleWithoutSize(claim, template)) return { compatible: false, ready: false };
  const claimRequest = claimStorage(claim.spec?.resources?.requests);
  const compatible = compareQuantities(claimRequest, claimStorage(template.spec?.resources?.requests)) >= 0;
  const ready = compareQuantities(claimStorage(claim.status?.capacity), claimRequest) >= 0;
  return { compatible, ready };
}

/**
 * updatePVCStatus: per claim template, how many of the given pods' (non-terminating) claims are compatible with
 * it (request ≥ template request) and ready (capacity ≥ request). Missing claims are skipped.
 */
export function volumeClaimsStatus(
  set: StatefulSet,
  ordinals: readonly number[],
  pvcs: readonly PersistentVolumeClaim[],
): VolumeClaimStatus[] {
  const templates = set.spec.volumeClaimTemplates ?? [];
  const byName = new Map(pvcs.map((c) => [c.metadata?.name ?? '', c]));
  const out = templates.map((t) => ({
    volumeClaimName: t.metadata?.name ?? '',
    compatibleReplicas: 0,
    compatibleReadyReplicas: 0,
  }));
  for (const ordinal of ordinals) {
    templates.forEach((t, i) => {
      const claim = byName.get(
        persistentVolumeClaimName(t.metadata?.name ?? '', set.metadata?.name ?? '', ordinal),
      );
      if (claim === undefined) return;
      if (claim.metadata?.deletionTimestamp !== undefined && claim.metadata.deletionTimestamp !== '') return;
      const { compatible, ready } = claimCompatibility(claim, t);
      const entry = out[i] as VolumeClaimStatus;
      if (compatible) {
        entry.compatibleReplicas++;
        if (ready) entry.compatibleReadyReplicas++;
      }
    });
  }
  return out;
}

// ---- the whole status ----

export interface StatusInput {
  set: StatefulSet;
  /** Valid replicas and condemned pods (the pods of the scaling plan); unparseable names must be left out. */
  pods: readonly StatefulSetPod[];
  pvcs: readonly PersistentVolumeClaim[];
  /** Valid ordinals (validOrdinals(range)); their claims make up volumeClaims. */
  validOrdinals: readonly number[];
  currentRevisionName: string;
  updateRevisionName: string;
  collisionCount: number;
  now: Now;
  /** The rolling update's decrements (UpdatePlan.currentReplicasDelta / updatedReplicasDelta). */
  currentReplicasDelta?: number;
  updatedReplicasDelta?: number;
  /** FailedCreatePod / FailedUpdatePod conditions of this round. */
  conditions?: StatefulSetCondition[];
}

/**
 * The status written at the end of a round, after completeRollingUpdate: with a RollingUpdate strategy, once
 * every replica is updated and ready, currentRevision becomes updateRevision and currentReplicas updatedReplicas.
 */
export function computeStatus(input: StatusInput): StatefulSetStatus {
  const { set } = input;
  const counts = computeReplicaCounts(
    input.pods,
    minReadySecondsOf(set),
    input.currentRevisionName,
    input.updateRevisionName,
    input.now,
  );
  const status: StatefulSetStatus = {
    observedGeneration: set.metadata?.generation ?? 0,
    replicas: counts.replicas,
    readyReplicas: counts.readyReplicas,
    availableReplicas: counts.availableReplicas,
    currentReplicas: counts.currentReplicas + (input.currentReplicasDelta ?? 0),
    updatedReplicas: counts.updatedReplicas + (input.updatedReplicasDelta ?? 0),
    updatedReadyReplicas: counts.updatedReadyReplicas,
    updatedAvailableReplicas: counts.updatedAvailableReplicas,
    currentRevision: input.currentRevisionName,
    updateRevision: input.updateRevisionName,
    collisionCount: input.collisionCount,
    labelSelector: selectorString(set.spec.selector),
    volumeClaims: volumeClaimsStatus(set, input.validOrdinals, input.pvcs),
  };
  if (input.conditions !== undefined && input.conditions.length > 0) status.conditions = input.conditions;
  // Zero counts and an empty claim list are left out, as Go's omitempty leaves Kruise's status without them
  // (apis/apps/v1beta1/statefulset_types.go); readers take them as 0 / none.
  if (status.updatedReadyReplicas === 0) delete status.updatedReadyReplicas;
  if (status.updatedAvailableReplicas === 0) delete status.updatedAvailableReplicas;
  if (status.volumeClaims?.length === 0) delete status.volumeClaims;
  return completeRollingUpdate(set, status);
}

/** completeRollingUpdate (partition is not considered). */
export function completeRollingUpdate(set: StatefulSet, status: StatefulSetStatus): StatefulSetStatus {
  const type = set.spec.updateStrategy?.type ?? 'RollingUpdate';
  if (
    type === 'RollingUpdate' &&
    status.updatedReplicas === status.replicas &&
    status.readyReplicas === status.replicas
  ) {
    const out: StatefulSetStatus = { ...status, currentReplicas: status.updatedReplicas };
    if (status.updateRevision !== undefined) out.currentRevision = status.updateRevision;
    return out;
  }
  return status;
}

/**
 * inconsistentStatus: write only when observedGeneration grew or a counted field, a revision, the selector or
 * volumeClaims differ (a claim entry of the old status missing from the new one counts as a difference; new
 * entries alone do not). updatedReady/updatedAvailable/conditions alone never trigger a write.
 */
export function shouldWriteStatus(old: StatefulSetStatus | undefined, next: StatefulSetStatus): boolean {
  const o = old ?? {
    replicas: 0,
    readyReplicas: 0,
    availableReplicas: 0,
    currentReplicas: 0,
    updatedReplicas: 0,
  };
  if (
    (next.observedGeneration ?? 0) > (o.observedGeneration ?? 0) ||
    next.replicas !== o.replicas ||
    next.currentReplicas !== o.currentReplicas ||
    next.readyReplicas !== o.readyReplicas ||
    next.availableReplicas !== o.availableReplicas ||
    next.updatedReplicas !== o.updatedReplicas ||
    (next.currentRevision ?? '') !== (o.currentRevision ?? '') ||
    (next.updateRevision ?? '') !== (o.updateRevision ?? '') ||
    (next.labelSelector ?? '') !== (o.labelSelector ?? '')
  )
    return true;
  const fresh = new Map((next.volumeClaims ?? []).map((v) => [v.volumeClaimName, v]));
  for (const v of o.volumeClaims ?? []) {
    const n = fresh.get(v.volumeClaimName);
    if (n === undefined) return true;
    if (
      n.compatibleReplicas !== v.compatibleReplicas ||
      n.compatibleReadyReplicas !== v.compatibleReadyReplicas
    )
      return true;
  }
  return false;
}

/** The FailedCreatePod / FailedUpdatePod condition (status True, message = error). */
export function failedPodCondition(
  type: 'FailedCreatePod' | 'FailedUpdatePod',
  message: string,
  now: Now,
): StatefulSetCondition {
  const t = new Date(typeof now === 'number' ? now : now.getTime()).toISOString().slice(0, 19);
  return { type, status: 'True', lastTransitionTime: `${t}Z`, message };
}
