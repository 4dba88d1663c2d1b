// The RolloutProgress domain event for a CloneSet status (proto kruise/bus/v1/rollout.proto): the phase of the
// rollout of the current generation and, when it waits, the first thing it waits for. Pure.

import type { RolloutProgressInit } from '@kruise-ts/bus';
import { CLONESET, calculatePartitionReplicas } from '@kruise-ts/kube';
import { type PhaseResult, rolloutPhaseOf } from '@kruise-ts/runtime';
import { type CloneSet, type CloneSetStatus, specReplicas } from '../types.ts';
import { type RolloutWait, WaitReason } from './waits.ts';

export type { PhaseResult };

// The wait that explains a stalled rollout best comes first.
const PRIORITY: readonly string[] = [
  WaitReason.Expectations,
  WaitReason.LifecycleHook,
  WaitReason.GracePeriod,
  WaitReason.InPlaceUpdate,
  WaitReason.Readiness,
  WaitReason.MinReadySeconds,
  WaitReason.MaxUnavailable,
];

/**
 * Complete: the status is of this generation, exactly spec.replicas pods, every pod the partition allows to update
 * is updated and available, and every pod is available.
 */
export function isRolloutComplete(cs: CloneSet, status: CloneSetStatus): boolean {
  const replicas = specReplicas(cs);
  // Absent is 0 (omitempty): a partition holding every pod back expects none updated.
  const expected = status.expectedUpdatedReplicas ?? 0;
  return (
    (status.observedGeneration ?? 0) >= (cs.metadata?.generation ?? 0) &&
    status.replicas === replicas &&
    status.updatedReplicas === expected &&
    (status.updatedAvailableReplicas ?? 0) >= expected &&
    status.availableReplicas === replicas
  );
}

export function rolloutPhase(
  cs: CloneSet,
  status: CloneSetStatus,
  waits: readonly RolloutWait[],
): PhaseResult {
  const replicas = specReplicas(cs);
  return rolloutPhaseOf({
    kind: 'CloneSet',
    complete: isRolloutComplete(cs, status),
    replicas,
    expectedUpdated: status.expectedUpdatedReplicas ?? 0,
    updated: status.updatedReplicas,
    currentRevision: status.currentRevision ?? '',
    paused: cs.spec.updateStrategy?.rollingUpdate?.paused === true,
    waits,
    priority: PRIORITY,
  });
}

export interface ProgressEventInput {
  cloneSet: CloneSet & { metadata: { name: string; namespace: string; uid: string } };
  status: CloneSetStatus;
  /** resourceVersion the status write returned: with the uid, the event's de-duplication id. */
  resourceVersion: string;
  phase: PhaseResult;
}

export function rolloutProgressEvent(input: ProgressEventInput): RolloutProgressInit {
  const { cloneSet: cs, status, phase } = input;
  let partition = 0;
  try {
    partition = calculatePartitionReplicas(
      cs.spec.updateStrategy?.rollingUpdate?.partition,
      cs.spec.replicas,
    );
  } catch {
    // Reported as 0, as status.expectedUpdatedReplicas treats it.
  }
  return {
    meta: { eventId: `${cs.metadata.uid}:${input.resourceVersion}` },
    workload: {
      kind: { group: CLONESET.group, version: CLONESET.version, kind: CLONESET.kind },
      namespace: cs.metadata.namespace,
      name: cs.metadata.name,
      uid: cs.metadata.uid,
    },
    generation: cs.metadata.generation ?? 0,
    observedGeneration: status.observedGeneration ?? 0,
    updateRevision: status.updateRevision ?? '',
    currentRevision: status.currentRevision ?? '',
    replicas: status.replicas,
    updatedReplicas: status.updatedReplicas,
    readyReplicas: status.readyReplicas,
    availableReplicas: status.availableReplicas,
    updatedReadyReplicas: status.updatedReadyReplicas,
    updatePartition: partition,
    phase: phase.phase,
    reason: phase.reason,
    message: phase.message,
  };
}
