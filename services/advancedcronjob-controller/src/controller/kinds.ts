// The kinds the controller caches from the bus, with the types the decisions read them as: its
// AdvancedCronJobs and the children they create.
import * as kube from '@kruise-ts/kube';
import { type Stored, typedKind } from '@kruise-ts/runtime';
import type { AcjChild, AdvancedCronJob } from '../types.ts';

export const ADVANCEDCRONJOB = typedKind<Stored<AdvancedCronJob>>(kube.ADVANCEDCRONJOB);
export const JOB = typedKind<AcjChild>(kube.JOB);
export const BROADCASTJOB = typedKind<AcjChild>(kube.BROADCASTJOB);
export const CACHED_KINDS: readonly kube.GroupKind[] = [ADVANCEDCRONJOB, JOB, BROADCASTJOB];
/**
 * Of the cached kinds, those held in a partition only once it holds a AdvancedCronJob: a namespace partition without
 * one sends this controller none of them (docs/adr/0032-deferred-kinds-per-partition.md).
 */
export const DEFERRED_KINDS: readonly kube.GroupKind[] = [JOB, BROADCASTJOB];
