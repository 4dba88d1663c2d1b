// The phase a workload's RolloutProgress event reports (proto kruise/bus/v1/rollout.proto), the same rule for
// every kind: complete (or held by the partition), paused, waiting on the wait that explains it best, else
// progressing. Each kind computes the numbers from its own spec and status. Pure.
import { RolloutPhase } from '@kruise-ts/bus';
import { leadingWait, type RolloutWait, RolloutWaitReason } from './wait-events.ts';

export interface PhaseResult {
  phase: RolloutPhase;
  reason: string;
  message: string;
}

export interface PhaseInput {
  /** `CloneSet`, `StatefulSet`: named in the paused message. */
  kind: string;
  /** The kind's own completeness rule held. */
  complete: boolean;
  /** spec.replicas. */
  replicas: number;
  /** Pods the partition lets the rollout update. */
  expectedUpdated: number;
  /** status.updatedReplicas. */
  updated: number;
  currentRevision: string;
  paused: boolean;
  waits: readonly RolloutWait[];
  /** Reasons in the order that explains a stalled rollout best; others never lead. */
  priority: readonly string[];
}

export function rolloutPhaseOf(input: PhaseInput): PhaseResult {
  const { replicas, expectedUpdated: expected } = input;
  if (input.complete) {
    return expected < replicas
      ? {
          phase: RolloutPhase.ROLLOUT_PHASE_COMPLETE,
          reason: RolloutWaitReason.Partition,
          message: `${expected} of ${replicas} pods updated; the partition keeps ${replicas - expected} at ${input.currentRevision}`,
        }
      : {
          phase: RolloutPhase.ROLLOUT_PHASE_COMPLETE,
          reason: 'RolloutComplete',
          message: `all ${replicas} pods updated and available`,
        };
  }
  if (input.paused) {
    return {
      phase: RolloutPhase.ROLLOUT_PHASE_PAUSED,
      reason: RolloutWaitReason.Paused,
      message: `${input.kind} is paused`,
    };
  }
  const first = leadingWait(input.waits, input.priority);
  if (first !== undefined) {
    return {
      phase: RolloutPhase.ROLLOUT_PHASE_WAITING,
      reason: first.reason,
      message: `${first.pods} pod(s): ${first.sample.join(', ')}`,
    };
  }
  return {
    phase: RolloutPhase.ROLLOUT_PHASE_PROGRESSING,
    reason: 'Progressing',
    message: `${input.updated} of ${expected} pods updated`,
  };
}
