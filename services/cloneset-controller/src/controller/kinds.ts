// The kinds the controller's cache holds, with the types the decisions read them as; their coordinates are
// declared once in @kruise-ts/kube.
import type { ControllerRevision } from '@kruise-ts/core';
import * as kube from '@kruise-ts/kube';
import { typedKind } from '@kruise-ts/runtime';
import type { CloneSetPod, PersistentVolumeClaim } from '../types.ts';
import type { StoredCloneSet } from './sync-context.ts';

export const CLONESET = typedKind<StoredCloneSet>(kube.CLONESET);
export const POD = typedKind<CloneSetPod>(kube.POD);
export const PVC = typedKind<PersistentVolumeClaim>(kube.PVC);
export const CONTROLLER_REVISION = typedKind<ControllerRevision>(kube.CONTROLLER_REVISION);

export const CACHED_KINDS: readonly kube.GroupKind[] = [CLONESET, POD, PVC, CONTROLLER_REVISION];
/**
 * Of the cached kinds, those held in a partition only once it holds a CloneSet: a namespace partition without
 * one sends this controller none of them (docs/adr/0032-deferred-kinds-per-partition.md).
 */
export const DEFERRED_KINDS: readonly kube.GroupKind[] = [POD, PVC, CONTROLLER_REVISION];
/**
 * Of the cached kinds, those held only when they have no controller (adoption candidates) or are this
 * controller's own: pods of other workloads are skipped undecoded (docs/adr/0023-each-service-reads-only-its-kinds.md).
 */
export const CONTROLLED_KINDS: readonly kube.GroupKind[] = [POD];

/** The version the controller reads and writes (the storage version, docs/behaviour/cloneset.md#feature-gates). */
export const CLONESET_RESOURCE = kube.resourceOf(kube.CLONESET);
