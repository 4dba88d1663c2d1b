// The kinds the controller caches from the bus: its StatefulSets with their pods, PVCs and revisions.
import type { GroupKind } from '@kruise-ts/bus';

export const STATEFULSET: GroupKind = { group: 'apps.kruise.io', kind: 'StatefulSet' };
export const POD: GroupKind = { group: '', kind: 'Pod' };
export const PVC: GroupKind = { group: '', kind: 'PersistentVolumeClaim' };
export const REVISION: GroupKind = { group: 'apps', kind: 'ControllerRevision' };
export const CACHED_KINDS: readonly GroupKind[] = [STATEFULSET, POD, PVC, REVISION];
