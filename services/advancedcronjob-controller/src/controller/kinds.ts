// The kinds the controller caches from the bus: its AdvancedCronJobs and the children they create.
import type { GroupKind } from '@kruise-ts/bus';

export const ADVANCEDCRONJOB: GroupKind = { group: 'apps.kruise.io', kind: 'AdvancedCronJob' };
export const JOB: GroupKind = { group: 'batch', kind: 'Job' };
export const BROADCASTJOB: GroupKind = { group: 'apps.kruise.io', kind: 'BroadcastJob' };
export const CACHED_KINDS: readonly GroupKind[] = [ADVANCEDCRONJOB, JOB, BROADCASTJOB];
