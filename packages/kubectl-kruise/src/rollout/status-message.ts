// `rollout status`: one line saying where a rollout is, and whether it is done. Kruise-tools' status viewers
// (pkg/internal/polymorphichelpers/rollout_status.go in openkruise/kruise-tools) judge a CloneSet done on
// observedGeneration and readyReplicas alone, which is true for a moment after a template change while old pods
// are still Ready; here the updated pods count too, and ready must also be available (minReadySeconds), as
// kubectl's Deployment viewer has it. Pure.
import { calculatePartitionReplicas } from '@kruise-ts/kube';
import type { WorkloadKind } from '../resource-ref.ts';
import type { Workload } from '../workload.ts';

export interface RolloutStatus {
  message: string;
  done: boolean;
}

/** Replicas the partition keeps at the current revision. */
export function partitionOf(type: WorkloadKind, w: Workload): number {
  const replicas = w.spec.replicas ?? 1;
  if (type.kind === 'CloneSet') {
    try {
      return calculatePartitionReplicas(w.spec.updateStrategy?.partition, replicas);
    } catch {
      return 0;
    }
  }
  return Math.min(Math.max(w.spec.updateStrategy?.rollingUpdate?.partition ?? 0, 0), replicas);
}

export function isPaused(type: WorkloadKind, w: Workload): boolean {
  return type.kind === 'CloneSet'
    ? w.spec.updateStrategy?.paused === true
    : w.spec.updateStrategy?.rollingUpdate?.paused === true;
}

export function rolloutStatus(type: WorkloadKind, w: Workload): RolloutStatus {
  const name = w.metadata.name ?? '';
  const title = type.title;
  const s = w.status ?? {};
  const replicas = w.spec.replicas ?? 1;
  const partition = partitionOf(type, w);
  const expected = Math.max(replicas - partition, 0);
  const updated = s.updatedReplicas ?? 0;
  const updatedReady = s.updatedReadyReplicas ?? 0;
  const waiting = (message: string): RolloutStatus => ({ message, done: false });

  if ((s.observedGeneration ?? 0) === 0 || (w.metadata.generation ?? 0) > (s.observedGeneration ?? 0)) {
    return waiting(`Waiting for ${title} "${name}" spec update to be observed...`);
  }
  const pausedNote = isPaused(type, w) ? ' (rollout is paused)' : '';
  if (updated < expected) {
    return waiting(
      partition > 0
        ? `Waiting for partitioned roll out to finish: ${updated} out of ${expected} new pods have been updated...${pausedNote}`
        : `Waiting for ${title} "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...${pausedNote}`,
    );
  }
  if ((s.replicas ?? 0) > replicas) {
    return waiting(
      `Waiting for ${title} "${name}" rollout to finish: ${(s.replicas ?? 0) - replicas} old replicas are pending termination...`,
    );
  }
  if (updatedReady < expected) {
    return waiting(
      `Waiting for ${title} "${name}" rollout to finish: ${updatedReady} of ${expected} updated replicas are ready...`,
    );
  }
  // minReadySeconds: ready is not yet available.
  // Absent is 0: both kinds leave a zero count out (omitempty).
  const updatedAvailable = s.updatedAvailableReplicas ?? 0;
  if (updatedAvailable < expected) {
    return waiting(
      `Waiting for ${title} "${name}" rollout to finish: ${updatedAvailable} of ${expected} updated replicas are available...`,
    );
  }
  if ((s.readyReplicas ?? 0) < replicas) {
    return waiting(`Waiting for ${replicas - (s.readyReplicas ?? 0)} pods to be ready...`);
  }
  if ((s.availableReplicas ?? 0) < replicas) {
    return waiting(`Waiting for ${replicas - (s.availableReplicas ?? 0)} pods to be available...`);
  }
  if (partition > 0) {
    return { message: `partitioned roll out complete: ${updated} new pods have been updated...`, done: true };
  }
  return {
    message: `${title} "${name}" rolling update complete ${s.availableReplicas ?? 0} pods at revision ${s.updateRevision ?? ''}...`,
    done: true,
  };
}
