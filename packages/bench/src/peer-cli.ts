// `npm run bench -- peer [--replicas 500] [--kind cloneset|asts] [--only kruise-ts|kruise]
//   [--qps 50] [--burst 100] [--phase-timeout 900] [--idle 30] [--timeline <dir>] [--all-in-one] [--runs 1]`
// Runs the workload on Kruise, then on kruise-ts (with --all-in-one: as one process), each on a fresh cluster,
// and prints one table. With --runs N the pair runs N times, interleaved, and a table of medians follows.
// Exit code 1 when an invariant was violated or a run failed. Figures are printed, never asserted.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { versions } from '@kruise-ts/devcluster';
import { type ContenderName, runContender } from './peer.ts';
import { renderRepeatedTable } from './repeated.ts';
import { type ContenderRun, renderDetails, renderPeerTable } from './report.ts';

const { values } = parseArgs({
  options: {
    replicas: { type: 'string', default: '500' },
    kind: { type: 'string', default: 'cloneset' },
    only: { type: 'string' },
    qps: { type: 'string', default: '50' },
    burst: { type: 'string', default: '100' },
    'phase-timeout': { type: 'string', default: '900' },
    idle: { type: 'string', default: '30' },
    timeline: { type: 'string' },
    'all-in-one': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
  },
});
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const num = (name: string, v: string | undefined, min = 1): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number ≥ ${min}, got ${v}`);
  return n;
};
const kind = values.kind;
if (kind !== 'cloneset' && kind !== 'asts') fail(`--kind must be cloneset or asts, got ${kind}`);
const contenders: ContenderName[] =
  values.only === undefined
    ? ['kruise', 'kruise-ts']
    : values.only === 'kruise' || values.only === 'kruise-ts'
      ? [values.only]
      : fail(`--only must be kruise or kruise-ts, got ${values.only}`);
const options = {
  replicas: num('replicas', values.replicas),
  kind,
  qps: num('qps', values.qps),
  burst: num('burst', values.burst),
  phaseTimeoutMs: num('phase-timeout', values['phase-timeout']) * 1000,
  idleMs: num('idle', values.idle, 0) * 1000,
  ...(values.timeline === undefined ? {} : { timelineDir: values.timeline }),
  allInOne: values['all-in-one'],
  log: (line: string) => console.log(line),
} as const;

console.log(
  `peer benchmark: one ${kind === 'cloneset' ? 'CloneSet' : 'Advanced StatefulSet'} of ${options.replicas} pods; ` +
    `client qps ${options.qps} burst ${options.burst}; ${availableParallelism()} cores; ` +
    `contenders: ${contenders.join(', ')} (OpenKruise ${versions.openkruise}` +
    `${options.allInOne ? '; kruise-ts all in one process' : ''}), each on a fresh cluster`,
);
const repeats = num('runs', values.runs);
if (!Number.isInteger(repeats)) fail(`--runs must be a whole number, got ${values.runs}`);
const title = `${kind === 'cloneset' ? 'CloneSet' : 'Advanced StatefulSet'} of ${options.replicas} pods`;
const all = new Map<ContenderName, ContenderRun[]>(contenders.map((c) => [c, []]));
for (let i = 1; i <= repeats; i++) {
  // Interleaved (Kruise, kruise-ts, Kruise, …): a machine that gets busier or quieter weighs on both alike.
  const runs = new Map<ContenderName, ContenderRun>();
  for (const c of contenders) {
    const run = await runContender(c, options);
    runs.set(c, run);
    all.get(c)?.push(run);
  }
  console.log('');
  console.log(
    `${title}${repeats > 1 ? `, run ${i} of ${repeats}` : ''}; figures kruise-ts / Kruise, ratio = kruise-ts ÷ Kruise`,
  );
  console.log(renderPeerTable(runs.get('kruise-ts'), runs.get('kruise')));
  for (const run of runs.values()) console.log(renderDetails(run));
}
if (repeats > 1) {
  console.log('');
  console.log(`${title}, ${repeats} runs each: medians, ratio = kruise-ts ÷ Kruise`);
  console.log(renderRepeatedTable(all.get('kruise-ts') ?? [], all.get('kruise') ?? []));
}
const failed = [...all.values()].some((runs) => runs.some((r) => r.violations.length > 0));
process.exitCode = failed ? 1 : 0;
