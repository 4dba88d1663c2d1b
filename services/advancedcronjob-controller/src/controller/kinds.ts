// The kinds the controller caches from the bus: its AdvancedCronJobs and the children they create.
import { ADVANCEDCRONJOB, BROADCASTJOB, type GroupKind, JOB } from '@kruise-ts/kube';

export { ADVANCEDCRONJOB, BROADCASTJOB, JOB };
export const CACHED_KINDS: readonly GroupKind[] = [ADVANCEDCRONJOB, JOB, BROADCASTJOB];
