// `npm start`'s stand-in for the kubelet: probes every service's /livez and restarts a process that exited or
// stopped being live (supervision-plan.ts). A service fails its liveness only in states it cannot leave by
// itself, e.g. the object stream replaced under it (docs/adr/0038-object-stream-replaced.md). Fault tests run
// without it: they stop processes on purpose (SIGSTOP) and restart them themselves.
import { type ProbeOutcome, probeDue, type SupervisionPolicy, superviseStep } from './supervision-plan.ts';

export interface Supervised {
  name: string;
  healthUrl: string;
  exited(): boolean;
}

export interface SupervisorOptions {
  services(): readonly Supervised[];
  restart(name: string): Promise<void>;
  policy: SupervisionPolicy;
  log(message: string): void;
}

export interface Supervisor {
  /** Stops probing and waits for a restart in progress. */
  stop(): Promise<void>;
}

async function probe(service: Supervised, timeoutMs: number): Promise<ProbeOutcome> {
  if (service.exited()) return 'exited';
  try {
    const res = await fetch(`${service.healthUrl}/livez`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? 'live' : 'not-live';
  } catch {
    return service.exited() ? 'exited' : 'no-answer';
  }
}

export function startSupervisor(options: SupervisorOptions): Supervisor {
  const failures = new Map<string, number>();
  const lastProbeAt = new Map<string, number>();
  const restarting = new Map<string, Promise<void>>();
  let stopped = false;
  let round: Promise<void> = Promise.resolve();

  const check = async (service: Supervised) => {
    if (restarting.has(service.name)) return;
    let outcome: ProbeOutcome;
    if (service.exited()) outcome = 'exited';
    else if (probeDue(lastProbeAt.get(service.name), Date.now(), options.policy)) {
      lastProbeAt.set(service.name, Date.now());
      outcome = await probe(service, options.policy.timeoutMs);
    } else return;
    const step = superviseStep(failures.get(service.name) ?? 0, outcome, options.policy);
    failures.set(service.name, step.failures);
    if (!step.restart || stopped) return;
    // The new process is probed on the next look, as the kubelet probes a restarted container afresh.
    lastProbeAt.delete(service.name);
    options.log(`${service.name} ${outcome === 'exited' ? 'exited' : 'is not live'}: restarting it`);
    const restart = options
      .restart(service.name)
      .then(() => options.log(`${service.name} restarted`))
      .catch((err: unknown) => options.log(`${service.name} did not restart: ${String(err)}`))
      .finally(() => restarting.delete(service.name));
    restarting.set(service.name, restart);
  };

  const timer = setInterval(() => {
    round = round.then(() => Promise.all(options.services().map(check))).then(() => {});
  }, options.policy.exitCheckMs);
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await round;
      await Promise.all(restarting.values());
    },
  };
}
