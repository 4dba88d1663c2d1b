// npm run cluster -- up | down | env | status
//   up:     builds missing binaries, starts the cluster in the background, prints how to reach it;
//           `--nodes N` fake nodes (default 2), `--zones N` spreads them over zone-a, zone-b, … (topology labels)
//   env:    prints `export` lines for the running cluster (eval "$(npm run -s cluster -- env)")
//   down:   stops it and removes its temp directory
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, ensureBinaries } from './binaries.ts';
import { type ClusterInfo, type ClusterOptions, startCluster } from './cluster.ts';
import { shapeArgs } from './cluster-shape.ts';
import { clusterEnv } from './env.ts';

interface State extends ClusterInfo {
  pid: number;
}

const stateFile = join(cacheDir(), 'run', 'cluster.json');

function readState(): State | undefined {
  if (!existsSync(stateFile)) return undefined;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    rmSync(stateFile, { force: true }); // stale: its owner is gone
    return undefined;
  }
}

function printEnv(info: ClusterInfo): void {
  for (const [k, v] of Object.entries(clusterEnv(info))) console.log(`export ${k}=${v}`);
}

async function serve(shape: Pick<ClusterOptions, 'nodes' | 'zones'>): Promise<void> {
  const cluster = await startCluster({ build: false, ...shape });
  mkdirSync(join(cacheDir(), 'run'), { recursive: true });
  const { stop, ...info } = cluster;
  writeFileSync(stateFile, JSON.stringify({ ...info, pid: process.pid }));
  const shutdown = async () => {
    await stop();
    rmSync(stateFile, { force: true });
    process.exit(0);
  };
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  setInterval(() => {}, 1 << 30); // stay alive until signalled
}

async function up(shape: Pick<ClusterOptions, 'nodes' | 'zones'>): Promise<void> {
  const running = readState();
  if (running) {
    console.error(`cluster already running (pid ${running.pid})`);
    printEnv(running);
    return;
  }
  await ensureBinaries();
  const logFile = join(cacheDir(), 'run', 'cluster-daemon.log');
  mkdirSync(join(cacheDir(), 'run'), { recursive: true });
  const out = openSync(logFile, 'w');
  const shapeArgv = Object.entries(shape).map(([k, v]) => `--${k}=${v}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '__serve', ...shapeArgv], {
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const state = readState();
    if (state) {
      console.error(`cluster up (pid ${state.pid}); logs and data in ${state.dir}`);
      printEnv(state);
      return;
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`cluster did not come up; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

async function down(): Promise<void> {
  const state = readState();
  if (!state) {
    console.error('no cluster running');
    return;
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && existsSync(stateFile)) await new Promise((r) => setTimeout(r, 250));
  console.error('cluster stopped');
}

const command = process.argv[2];
switch (command) {
  case 'up':
    await up(shapeArgs(process.argv.slice(3)));
    break;
  case 'down':
    await down();
    break;
  case 'env': {
    const state = readState();
    if (!state) {
      console.error('no cluster running; start one with: npm run cluster -- up');
      process.exit(1);
    }
    printEnv(state);
    break;
  }
  case '__serve':
    await serve(shapeArgs(process.argv.slice(3)));
    break;
  default:
    console.error('usage: npm run cluster -- up [--nodes N] [--zones N] | down | env');
    process.exit(2);
}
