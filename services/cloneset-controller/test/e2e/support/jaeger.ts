// The CloneSet's rollout traces in the devcluster's Jaeger: @kruise-ts/devcluster's reader, shared with the other
// traced controllers, with the CloneSet's span names as its default.
export type { JaegerTrace, RolloutTraceCheck, TraceEvent, TraceSpan } from '@kruise-ts/devcluster';
export { describeStrays, rolloutTraces, waitForRolloutTrace } from '@kruise-ts/devcluster';
