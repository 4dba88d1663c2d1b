// The Advanced StatefulSet's names in its rollout trace: `sync statefulset` spans with `kruise.statefulset.*`
// attributes, which kubectl-kruise's `rollout why asts/NAME` searches Jaeger by. The tracking is
// @kruise-ts/runtime's, shared with the CloneSet (docs/adr/0009-rollout-trace-continuity.md).
import { rolloutAttributeNames } from '@kruise-ts/runtime';

export const SYNC_SPAN = 'sync statefulset';
export const RolloutAttr = rolloutAttributeNames('statefulset');
