// Orderly exit on SIGTERM/SIGINT: registered hooks run one after another in registration order (e.g. mark not
// ready → stop controllers, draining in-flight reconciles → release leases → close the bus → flush traces),
// within one overall deadline; a second signal, or the deadline, ends the process at once.
import type { Logger } from '@kruise-ts/telemetry';
import { type Clock, realClock } from '../clock.ts';

export type ShutdownHook = () => void | Promise<void>;

export interface ShutdownReport {
  reason: string;
  /** Hooks that finished, in order. */
  completed: string[];
  failed: { name: string; error: unknown }[];
  /** The hook still running when the deadline passed. */
  timedOut?: string;
  /** Hooks never started because the deadline passed first. */
  skipped: string[];
  /** True when every hook completed in time. */
  clean: boolean;
}

/** The parts of `process` the helper uses, so tests can stand in for it. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

export interface GracefulShutdownOptions {
  /** Overall time for all hooks; default 30 s (Kubernetes' default terminationGracePeriodSeconds). */
  deadlineMs?: number;
  /** Default SIGTERM and SIGINT. */
  signals?: NodeJS.Signals[];
  logger?: Logger;
  /** Called with 0 after a clean shutdown on a signal, 1 otherwise. Default process.exit. */
  exit?: (code: number) => void;
  signalSource?: SignalSource;
  clock?: Clock;
}

export interface GracefulShutdown {
  register(name: string, hook: ShutdownHook): void;
  /** Runs the hooks (once; later calls return the same result). Does not exit the process by itself. */
  shutdown(reason?: string): Promise<ShutdownReport>;
  readonly shuttingDown: boolean;
  /** Stops listening for signals. */
  dispose(): void;
}

export function createGracefulShutdown(options: GracefulShutdownOptions = {}): GracefulShutdown {
  const hooks: { name: string; hook: ShutdownHook }[] = [];
  const clock = options.clock ?? realClock;
  const deadlineMs = options.deadlineMs ?? 30_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const source: SignalSource = options.signalSource ?? process;
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const logger = options.logger;
  let running: Promise<ShutdownReport> | undefined;

  const run = async (reason: string): Promise<ShutdownReport> => {
    const report: ShutdownReport = { reason, completed: [], failed: [], skipped: [], clean: false };
    logger?.info({ reason, hooks: hooks.map((h) => h.name), deadlineMs }, 'shutting down');
    let expired = false;
    let onDeadline: () => void = () => {};
    const deadline = new Promise<'deadline'>((resolve) => {
      onDeadline = () => resolve('deadline');
    });
    const timer = clock.setTimer(() => {
      expired = true;
      onDeadline();
    }, deadlineMs);
    try {
      for (const [index, { name, hook }] of hooks.entries()) {
        if (expired) {
          report.skipped.push(...hooks.slice(index).map((h) => h.name));
          break;
        }
        const outcome = await Promise.race([
          Promise.resolve()
            .then(hook)
            .then(
              () => 'done' as const,
              (error: unknown) => ({ error }),
            ),
          deadline,
        ]);
        if (outcome === 'deadline') {
          report.timedOut = name;
          report.skipped.push(...hooks.slice(index + 1).map((h) => h.name));
          logger?.error({ hook: name, skipped: report.skipped, deadlineMs }, 'shutdown deadline passed');
          break;
        }
        if (outcome === 'done') report.completed.push(name);
        else {
          report.failed.push({ name, error: outcome.error });
          logger?.error({ hook: name, err: outcome.error }, 'shutdown hook failed');
        }
      }
    } finally {
      timer.cancel();
    }
    report.clean = report.failed.length === 0 && report.timedOut === undefined && report.skipped.length === 0;
    logger?.info({ completed: report.completed, clean: report.clean }, 'shutdown finished');
    return report;
  };

  let signalsSeen = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signalsSeen++;
    if (signalsSeen > 1) {
      logger?.warn({ signal }, 'second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    void shutdown(signal).then(
      (report) => exit(report.clean ? 0 : 1),
      () => exit(1),
    );
  };
  for (const signal of signals) source.on(signal, onSignal);

  const shutdown = (reason = 'requested'): Promise<ShutdownReport> => {
    running ??= run(reason);
    return running;
  };

  return {
    register(name, hook) {
      if (running !== undefined)
        throw new Error(`cannot register shutdown hook ${name}: already shutting down`);
      hooks.push({ name, hook });
    },
    shutdown,
    get shuttingDown() {
      return running !== undefined;
    },
    dispose() {
      for (const signal of signals) source.off(signal, onSignal);
    },
  };
}
