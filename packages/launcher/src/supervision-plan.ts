// What the local supervisor does with one probe of a service, as the kubelet would in a cluster: a process that
// exited is started again at once; one whose liveness (/livez) fails, or does not answer, `failureThreshold`
// probes in a row is killed and started again. Pure: the supervisor (supervisor.ts) runs the effects.

export interface SupervisionPolicy {
  /** Time between two liveness probes of a service. */
  periodMs: number;
  /** Time between two looks at whether a service's process exited (no request: the service is not woken). */
  exitCheckMs: number;
  /** How long a probe may take before it counts as failed. */
  timeoutMs: number;
  /** Failed probes in a row before a restart (the kubelet's default is 3). */
  failureThreshold: number;
}

/**
 * The chart's liveness probe (deploy/chart/templates/deployments.yaml: every 10 s, 3 failures): a service that
 * stopped being live is running again within ~30 s, one that exited within ~2 s. Each probe costs an idle service
 * ~1.3 ms of CPU (Node's HTTP path, run cold), so probing every 2 s as before was ~0.5 millicores per service.
 */
export const LOCAL_SUPERVISION: SupervisionPolicy = {
  periodMs: 10_000,
  exitCheckMs: 2_000,
  timeoutMs: 2_000,
  failureThreshold: 3,
};

/** One probe: the process exited, or its /livez answered ok, answered otherwise, or did not answer. */
export type ProbeOutcome = 'exited' | 'live' | 'not-live' | 'no-answer';

export interface SupervisionStep {
  /** Failed probes in a row after this one. */
  failures: number;
  restart: boolean;
}

export function superviseStep(
  failures: number,
  outcome: ProbeOutcome,
  policy: SupervisionPolicy,
): SupervisionStep {
  if (outcome === 'exited') return { failures: 0, restart: true };
  if (outcome === 'live') return { failures: 0, restart: false };
  const next = failures + 1;
  return next >= policy.failureThreshold
    ? { failures: 0, restart: true }
    : { failures: next, restart: false };
}

/** Whether a live-looking service is due for its liveness probe at `now`, its last one having been at `lastProbeAt`. */
export function probeDue(lastProbeAt: number | undefined, now: number, policy: SupervisionPolicy): boolean {
  return lastProbeAt === undefined || now - lastProbeAt >= policy.periodMs;
}
