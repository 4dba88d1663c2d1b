// Process figures from /proc: CPU-seconds (utime + stime), resident and peak resident memory, and the
// cluster's own processes (devcluster records every child it starts in <cluster dir>/children.pids).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

export interface NamedPid {
  name: string;
  pid: number;
}

/** CPU-seconds the process has used so far; NaN once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name "(…)" the state is field 3; utime is field 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

export const rssMiB = (pid: number): number => statusKiB(pid, 'VmRSS') / 1024;
export const peakRssMiB = (pid: number): number => statusKiB(pid, 'VmHWM') / 1024;

/**
 * Proportional set size: pages shared with other processes (the node binary every kruise-ts service maps) split
 * among them, so the sum over processes is the memory they hold together, where RSS counts shared pages in each.
 */
export function pssMiB(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU-seconds of each process, by name. */
export function cpuOf(pids: readonly NamedPid[]): Record<string, number> {
  return Object.fromEntries(pids.map((p) => [p.name, cpuSeconds(p.pid)]));
}

export function diffCpu(
  after: Record<string, number>,
  before: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
}

/** The live processes the cluster in `dir` started, named by their executable (kube-apiserver, etcd, …). */
export function clusterProcesses(dir: string): NamedPid[] {
  const file = join(dir, 'children.pids');
  if (!existsSync(file)) return [];
  const out: NamedPid[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const pid = Number(line);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      out.push({ name: readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), pid });
    } catch {
      // exited
    }
  }
  return out;
}

/** Samples CPU over `ms` and returns the average in millicores per process. */
export async function idleMillicores(pids: readonly NamedPid[], ms: number): Promise<Record<string, number>> {
  const before = cpuOf(pids);
  await new Promise((r) => setTimeout(r, ms));
  const used = diffCpu(cpuOf(pids), before);
  return Object.fromEntries(Object.entries(used).map(([k, v]) => [k, (v * 1000 * 1000) / ms]));
}

/**
 * While `pids` run, a SIGINT or SIGTERM to the benchmark kills them at once (devcluster's own handler stops the
 * cluster and re-raises the signal; a service in graceful shutdown would outlive it). Returns the undo.
 */
export function killOnSignal(pids: () => readonly NamedPid[]): () => void {
  const handler = () => {
    for (const p of pids()) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
