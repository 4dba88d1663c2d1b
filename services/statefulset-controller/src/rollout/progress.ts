// The RolloutProgress domain event for an Advanced StatefulSet status (proto kruise/bus/v1/rollout.proto): the
// phase of the rollout of the current generation and, when it waits, what it waits for first. Published from the
// rollout's trace, it is also how a restarted or taking-over replica continues that trace
// (docs/adr/0009-rollout-trace-continuity.md). Pure.
import type { RolloutProgressInit } from '@kruise-ts/bus';
import { type PhaseResult, rolloutPhaseOf } from '@kruise-ts/runtime';
import type { StatefulSet, StatefulSetStatus } from '../types.ts';
import { type RolloutWait, WaitReason } from './waits.ts';

export type { PhaseResult };

// The wait that explains a stalled rollout best comes first.
const PRIORITY: readonly string[] = [
  WaitReason.Expectations,
  WaitReason.LifecycleHook,
  WaitReason.InPlaceUpdate,
  WaitReason.OrderedPredecessor,
  WaitReason.VolumeResize,
  WaitReason.Readiness,
  WaitReason.MinReadySeconds,
  WaitReason.MaxUnavailable,
];

const replicasOf = (set: StatefulSet) => set.spec.replicas ?? 1;
const partitionOf = (set: StatefulSet) => set.spec.updateStrategy?.rollingUpdate?.partition ?? 0;

/** Pods the partition lets the rollout update: replicas − partition, at least 0. */
export function expectedUpdated(set: StatefulSet): number {
  return Math.max(replicasOf(set) - partitionOf(set), 0);
}

/**
 * Complete: the status is of this generation, exactly spec.replicas pods, every pod the partition allows to update
 * is updated and available, and every pod is available. When the rollout grows claims (`claimsGrow`:
 * resizesOnRollingUpdate), also as many claims of each template compatible and ready as pods it updates.
 */
export function isRolloutComplete(set: StatefulSet, status: StatefulSetStatus, claimsGrow = false): boolean {
  const replicas = replicasOf(set);
  const expected = expectedUpdated(set);
  return (
    (status.observedGeneration ?? 0) >= (set.metadata?.generation ?? 0) &&
    status.replicas === replicas &&
    (status.updatedReplicas ?? 0) >= expected &&
    (status.updatedAvailableReplicas ?? 0) >= expected &&
    (status.availableReplicas ?? 0) === replicas &&
    (!claimsGrow || (status.volumeClaims ?? []).every((v) => (v.compatibleReadyReplicas ?? 0) >= expected))
  );
}

export function rolloutPhase(
  set: StatefulSet,
  status: StatefulSetStatus,
  waits: readonly RolloutWait[],
  claimsGrow = false,
): PhaseResult {
  return rolloutPhaseOf({
    kind: 'StatefulSet',
    complete: isRolloutComplete(set, status, claimsGrow),
    replicas: replicasOf(set),
    expectedUpdated: expectedUpdated(set),
    updated: status.updatedReplicas ?? 0,
    currentRevision: status.currentRevision ?? '',
    paused: set.spec.updateStrategy?.rollingUpdate?.paused === true,
    waits,
    priority: PRIORITY,
  });
}

export interface ProgressEventInput {
  set: StatefulSet & { metadata: { name: string; namespace: string; uid: string } };
  status: StatefulSetStatus;
  /** resourceVersion the status write returned: with the uid, the event's de-duplication id. */
  resourceVersion: string;
  phase: PhaseResult;
}

export function rolloutProgressEvent(input: ProgressEventInput): RolloutProgressInit {
  const { set, status, phase } = input;
  return {
    meta: { eventId: `${set.metadata.uid}:${input.resourceVersion}` },
    workload: {
      kind: { group: 'apps.kruise.io', version: 'v1beta1', kind: 'StatefulSet' },
      namespace: set.metadata.namespace,
      name: set.metadata.name,
      uid: set.metadata.uid,
    },
    generation: set.metadata.generation ?? 0,
    observedGeneration: status.observedGeneration ?? 0,
    updateRevision: status.updateRevision ?? '',
    currentRevision: status.currentRevision ?? '',
    replicas: status.replicas,
    updatedReplicas: status.updatedReplicas ?? 0,
    readyReplicas: status.readyReplicas ?? 0,
    availableReplicas: status.availableReplicas ?? 0,
    updatedReadyReplicas: status.updatedReadyReplicas ?? 0,
    updatePartition: partitionOf(set),
    phase: phase.phase,
    reason: phase.reason,
    message: phase.message,
  };
}
