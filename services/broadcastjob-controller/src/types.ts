// The BroadcastJob as the decisions read it: the v1beta1 job (the storage version), as JSON from the apiserver or
// the bus. Pods and nodes are the project's one Pod and Node (@kruise-ts/core), affinity and tolerations the API
// schema's pod types (docs/adr/0020-one-type-per-kind.md).

import type { BroadcastJobStatus, BroadcastJobV1beta1 } from '@kruise-ts/api';

export type BroadcastJob = BroadcastJobV1beta1;
export type { BroadcastJobStatus };
export type BroadcastJobCondition = NonNullable<BroadcastJobStatus['conditions']>[number];
export type BroadcastJobPhase = NonNullable<BroadcastJobStatus['phase']>;

/** A clock reading: epoch milliseconds or a Date. */
export type Now = number | Date;

export function nowMs(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}
