// The kinds the controller caches from the bus, with the types the decisions read them as: its StatefulSets
// with their pods, PVCs and revisions.
import type { ControllerRevision } from '@kruise-ts/core';
import * as kube from '@kruise-ts/kube';
import { type Stored, typedKind } from '@kruise-ts/runtime';
import type { PersistentVolumeClaim, StatefulSet, StatefulSetPod } from '../types.ts';

export const STATEFULSET = typedKind<Stored<StatefulSet>>(kube.STATEFULSET);
export const POD = typedKind<StatefulSetPod>(kube.POD);
export const PVC = typedKind<PersistentVolumeClaim>(kube.PVC);
export const REVISION = typedKind<ControllerRevision>(kube.CONTROLLER_REVISION);
export const CACHED_KINDS: readonly kube.GroupKind[] = [STATEFULSET, POD, PVC, REVISION];
/**
 * Of the cached kinds, those held in a partition only once it holds a StatefulSet: a namespace partition without
 * one sends this controller none of them (docs/adr/0032-deferred-kinds-per-partition.md).
 */
export const DEFERRED_KINDS: readonly kube.GroupKind[] = [POD, PVC, REVISION];
/**
 * Of the cached kinds, those held only when they have no controller (adoption candidates) or are this
 * controller's own: pods of other workloads are skipped undecoded (docs/adr/0023-each-service-reads-only-its-kinds.md).
 */
export const CONTROLLED_KINDS: readonly kube.GroupKind[] = [POD];
