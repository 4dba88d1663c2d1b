// A SidecarSet's container as the pod gets it: core/v1 Container without the fields Kruise adds.
import { SidecarContainerFields } from './constants.ts';
import type { Container } from './schema/pod.ts';
import type { SidecarContainer } from './schema/sidecarset.ts';

/** The core/v1 Container of a sidecar: a shallow copy without Kruise's fields (webhook validation, injection). */
export function podContainerOf(sidecar: SidecarContainer): Container {
  const container: Record<string, unknown> = { ...sidecar };
  for (const key of SidecarContainerFields) delete container[key];
  return container as Container;
}
