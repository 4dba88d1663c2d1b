// The frame every traced workload reconcile shares (docs/adr/0009-rollout-trace-continuity.md): look the workload
// up in the cache (gone → forget its expectations and rollout), find the rollout of its generation, tag the
// reconcile span, and run the work in a `sync <kind>` span of the rollout's trace, recording a failure on it.
import { context, type Span, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { TypedKind } from '../cache/object-cache.ts';
import type { PartitionedReconcileRequest } from '../partitioned-controller.ts';
import { type Rollout, type RolloutAttributeNames, type RolloutTracker, startSyncSpan } from './tracker.ts';
import { completeRollout } from './wait-events.ts';

export interface RolloutSyncDeps {
  tracer: Tracer;
  rollouts: RolloutTracker;
  /** Expectations keyed by `namespace/name`, forgotten with the workload. */
  scale: { delete(key: string): unknown };
}

export interface RolloutSyncNames {
  /** `sync cloneset`, `sync statefulset`, … */
  span: string;
  attributes: RolloutAttributeNames;
}

export interface RolloutSync<T> {
  key: string;
  object: T;
  /** The `sync <kind>` span the work runs in (also the active span). */
  span: Span;
  rollout: Rollout;
  /** Marks the rollout complete (the `rollout complete` event goes on the sync span once). */
  complete(now: number): void;
}

type Workload = { metadata: { generation?: number; uid?: string } };

/** Runs `work` for the cached workload in its rollout's trace; undefined (and nothing run) when it is gone. */
export async function syncInRollout<T extends Workload, R>(
  deps: RolloutSyncDeps,
  request: PartitionedReconcileRequest,
  kind: TypedKind<T>,
  names: RolloutSyncNames,
  work: (sync: RolloutSync<T>) => Promise<R>,
): Promise<R | undefined> {
  const { namespace, name, cache } = request;
  const key = `${namespace}/${name}`;
  const cached = cache.get(kind, namespace, name);
  if (cached === undefined) {
    // Gone: forget what was expected of it.
    deps.scale.delete(key);
    deps.rollouts.forget(key);
    return undefined;
  }
  const object = cached.object;
  const generation = object.metadata.generation ?? cached.generation;
  const rollout = await deps.rollouts.rolloutFor(
    key,
    object.metadata.uid ?? cached.uid,
    generation,
    request.span,
  );
  const attributes = {
    [names.attributes.namespace]: namespace,
    [names.attributes.name]: name,
    [names.attributes.generation]: generation,
  };
  request.span.setAttributes(attributes);
  const sync = startSyncSpan(deps.tracer, names.span, rollout, request.span, attributes);
  try {
    return await context.with(sync.context, () =>
      work({
        key,
        object,
        span: sync.span,
        rollout,
        complete: (now) => {
          completeRollout(sync.span, rollout, (r) => deps.rollouts.complete(r), now);
        },
      }),
    );
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    sync.span.recordException(error);
    sync.span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    throw error;
  } finally {
    sync.span.end();
  }
}
