// The pod shape the in-place update reads: core's Pod plus the container env (launch priorities). Any
// controller's pod type (CloneSet's, StatefulSet's) fits structurally.

import type { Container, Pod } from '@kruise-ts/core';

/** An env entry; the launch-priority reference and metadata fieldRefs are read. */
export interface ContainerEnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name?: string; key: string };
    fieldRef?: { apiVersion?: string; fieldPath: string };
  } & Record<string, unknown>;
}

export type PodContainer = Container & { env?: ContainerEnvVar[] };

export interface InPlacePod extends Pod {
  spec?: NonNullable<Pod['spec']> & { containers?: PodContainer[] };
}

/** Time as epoch milliseconds or a Date. */
export type Now = number | Date;

export function toMillis(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}
