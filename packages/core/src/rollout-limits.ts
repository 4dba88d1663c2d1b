// The numbers a CloneSet rollout starts from, derived with the int-or-percent parsers of @kruise-ts/kube.
import { calculatePartitionReplicas, getValueFromIntOrPercent, type IntOrString } from '@kruise-ts/kube';

/** The rollout numbers a CloneSet reconcile starts from. */
export interface RolloutLimits {
  partition: number;
  maxSurge: number;
  maxUnavailable: number;
  scaleMaxUnavailable: number;
}

export interface RolloutLimitsInput {
  replicas: number;
  /** v1beta1 updateStrategy.rollingUpdate; absent for OnDelete. */
  rollingUpdate?: {
    partition?: IntOrString | null;
    maxSurge?: IntOrString | null;
    maxUnavailable?: IntOrString | null;
    paused?: boolean;
  } | null;
  /** scaleStrategy.maxUnavailable. */
  scaleMaxUnavailable?: IntOrString | null;
}

export const DEFAULT_CLONESET_MAX_UNAVAILABLE = '20%';
const MAX_INT32 = 2 ** 31 - 1;

// The controller ignores parse errors here and carries on with 0.
function orZero(f: () => number): number {
  try {
    return f();
  } catch {
    return 0;
  }
}

/**
 * The prologue of calculateDiffsWithExpectation (docs/behaviour/cloneset.md#scale-arithmetic): partition via calculatePartitionReplicas (error ⇒ 0), maxSurge
 * rounded up (0 when paused), maxUnavailable (default "20%") rounded up only when maxSurge is 0, and for OnDelete
 * (no rollingUpdate) partition = maxSurge = 0 with 20% rounded down; scale maxUnavailable (default MaxInt32) rounded up.
 */
export function rolloutLimits(input: RolloutLimitsInput): RolloutLimits {
  const { replicas, rollingUpdate } = input;
  let partition = 0;
  let maxSurge = 0;
  let maxUnavailable: number;
  if (rollingUpdate !== null && rollingUpdate !== undefined) {
    partition = orZero(() => calculatePartitionReplicas(rollingUpdate.partition, replicas));
    if (rollingUpdate.maxSurge !== null && rollingUpdate.maxSurge !== undefined) {
      const surge = rollingUpdate.maxSurge;
      maxSurge =
        rollingUpdate.paused === true ? 0 : orZero(() => getValueFromIntOrPercent(surge, replicas, true));
    }
    const unavailable = rollingUpdate.maxUnavailable ?? DEFAULT_CLONESET_MAX_UNAVAILABLE;
    maxUnavailable = orZero(() => getValueFromIntOrPercent(unavailable, replicas, maxSurge === 0));
  } else {
    maxUnavailable = orZero(() =>
      getValueFromIntOrPercent(DEFAULT_CLONESET_MAX_UNAVAILABLE, replicas, false),
    );
  }
  const scaleLimit = input.scaleMaxUnavailable ?? MAX_INT32;
  const scaleMaxUnavailable = orZero(() => getValueFromIntOrPercent(scaleLimit, replicas, true));
  return { partition, maxSurge, maxUnavailable, scaleMaxUnavailable };
}
