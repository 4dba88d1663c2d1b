// The kinds the controller caches from the bus: its StatefulSets with their pods, PVCs and revisions.
import { CONTROLLER_REVISION, type GroupKind, POD, PVC, STATEFULSET } from '@kruise-ts/kube';

export { POD, PVC, STATEFULSET };
export const REVISION = CONTROLLER_REVISION;
export const CACHED_KINDS: readonly GroupKind[] = [STATEFULSET, POD, PVC, REVISION];
