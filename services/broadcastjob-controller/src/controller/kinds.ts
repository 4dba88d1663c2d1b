// The kinds the controller caches from the bus: its jobs and their pods (namespaced, by partition) and the
// cluster's nodes (cluster-scoped, held by every replica).
import { BROADCASTJOB, type GroupKind, NODE, POD } from '@kruise-ts/kube';

export { BROADCASTJOB, NODE, POD };
export const CACHED_KINDS: readonly GroupKind[] = [BROADCASTJOB, POD, NODE];
