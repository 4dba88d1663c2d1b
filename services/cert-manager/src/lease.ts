// Leader election on a coordination.k8s.io/v1 Lease, as client-go's leaderelection, except that the holder renews
// every half renew deadline instead of every retry period (nextAttemptDelay); a candidate takes the Lease only
// when its record has not changed for a full lease duration on the candidate's own clock (so clock skew between
// machines does not matter); a leader that has not renewed within the renew deadline stops acting before its
// Lease can expire (fencing). Stopping releases the Lease.

import { LEASE } from '@kruise-ts/kube';
import { AlreadyExistsError, ConflictError, type KubeClient, NotFoundError } from '@kruise-ts/runtime';
import { untraced } from '@kruise-ts/telemetry';

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

interface V1Lease {
  metadata?: { name?: string; namespace?: string; resourceVersion?: string };
  spec?: LeaseSpec;
}

/** metav1.MicroTime's wire form: RFC 3339 with microseconds. */
function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}

export interface LeaderElectionOptions {
  kube: KubeClient;
  namespace: string;
  name: string;
  identity: string;
  durationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  onStartedLeading(): void;
  onStoppedLeading(): void;
  onError?(error: Error): void;
}

export interface LeaderElector {
  isLeader(): boolean;
  /** Stops campaigning and, if leading, releases the Lease so a standby takes over at once. */
  stop(): Promise<void>;
}

/**
 * When to try again. A candidate knocks every retry period, with jitter so that candidates that started together
 * do not all knock at the same instant. A leader that just renewed waits half its renew deadline (5 s by default)
 * instead of client-go's retry period (2 s): a candidate takes over only after the record stayed unchanged for the
 * whole lease duration (15 s), so renewing twice per deadline keeps the same margin, and an idle leader wakes up
 * 60 % less often (each wake-up, a TLS write and its reply, was most of an idle cert-manager's CPU). A renewal that
 * failed is retried every retry period until the deadline fences the leader, as client-go does.
 */
export function nextAttemptDelay(state: {
  leading: boolean;
  renewed: boolean;
  retryPeriodMs: number;
  renewDeadlineMs: number;
}): number {
  if (state.leading && state.renewed)
    return Math.max(state.retryPeriodMs, Math.floor(state.renewDeadlineMs / 2));
  if (state.leading) return state.retryPeriodMs;
  return state.retryPeriodMs * (1 + Math.random() * 0.2);
}

export function startLeaderElection(options: LeaderElectionOptions): LeaderElector {
  const api = options.kube.resource<V1Lease>(LEASE);
  const { namespace, name, identity } = options;
  let leading = false;
  let lastRenew = 0;
  let observedVersion = '';
  let observedAt = 0;
  /** The Lease as our last create or renewal stored it: the leader renews from it without reading first. */
  let held: V1Lease | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const setLeading = (value: boolean) => {
    if (leading === value) return;
    leading = value;
    if (value) options.onStartedLeading();
    else options.onStoppedLeading();
  };

  const spec = (previous: V1Lease | undefined) => {
    const now = microTime(Date.now());
    const taking = previous?.spec?.holderIdentity !== identity;
    return {
      holderIdentity: identity,
      leaseDurationSeconds: Math.max(1, Math.ceil(options.durationMs / 1000)),
      acquireTime: taking ? now : (previous?.spec?.acquireTime ?? now),
      renewTime: now,
      leaseTransitions: (previous?.spec?.leaseTransitions ?? 0) + (taking && previous !== undefined ? 1 : 0),
    };
  };

  const attempt = async (): Promise<boolean> => {
    // Leader's fast path, as client-go's tryAcquireOrRenew (k8s.io/client-go/tools/leaderelection/leaderelection.go):
    // renew the Lease as we last stored it; its resourceVersion makes the write fail if anyone changed it since,
    // and only then is it read. Halves an idle leader's apiserver requests.
    if (leading && held !== undefined) {
      const previous = held;
      held = undefined;
      try {
        held = await api.replace({
          name,
          namespace,
          body: { ...previous, spec: { ...previous.spec, ...spec(previous) } },
        });
        observedVersion = held.metadata?.resourceVersion ?? '';
        observedAt = Date.now();
        return true;
      } catch (err) {
        if (!(err instanceof ConflictError)) throw err;
      }
    }
    let lease: V1Lease | undefined;
    try {
      lease = await api.get({ name, namespace });
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
    if (lease === undefined) {
      try {
        held = await api.create({
          namespace,
          body: { metadata: { name, namespace }, spec: spec(undefined) },
        });
        return true;
      } catch (err) {
        if (err instanceof AlreadyExistsError) return false;
        throw err;
      }
    }
    const version = lease.metadata?.resourceVersion ?? '';
    if (version !== observedVersion) {
      observedVersion = version;
      observedAt = Date.now();
    }
    const holder = lease.spec?.holderIdentity ?? '';
    const durationMs = (lease.spec?.leaseDurationSeconds ?? 0) * 1000;
    if (holder !== '' && holder !== identity && observedAt + durationMs > Date.now()) return false;
    try {
      const updated = await api.replace({
        name,
        namespace,
        body: { ...lease, spec: { ...lease.spec, ...spec(lease) } },
      });
      observedVersion = updated.metadata?.resourceVersion ?? '';
      observedAt = Date.now();
      held = updated;
      return true;
    } catch (err) {
      if (err instanceof ConflictError) return false;
      throw err;
    }
  };

  let renewed = false;
  const tick = async () => {
    renewed = false;
    try {
      // A renewal every few seconds is housekeeping: no trace of its own (becoming leader is logged).
      if (await untraced(attempt)) {
        lastRenew = Date.now();
        renewed = true;
        setLeading(true);
      } else setLeading(false);
    } catch (err) {
      options.onError?.(new Error(`lease ${namespace}/${name}: acquire or renew failed`, { cause: err }));
    }
    // Fencing: without a renewal for renewDeadline, another candidate may be about to take over.
    if (leading && Date.now() - lastRenew > options.renewDeadlineMs) setLeading(false);
  };

  const schedule = () => {
    if (stopped) return;
    const delay = nextAttemptDelay({ leading, renewed, ...options });
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, delay);
  };
  running = tick().finally(schedule);

  return {
    isLeader: () => leading && Date.now() - lastRenew <= options.renewDeadlineMs,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => {});
      if (!leading) return;
      setLeading(false);
      try {
        const lease = await api.get({ name, namespace });
        if (lease.spec?.holderIdentity !== identity) return;
        await api.replace({
          name,
          namespace,
          body: {
            ...lease,
            spec: {
              ...lease.spec,
              holderIdentity: '',
              leaseDurationSeconds: 1,
              renewTime: microTime(Date.now()),
            },
          },
        });
      } catch (err) {
        options.onError?.(new Error(`lease ${namespace}/${name}: release failed`, { cause: err }));
      }
    },
  };
}
