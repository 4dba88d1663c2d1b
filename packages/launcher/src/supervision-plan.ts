// What the local supervisor does with one probe of a service, as the kubelet would in a cluster: a process that
// exited is started again at once; one whose liveness (/livez) fails, or does not answer, `failureThreshold`
// probes in a row is killed and started again. Pure: the supervisor (supervisor.ts) runs the effects.

export interface SupervisionPolicy {
  /** Time between two probes of a service. */
  periodMs: number;
  /** Failed probes in a row before a restart (the kubelet's default is 3). */
  failureThreshold: number;
}

/** Every 2 s, restart after 3 failures: a service that stopped being live is running again within ~10 s. */
export const LOCAL_SUPERVISION: SupervisionPolicy = { periodMs: 2_000, failureThreshold: 3 };

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
