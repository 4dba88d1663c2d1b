// Where a replica that did not see a rollout start finds it: the newest RolloutProgress about the workload on
// the bus, published by whichever replica reconciled it last, under a span of the rollout's trace.
import { type Bus, lastDomainEvent, RolloutPhase } from '@kruise-ts/bus';
import type { Logger } from '@kruise-ts/telemetry';
import { trace } from '@opentelemetry/api';
import type { RecallRollout } from './tracker.ts';

export function recallFromBus(bus: Bus, logger: Logger): RecallRollout {
  return async (namespace, name) => {
    try {
      const last = await lastDomainEvent(bus, 'RolloutProgress', { namespace, name });
      if (last === undefined) return undefined;
      return {
        uid: last.event.workload?.uid ?? '',
        generation: Number(last.event.generation),
        root: trace.getSpanContext(last.context),
        complete: last.event.phase === RolloutPhase.ROLLOUT_PHASE_COMPLETE,
      };
    } catch (err) {
      // Tracing must not stop a reconcile: the rollout then continues in this reconcile's trace.
      logger.warn({ err, key: `${namespace}/${name}` }, 'cannot recall the rollout from the bus');
      return undefined;
    }
  };
}
