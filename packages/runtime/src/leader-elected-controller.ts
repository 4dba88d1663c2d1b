// The other mode of a controller besides partitioned: work that cannot be split by namespace (a cluster-scoped
// kind whose budget spans every namespace, e.g. SidecarSet) is done by one elected leader. Replicas compete for
// one lease (the partition leases with a single partition, so the bus's lease bucket and fencing are shared);
// the leader builds its state (caches) and reconciles, the others stand by with nothing cached and take over
// when its lease lapses or is handed off. On hand-off the in-flight reconciles drain before the state closes;
// on a lost lease it closes at once (the fence stops any write already under way).
import { type Bus, ensureTopology } from '@kruise-ts/bus';
import type { Logger, Registry } from '@kruise-ts/telemetry';
import { Kvm } from '@nats-io/kv';
import type { Tracer } from '@opentelemetry/api';
import { type ReconcileRequest, type ReconcileResult, runController } from './controller.ts';
import { FencedError } from './partitioned-controller.ts';
import { PartitionLeaseManager } from './partitions/lease-manager.ts';
import type { WorkQueue } from './queue/work-queue.ts';

const LEADER_PARTITION = 0;
/** How soon a key reconciled while leadership is still starting is tried again. */
const STARTING_RETRY_MS = 50;

export interface LeaderElectedControllerOptions<S> {
  /** Work-queue and metric name; the lease is `<name>-leader`. */
  name: string;
  bus: Bus;
  memberId: string;
  queue: WorkQueue<string>;
  workers: number;
  registry?: Registry;
  logger: Logger;
  tracer?: Tracer;
  /** Builds what the leader needs (e.g. synced caches) on every acquisition. */
  lead(): Promise<S>;
  /** Called once the state is in place (events from now on see it): e.g. enqueue every object. */
  onLeading?(state: S): void;
  /** Closes what lead() built, after the in-flight reconciles drained (hand-off) or at once (lost lease). */
  resign(state: S): Promise<void>;
  reconcile(state: S, request: ReconcileRequest<string>): Promise<ReconcileResult | undefined>;
}

export interface LeaderElectedController<S> {
  /** True while this member holds the lease and its state is built. */
  isLeader(): boolean;
  /** The leader's state, undefined while standing by. */
  state(): S | undefined;
  /** Throws FencedError unless this member holds the lease; call before every apiserver write. */
  fence(): void;
  /** Not leading any more: hands the lease off (draining reconciles), stops the workers, closes the state. */
  stop(): Promise<void>;
}

interface Leading<S> {
  state: S;
  inFlight: number;
  drained?: () => void;
}

export async function startLeaderElectedController<S>(
  o: LeaderElectedControllerOptions<S>,
): Promise<LeaderElectedController<S>> {
  const { logger } = o;
  let leading: Leading<S> | undefined;

  const release = async (drain: boolean) => {
    const current = leading;
    leading = undefined;
    if (current === undefined) return;
    if (drain && current.inFlight > 0) await new Promise<void>((resolve) => (current.drained = resolve));
    await o.resign(current.state);
  };

  const kv = await new Kvm(o.bus.js).open(o.bus.topology.leases.bucket);
  const leases = new PartitionLeaseManager({
    kv,
    controller: `${o.name}-leader`,
    memberId: o.memberId,
    partitions: 1,
    ttlMs: o.bus.topology.leases.ttlMs,
    onAcquired: async () => {
      const state = await o.lead();
      leading = { state, inFlight: 0 };
      o.onLeading?.(state);
    },
    onReleasing: async () => {
      logger.info({ member: o.memberId }, 'handing leadership off');
      await release(true);
    },
    onLost: () => {
      logger.warn({ member: o.memberId }, 'leader lease lost');
      void release(false);
    },
    onError: (err) => logger.warn({ err }, 'leader lease error'),
    // Otherwise a lone leader rests between ticks (ADR 40).
    active: () => o.queue.hasWork(),
    // A server that kept the bucket in memory and restarted lost it: declared again like at start.
    redeclare: async () => {
      await ensureTopology(o.bus);
    },
  });

  const controller = runController({
    name: o.name,
    queue: o.queue,
    workers: o.workers,
    ...(o.registry === undefined ? {} : { registry: o.registry }),
    ...(o.tracer === undefined ? {} : { tracer: o.tracer }),
    logger,
    reconcile: async (request) => {
      const current = leading;
      if (current === undefined) return undefined;
      await leases.awake(); // a resting lone leader beats before deciding anything (ADR 40)
      // onLeading's keys reach a worker before the lease manager marks the lease ready (it does once
      // onAcquired resolved): retry those shortly instead of dropping them, or a new leader would not look at
      // anything until it changed.
      if (!leases.owns(LEADER_PARTITION))
        return leases.holds(LEADER_PARTITION) ? { requeueAfter: STARTING_RETRY_MS } : undefined;
      current.inFlight++;
      try {
        return await o.reconcile(current.state, request);
      } finally {
        current.inFlight--;
        if (current.inFlight === 0) current.drained?.();
      }
    },
  });
  leases.start();

  return {
    isLeader: () => leading !== undefined && leases.owns(LEADER_PARTITION),
    state: () => leading?.state,
    fence: () => {
      if (!leases.owns(LEADER_PARTITION)) throw new FencedError(LEADER_PARTITION);
    },
    stop: async () => {
      await leases.stop();
      await o.queue.shutDownWithDrain();
      await controller.stop();
      await release(false);
    },
  };
}
