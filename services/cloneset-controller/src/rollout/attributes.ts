// The CloneSet's names in its rollout trace: `sync cloneset` spans with `kruise.cloneset.*` attributes, which
// kubectl-kruise's `rollout why` and the e2e tests search by. The tracking itself is @kruise-ts/runtime's.
import { rolloutAttributeNames } from '@kruise-ts/runtime';

export const SYNC_SPAN = 'sync cloneset';
export const RolloutAttr = rolloutAttributeNames('cloneset');
