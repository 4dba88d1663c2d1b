// A launcher killed by SIGINT or SIGTERM before its graceful stop must not leave its services behind: they are
// its children, and share its process group only when a terminal sends the signal to the whole group
// (`pkill -f` or a CI timeout signals the launcher alone). While a system runs, either signal SIGKILLs them.
import type { ChildProcess } from 'node:child_process';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Until the returned undo is called, SIGINT or SIGTERM to this process runs `beforeKill` (e.g. stops a supervisor
 * that would restart them) and SIGKILLs every child `children()` lists. Listening for a signal replaces Node's
 * default of exiting on it, so the process must still end: when someone else already listened (the dev
 * cluster stops its servers, then raises the signal again) they do that; otherwise this raises it again itself.
 */
export function killChildrenOnSignal(
  children: () => Iterable<ChildProcess>,
  beforeKill: () => void = () => {},
): () => void {
  const handlers = SIGNALS.map((signal) => {
    const othersEndTheProcess = process.listenerCount(signal) > 0;
    const handler = () => {
      undo();
      beforeKill();
      for (const child of children()) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (!othersEndTheProcess) process.kill(process.pid, signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const undo = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  return undo;
}
