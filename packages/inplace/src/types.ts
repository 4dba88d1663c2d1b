// The pod shape the in-place update reads: core's Pod, whose spec is the API schema's PodSpec (containers with
// their env, which carries the launch priorities). Any controller's pod type (CloneSet's, StatefulSet's) extends
// it, so fits as is (docs/adr/0020-one-type-per-kind.md).

import type { Container, Pod } from '@kruise-ts/core';

export type PodContainer = Container;

/** An env entry of a container; the launch-priority reference and metadata fieldRefs are read. */
export type ContainerEnvVar = NonNullable<PodContainer['env']>[number];

export type InPlacePod = Pod;

/** Time as epoch milliseconds or a Date. */
export type Now = number | Date;

export function toMillis(now: Now): number {
  return typeof now === 'number' ? now : now.getTime();
}
