// Which controller traces a workload kind's rollouts and under which names (docs/adr/0009-rollout-trace-continuity.md):
// the service whose `sync <kind>` spans carry `kruise.<kind>.namespace|name|generation`. The wait and completion
// events are the same for every kind (packages/runtime/src/rollout-trace/wait-events.ts). Pure.

export interface RolloutTraceKind {
  /** How reports name the workload. */
  title: string;
  /** The Jaeger service the controller reports as. */
  service: string;
  /** The span each reconcile's work runs in. */
  syncSpan: string;
  /** Prefix of the span attributes naming the workload: `<prefix>.namespace`, `.name`, `.generation`. */
  attributePrefix: string;
}

export const CLONESET_TRACE: RolloutTraceKind = {
  title: 'CloneSet',
  service: 'cloneset-controller',
  syncSpan: 'sync cloneset',
  attributePrefix: 'kruise.cloneset',
};

export const STATEFULSET_TRACE: RolloutTraceKind = {
  title: 'Advanced StatefulSet',
  service: 'statefulset-controller',
  syncSpan: 'sync statefulset',
  attributePrefix: 'kruise.statefulset',
};

export const ROLLOUT_TRACE_KINDS: readonly RolloutTraceKind[] = [CLONESET_TRACE, STATEFULSET_TRACE];

/** The kind whose sync spans the trace holds most of (a CloneSet's when it holds none). */
export function traceKindOf(operationNames: readonly string[]): RolloutTraceKind {
  let best = CLONESET_TRACE;
  let most = 0;
  for (const kind of ROLLOUT_TRACE_KINDS) {
    const n = operationNames.filter((o) => o === kind.syncSpan).length;
    if (n > most) {
      best = kind;
      most = n;
    }
  }
  return best;
}
