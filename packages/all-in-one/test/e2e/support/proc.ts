// A process's resident memory and CPU time from /proc (Linux), for the figures the all-in-one suite prints.
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100; // USER_HZ on Linux

/** user + system CPU seconds the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** VmRSS (now) or VmHWM (peak) in MiB. */
export function residentMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/** The pid of a running `binary` whose command line mentions `dir` (the cluster's own nats-server). */
export function findProcess(binary: string, dir: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline[0]?.endsWith(binary) && cmdline.some((a) => a.includes(dir))) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
