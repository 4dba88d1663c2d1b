// The kinds the controller caches from the bus: its jobs and their pods (namespaced, by partition) and the
// cluster's nodes (cluster-scoped, held by every replica).
import type { GroupKind } from '@kruise-ts/bus';

export const BROADCASTJOB: GroupKind = { group: 'apps.kruise.io', kind: 'BroadcastJob' };
export const POD: GroupKind = { group: '', kind: 'Pod' };
export const NODE: GroupKind = { group: '', kind: 'Node' };
export const CACHED_KINDS: readonly GroupKind[] = [BROADCASTJOB, POD, NODE];
