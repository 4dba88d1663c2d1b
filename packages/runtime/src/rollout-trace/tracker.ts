// One trace per rollout (docs/adr/0009-rollout-trace-continuity.md): a workload's new generation starts a rollout
// whose root is the bus publish that delivered the spec change. Reconciles are parented on whatever event queued
// them (usually a pod change the watcher saw, which starts its own trace), so each reconcile's work runs in a
// `sync <kind>` span placed in the rollout's trace and linked to the reconcile span — until the rollout completes.
// Shared by every workload controller that traces rollouts (CloneSet, Advanced StatefulSet).
import {
  type Context,
  context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  type Tracer,
  trace,
} from '@opentelemetry/api';

export interface Rollout {
  key: string;
  generation: number;
  /** The span the rollout's trace hangs from. */
  root: SpanContext | undefined;
  startedAt: number;
  completedAt?: number;
}

export interface RolloutAttributeNames {
  namespace: string;
  name: string;
  generation: string;
  revision: string;
  currentRevision: string;
  rolloutTraceId: string;
}

/**
 * Span attribute names of one workload kind (`kruise.<resource>.namespace`, …): what `kubectl kruise rollout why`
 * searches Jaeger by. The trace-id attribute is the same for every kind.
 */
export function rolloutAttributeNames(resource: string): RolloutAttributeNames {
  return {
    namespace: `kruise.${resource}.namespace`,
    name: `kruise.${resource}.name`,
    generation: `kruise.${resource}.generation`,
    revision: `kruise.${resource}.revision`,
    currentRevision: `kruise.${resource}.current_revision`,
    rolloutTraceId: ROLLOUT_TRACE_ID_ATTR,
  };
}

/** Set on every reconcile span: the trace its rollout lives in. */
export const ROLLOUT_TRACE_ID_ATTR = 'kruise.rollout.trace_id';

/**
 * What the bus last said about a workload's rollout (its newest RolloutProgress event): how a replica that did
 * not see the spec change (it restarted, or took the partition over) continues the same trace.
 */
export interface RecalledRollout {
  uid: string;
  generation: number;
  /** The span the event was published under, a span of the rollout's trace. */
  root: SpanContext | undefined;
  complete: boolean;
}

export type RecallRollout = (namespace: string, name: string) => Promise<RecalledRollout | undefined>;

export interface RolloutTrackerOptions {
  now?: () => number;
  /** Undefined (as when nothing is recorded or the bus cannot answer) starts the trace at the reconcile. */
  recall?: RecallRollout;
}

// Bounded: one entry per workload key; dropped when the workload is gone.
export class RolloutTracker {
  readonly #rollouts = new Map<string, Rollout>();
  readonly #now: () => number;
  readonly #recall: RecallRollout | undefined;

  constructor(options: RolloutTrackerOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#recall = options.recall;
  }

  /**
   * A live change created a workload or grew its generation: a rollout starts, rooted in the change's publish.
   * Snapshot replays are not starts (their context is whatever publish came last); rolloutFor recalls those.
   */
  noteGeneration(key: string, generation: number, publish: Context): void {
    const known = this.#rollouts.get(key);
    if (known !== undefined && known.generation >= generation) return;
    const root = trace.getSpanContext(publish);
    this.#rollouts.set(key, {
      key,
      generation,
      root: root !== undefined && trace.isSpanContextValid(root) ? root : undefined,
      startedAt: this.#now(),
    });
  }

  /**
   * The rollout a reconcile of this generation belongs to. When this replica did not see it start, the bus's
   * record of it is recalled; without one the rollout continues in the trace of the first reconcile that sees it.
   */
  async rolloutFor(key: string, uid: string, generation: number, reconcileSpan: Span): Promise<Rollout> {
    const known = this.#rollouts.get(key);
    if (known !== undefined && known.generation >= generation) {
      known.root ??= reconcileSpan.spanContext();
      return known;
    }
    const recalled = await this.#recallFor(key, uid, generation);
    // A live change may have started the rollout while the bus was asked.
    const meanwhile = this.#rollouts.get(key);
    if (meanwhile !== undefined && meanwhile.generation >= generation) return meanwhile;
    const startedAt = this.#now();
    const rollout: Rollout =
      recalled === undefined
        ? { key, generation, root: reconcileSpan.spanContext(), startedAt }
        : {
            key,
            generation,
            root: recalled.root,
            startedAt,
            ...(recalled.complete ? { completedAt: startedAt } : {}),
          };
    this.#rollouts.set(key, rollout);
    return rollout;
  }

  async #recallFor(key: string, uid: string, generation: number): Promise<RecalledRollout | undefined> {
    if (this.#recall === undefined) return undefined;
    const slash = key.indexOf('/');
    const recalled = await this.#recall(key.slice(0, slash), key.slice(slash + 1));
    if (recalled === undefined || recalled.uid !== uid || recalled.generation !== generation)
      return undefined;
    if (recalled.root === undefined || !trace.isSpanContextValid(recalled.root)) return undefined;
    return recalled;
  }

  complete(rollout: Rollout): boolean {
    if (rollout.completedAt !== undefined) return false;
    rollout.completedAt = this.#now();
    return true;
  }

  forget(key: string): void {
    this.#rollouts.delete(key);
  }

  size(): number {
    return this.#rollouts.size;
  }
}

/**
 * The context a rollout's RolloutProgress is published under: the rollout's root, not the sync span. A replica
 * that recalls the rollout hangs its spans from it, and the root was exported long before (by the watcher, for a
 * live spec change), where a sync span of a replica killed with SIGKILL may never be (docs/adr/0009).
 */
export function rolloutPublishContext(rollout: Rollout): Context {
  return rollout.root === undefined || rollout.completedAt !== undefined
    ? context.active()
    : trace.setSpanContext(ROOT_CONTEXT, rollout.root);
}

/**
 * Starts the reconcile's work span: in the rollout's trace while the rollout runs (linked to the reconcile span
 * when that sits in another trace), else under the reconcile span. Returns the context to run the work in.
 */
export function startSyncSpan(
  tracer: Tracer,
  spanName: string,
  rollout: Rollout,
  reconcileSpan: Span,
  attributes: Record<string, string | number>,
): { span: Span; context: Context } {
  const active = context.active();
  const own = reconcileSpan.spanContext();
  const inRollout =
    rollout.completedAt === undefined && rollout.root !== undefined && rollout.root.traceId !== own.traceId;
  const parent = inRollout ? trace.setSpanContext(ROOT_CONTEXT, rollout.root as SpanContext) : active;
  const links: Link[] = inRollout ? [{ context: own, attributes: { 'kruise.link': 'reconcile' } }] : [];
  const span = tracer.startSpan(spanName, { kind: SpanKind.INTERNAL, links, attributes }, parent);
  if (rollout.root !== undefined) {
    reconcileSpan.setAttribute(ROLLOUT_TRACE_ID_ATTR, rollout.root.traceId);
    if (inRollout)
      reconcileSpan.addLink({ context: span.spanContext(), attributes: { 'kruise.link': 'rollout' } });
  }
  return { span, context: trace.setSpan(parent, span) };
}
