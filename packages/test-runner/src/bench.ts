// `npm run bench -- <name> [options]`: runs one workspace's benchmark with the Node that runs this script,
// passing the remaining arguments on. Unknown or missing names print the list.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './workspaces.ts';

const BENCHMARKS: Record<string, { dir: string; script: string; about: string }> = {
  cloneset: {
    dir: 'services/cloneset-controller',
    script: 'bench/cloneset.ts',
    about: 'CloneSet scale/ReCreate/in-place/scale-down vs the raw pod-create ceiling',
  },
  watcher: {
    dir: 'services/watcher',
    script: 'bench/mirror.ts',
    about: 'the watcher mirroring pods onto the bus',
  },
  webhook: {
    dir: 'services/webhook-server',
    script: 'scripts/bench.ts',
    about: 'admission latency through the apiserver, with and without the webhooks',
  },
  peer: {
    dir: 'packages/bench',
    script: 'src/peer-cli.ts',
    about: 'the whole kruise-ts system vs the real OpenKruise manager, same workload, fresh clusters',
  },
  parity: {
    dir: 'packages/bench',
    script: 'src/parity-cli.ts',
    about: 'what kruise-ts and the real OpenKruise manager make of the same manifests, field by field',
  },
  scaleout: {
    dir: 'packages/bench',
    script: 'src/scaleout-cli.ts',
    about: 'many small CloneSets across namespaces with 1, 2 and 4 cloneset-controller replicas',
  },
  injection: {
    dir: 'services/webhook-server',
    script: 'scripts/bench-injection.ts',
    about: 'SidecarSet injection latency through the apiserver, with and without a matching SidecarSet',
  },
};

const [name, ...rest] = process.argv.slice(2);
const bench = name === undefined ? undefined : BENCHMARKS[name];
if (bench === undefined) {
  if (name !== undefined) console.error(`unknown benchmark: ${name}`);
  console.log('usage: npm run bench -- <name> [options]\nbenchmarks:');
  for (const [n, b] of Object.entries(BENCHMARKS))
    console.log(`  ${n.padEnd(10)} ${b.dir}/${b.script} — ${b.about}`);
  process.exit(name === undefined ? 0 : 1);
}
const cwd = join(repoRoot, bench.dir);
const child = spawn(process.execPath, [bench.script, ...rest], { cwd, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
