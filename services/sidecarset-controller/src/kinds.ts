// The kinds the controller reads from the bus, with the types it reads them as, and the resource it writes
// status to.
import type { ControllerRevision } from '@kruise-ts/core';
import * as kube from '@kruise-ts/kube';
import { typedKind } from '@kruise-ts/runtime';
import type { Pod, SidecarSet } from '@kruise-ts/sidecarset';

export const SIDECARSET = typedKind<SidecarSet>(kube.SIDECARSET);
export const POD = typedKind<Pod>(kube.POD);
export const NAMESPACE = typedKind<{ metadata?: { name?: string; labels?: Record<string, string> } }>(
  kube.NAMESPACE,
);
export const CONTROLLER_REVISION = typedKind<ControllerRevision>(kube.CONTROLLER_REVISION);

export const SIDECARSET_RESOURCE = kube.resourceOf(kube.SIDECARSET);
