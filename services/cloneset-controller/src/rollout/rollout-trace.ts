// One trace per rollout (DESIGN "Tracing"): a CloneSet's new generation starts a rollout whose root is the bus
// publish that delivered the spec change. Reconciles are parented on whatever event queued them (usually a pod
// change the watcher saw, which starts its own trace), so each reconcile's work runs in a `sync cloneset` span
// placed in the rollout's trace and linked to the reconcile span — until the rollout completes.
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

/** Span attribute names, shared by spans and span events. */
export const RolloutAttr = {
  namespace: 'kruise.cloneset.namespace',
  name: 'kruise.cloneset.name',
  generation: 'kruise.cloneset.generation',
  revision: 'kruise.cloneset.revision',
  currentRevision: 'kruise.cloneset.current_revision',
  rolloutTraceId: 'kruise.rollout.trace_id',
} as const;

/**
 * What the bus last said about a CloneSet's rollout (its newest RolloutProgress event): how a replica that did
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

// Bounded: one entry per CloneSet key; dropped when the CloneSet is gone.
export class RolloutTracker {
  readonly #rollouts = new Map<string, Rollout>();
  readonly #now: () => number;
  readonly #recall: RecallRollout | undefined;

  constructor(options: RolloutTrackerOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#recall = options.recall;
  }

  /**
   * A live change created a CloneSet or grew its generation: a rollout starts, rooted in the change's publish.
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
 * Starts the reconcile's work span: in the rollout's trace while the rollout runs (linked to the reconcile span
 * when that sits in another trace), else under the reconcile span. Returns the context to run the work in.
 */
export function startSyncSpan(
  tracer: Tracer,
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
  const span = tracer.startSpan('sync cloneset', { kind: SpanKind.INTERNAL, links, attributes }, parent);
  if (rollout.root !== undefined) {
    reconcileSpan.setAttribute(RolloutAttr.rolloutTraceId, rollout.root.traceId);
    if (inRollout)
      reconcileSpan.addLink({ context: span.spanContext(), attributes: { 'kruise.link': 'rollout' } });
  }
  return { span, context: trace.setSpan(parent, span) };
}
