// `npm test`: the whole repo's checks and tests, ending with one line of totals.
//   1. builds the Go control plane when the per-machine cache lacks it (long the first time, with progress)
//   2. lint and typecheck
//   3. unit tests (turbo, cached by inputs)
//   4. starts one real local cluster and runs every workspace's e2e tests against it, one workspace at a time
// Options: --unit-only skips the cluster and e2e tests.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { clusterEnv, ensureBinaries, startCluster } from '@kruise-ts/devcluster';
import type { TestResults } from './results.ts';
import { repoRoot, workspaceDirs } from './workspaces.ts';

const unitOnly = process.argv.includes('--unit-only');
const started = Date.now();
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', ...env },
    });
    child.on('exit', (code) => {
      if (code !== 0) failures.push(label);
      resolve(code === 0);
    });
    child.on('error', () => {
      failures.push(label);
      resolve(false);
    });
  });
}

const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

for (const dir of workspaceDirs())
  rmSync(join(repoRoot, dir, '.test-results'), { recursive: true, force: true });

await run('lint', bin('biome'), ['check', '.']);
await run('typecheck', bin('turbo'), ['run', 'typecheck', '--env-mode=loose']);
await run('unit tests', bin('turbo'), ['run', 'test:unit', '--continue', '--env-mode=loose']);

if (!unitOnly) {
  console.log('\n=== control plane binaries (built from the Go module proxy on first use; cached after)');
  await ensureBinaries();
  console.log('\n=== starting the local cluster for e2e tests');
  const t0 = Date.now();
  const cluster = await startCluster();
  console.log(`cluster up in ${((Date.now() - t0) / 1000).toFixed(1)}s; logs in ${cluster.dir}`);
  try {
    const { stop: _stop, ...info } = cluster;
    await run(
      'e2e tests',
      bin('turbo'),
      ['run', 'test:e2e', '--continue', '--concurrency=1', '--env-mode=loose'],
      clusterEnv(info),
    );
  } finally {
    await cluster.stop();
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failedTests: string[] = [];
console.log('\n=== results');
for (const dir of workspaceDirs()) {
  for (const kind of ['unit', 'e2e']) {
    const file = join(repoRoot, dir, '.test-results', `${kind}.json`);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8')) as TestResults;
    if (r.files === 0) continue;
    for (const f of r.failures ?? [])
      failedTests.push(
        `  ✖ ${dir} ${kind}: ${f.file.replace(`${join(repoRoot, dir)}/`, '')} › ${f.test}: ${f.error}`,
      );
    console.log(
      `  ${`${dir} ${kind}`.padEnd(40)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
    );
    passed += r.passed;
    failed += r.failed;
    skipped += r.skipped;
  }
}
// A step that failed without test results (lint, typecheck, a crashed runner) still counts as a failure.
const stepFailures = failures.filter((f) => f === 'lint' || f === 'typecheck');
failed += stepFailures.length;
for (const line of failedTests) console.log(line);
if (failures.length > 0) console.log(`  failed steps: ${failures.join(', ')}`);
console.log(`  took ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failures.length > 0 || failed > 0 ? 1 : 0;
