// The kinds the controller caches from the bus, with the types the decisions read them as: its jobs and their
// pods (namespaced, by partition) and the cluster's nodes (cluster-scoped, held by every replica).
import type { Node, Pod } from '@kruise-ts/core';
import * as kube from '@kruise-ts/kube';
import { type Stored, typedKind } from '@kruise-ts/runtime';
import type { BroadcastJob } from '../types.ts';

export const BROADCASTJOB = typedKind<Stored<BroadcastJob>>(kube.BROADCASTJOB);
export const POD = typedKind<Pod>(kube.POD);
export const NODE = typedKind<Node>(kube.NODE);
export const CACHED_KINDS: readonly kube.GroupKind[] = [BROADCASTJOB, POD, NODE];
/**
 * Of the cached kinds, those held in a partition only once it holds a BroadcastJob: a namespace partition without
 * one sends this controller none of them (docs/adr/0032-deferred-kinds-per-partition.md).
 */
export const DEFERRED_KINDS: readonly kube.GroupKind[] = [POD];
/**
 * Of the cached kinds, those held only when they have no controller (adoption candidates) or are this
 * controller's own: pods of other workloads are skipped undecoded (docs/adr/0023-each-service-reads-only-its-kinds.md).
 */
export const CONTROLLED_KINDS: readonly kube.GroupKind[] = [POD];
