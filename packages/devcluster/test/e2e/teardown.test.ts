// stop() leaves no process and no temporary directory behind.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startCluster } from '../../src/index.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Direct children of this process, read from /proc (every component is started as our child). */
function childPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    });
}

test('a private cluster starts and stops without leaving processes or files behind', async () => {
  const before = new Set(childPids());
  const cluster = await startCluster({ nodes: 1 });
  const started = childPids().filter((pid) => !before.has(pid));
  assert.equal(
    started.length,
    7,
    'etcd, apiserver, controller-manager, scheduler, kwok, nats-server, jaeger',
  );
  assert.ok(existsSync(cluster.kubeconfigPath));
  await cluster.stop();
  assert.equal(existsSync(cluster.dir), false, 'temp dir removed');
  for (const pid of started) assert.equal(alive(pid), false, `process ${pid} gone`);
});
