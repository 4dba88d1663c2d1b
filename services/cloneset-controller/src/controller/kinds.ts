// The kinds the controller's cache holds, as the bus names them (group, kind), and the CloneSet's REST
// coordinates for writes.
import type { GroupKind } from '@kruise-ts/bus';

export const CLONESET: GroupKind = { group: 'apps.kruise.io', kind: 'CloneSet' };
export const POD: GroupKind = { group: '', kind: 'Pod' };
export const PVC: GroupKind = { group: '', kind: 'PersistentVolumeClaim' };
export const CONTROLLER_REVISION: GroupKind = { group: 'apps', kind: 'ControllerRevision' };

export const CACHED_KINDS: readonly GroupKind[] = [CLONESET, POD, PVC, CONTROLLER_REVISION];

/** The version the controller reads and writes (the storage version, docs/behaviour/cloneset.md#feature-gates). */
export const CLONESET_RESOURCE = {
  group: 'apps.kruise.io',
  version: 'v1beta1',
  plural: 'clonesets',
} as const;
