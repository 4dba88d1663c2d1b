// Clusters whose owner died without stopping them (SIGKILL, a killed test runner) are found and removed the
// next time a cluster starts: every cluster directory records its owner pid and its children's pids.
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const clusterDirPrefix = 'kruise-ts-cluster-';
const ownerFile = 'owner.pid';
const childrenFile = 'children.pids';

export function recordOwner(dir: string): void {
  writeFileSync(join(dir, ownerFile), String(process.pid));
}

export function recordChild(dir: string, pid: number): void {
  appendFileSync(join(dir, childrenFile), `${pid}\n`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is still the process we started (pids are reused): its command line names our directory. */
function stillOurs(pid: number, dir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
  } catch {
    return false;
  }
}

/** Kills the processes of clusters whose owner is gone and removes their directories. Returns what it removed. */
export function sweepStaleClusters(root = tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(clusterDirPrefix)) continue;
    const dir = join(root, name);
    const ownerPath = join(dir, ownerFile);
    if (!existsSync(ownerPath)) continue; // still being created, or not one of ours
    const owner = Number(readFileSync(ownerPath, 'utf8'));
    if (Number.isInteger(owner) && alive(owner)) continue;
    const pids = existsSync(join(dir, childrenFile))
      ? readFileSync(join(dir, childrenFile), 'utf8').split('\n').filter(Boolean).map(Number)
      : [];
    for (const pid of pids) {
      if (!stillOurs(pid, dir)) continue;
      try {
        process.kill(-pid, 'SIGKILL'); // its process group: the component and anything it started
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
