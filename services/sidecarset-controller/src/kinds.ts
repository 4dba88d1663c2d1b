// The kinds the controller reads from the bus and the resource it writes status to.
import type { GroupKind } from '@kruise-ts/bus';

export const SIDECARSET: GroupKind = { group: 'apps.kruise.io', kind: 'SidecarSet' };
export const POD: GroupKind = { group: '', kind: 'Pod' };
export const NAMESPACE: GroupKind = { group: '', kind: 'Namespace' };
export const CONTROLLER_REVISION: GroupKind = { group: 'apps', kind: 'ControllerRevision' };

export const SIDECARSET_RESOURCE = {
  group: 'apps.kruise.io',
  version: 'v1beta1',
  plural: 'sidecarsets',
} as const;
