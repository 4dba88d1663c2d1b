// `npm run bench -- parity [--only kruise|kruise-ts] [--scenario <namespace>] [--step-timeout 180] [--out <dir>]`:
// applies the same Kruise manifests (parity-scenarios.ts) to the real OpenKruise manager and to kruise-ts, each on
// a fresh cluster, and prints every field in which what they made differs: pods, PVCs, ControllerRevisions,
// workload status, Event reasons. Exit code 1 when anything differs or a step did not converge; with --out each
// contender's snapshots are written there as JSON. Bounded: every step has a timeout; clusters are stopped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { versions } from '@kruise-ts/devcluster';
import { type ParityContender, type ParityRun, runParity } from './parity.ts';
import { diffSnapshots, renderDifferences } from './parity-diff.ts';
import { parityScenarios } from './parity-scenarios.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    scenario: { type: 'string' },
    'step-timeout': { type: 'string', default: '180' },
    out: { type: 'string' },
  },
});
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const all = parityScenarios();
const scenarios = values.scenario === undefined ? all : all.filter((s) => s.namespace === values.scenario);
if (scenarios.length === 0)
  fail(`--scenario must be one of ${all.map((s) => s.namespace).join(', ')}, got ${values.scenario}`);
const contenders: ParityContender[] =
  values.only === undefined
    ? ['Kruise', 'kruise-ts']
    : values.only === 'kruise'
      ? ['Kruise']
      : values.only === 'kruise-ts'
        ? ['kruise-ts']
        : fail(`--only must be kruise or kruise-ts, got ${values.only}`);
const stepTimeoutMs = Number(values['step-timeout']) * 1000;
if (!Number.isFinite(stepTimeoutMs) || stepTimeoutMs <= 0)
  fail('--step-timeout must be a positive number of seconds');

console.log(
  `parity: ${scenarios.length} scenarios on ${contenders.join(' and ')} (OpenKruise ${versions.openkruise}), ` +
    'each contender on a fresh cluster',
);
const runs: ParityRun[] = [];
for (const contender of contenders) {
  runs.push(await runParity(contender, { scenarios, stepTimeoutMs, log: (line) => console.log(line) }));
}

if (values.out !== undefined) {
  mkdirSync(values.out, { recursive: true });
  for (const run of runs) {
    const file = join(values.out, `${run.contender}.json`);
    writeFileSync(file, `${JSON.stringify(Object.fromEntries(run.snapshots), null, 2)}\n`);
    console.log(`${run.contender}'s snapshots: ${file}`);
  }
}

let differing = 0;
for (const run of runs) for (const f of run.failures) console.log(`${run.contender}: did not converge: ${f}`);
const [kruise, kruiseTs] = runs;
if (kruise !== undefined && kruiseTs !== undefined) {
  for (const [name, theirs] of kruise.snapshots) {
    const ours = kruiseTs.snapshots.get(name);
    if (ours === undefined) continue;
    const lines = renderDifferences(diffSnapshots(theirs, ours));
    differing += lines.length;
    console.log(`\n${name}: ${lines.length === 0 ? 'the same' : `${lines.length} differences`}`);
    for (const line of lines) console.log(`  ${line}`);
  }
} else {
  for (const [name, snapshot] of runs[0]?.snapshots ?? []) {
    const counts = Object.entries(snapshot).map(([c, g]) => `${c} ${Object.values(g).flat().length}`);
    console.log(`${name}: ${counts.join(', ')}`);
  }
}
const failed = runs.some((r) => r.failures.length > 0);
console.log(`\nparity: ${differing} differing fields${failed ? '; some steps did not converge' : ''}`);
process.exit(differing > 0 || failed ? 1 : 0);
