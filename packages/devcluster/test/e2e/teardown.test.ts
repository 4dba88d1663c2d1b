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

test('a cluster whose owner was killed with SIGKILL is swept (processes and directory) by the next start', async () => {
  const { spawn } = await import('node:child_process');
  const { sweepStaleClusters } = await import('../../src/index.ts');
  const child = spawn(process.execPath, [new URL('./fixtures/start-and-hang.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const dir = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { dir: string }).dir);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
  });
  const pids = readFileSync(`${dir}/children.pids`, 'utf8').split('\n').filter(Boolean).map(Number);
  assert.equal(pids.length, 7);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  assert.ok(pids.some(alive), 'the orphans outlive their owner');
  assert.ok(sweepStaleClusters().includes(dir));
  // Orphans are reaped by init, which may take a moment; a zombie already counts as gone.
  const { eventually } = await import('../../src/index.ts');
  const running = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };
  await eventually('every orphan killed', async () => pids.every((pid) => !running(pid)), {
    timeoutMs: 15_000,
  });
  assert.equal(existsSync(dir), false, 'orphaned directory removed');
});
