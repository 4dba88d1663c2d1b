// The kinds the controller caches from the bus, with the types the decisions read them as: its
// AdvancedCronJobs and the children they create.
import * as kube from '@kruise-ts/kube';
import { type Stored, typedKind } from '@kruise-ts/runtime';
import type { AcjChild, AdvancedCronJob } from '../types.ts';

export const ADVANCEDCRONJOB = typedKind<Stored<AdvancedCronJob>>(kube.ADVANCEDCRONJOB);
export const JOB = typedKind<AcjChild>(kube.JOB);
export const BROADCASTJOB = typedKind<AcjChild>(kube.BROADCASTJOB);
export const CACHED_KINDS: readonly kube.GroupKind[] = [ADVANCEDCRONJOB, JOB, BROADCASTJOB];
