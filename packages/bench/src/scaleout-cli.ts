// `npm run bench -- scaleout [--clonesets 200] [--pods 5] [--namespaces 20] [--replicas 1,2,4] [--timeout 1200] [--keep]`
// The size is 2,000 CloneSets × 5 pods across 200 namespaces; the default is a tenth of it so the three
// runs finish on a 2-core machine (pass --clonesets 2000 --namespaces 200 for the full size). Exit code 1
// when a run failed. Figures are printed, never asserted.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { renderScaleout, runScaleout, type ScaleoutRun } from './scaleout.ts';

const { values } = parseArgs({
  options: {
    clonesets: { type: 'string', default: '200' },
    pods: { type: 'string', default: '5' },
    namespaces: { type: 'string', default: '20' },
    replicas: { type: 'string', default: '1,2,4' },
    timeout: { type: 'string', default: '1200' },
    keep: { type: 'boolean', default: false },
  },
});
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const num = (name: string, v: string | undefined): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a whole number ≥ 1, got ${v}`);
  return n;
};
const options = {
  clonesets: num('clonesets', values.clonesets),
  podsEach: num('pods', values.pods),
  namespaces: num('namespaces', values.namespaces),
  replicas: (values.replicas ?? '').split(',').map((r) => num('replicas', r)),
  timeoutMs: num('timeout', values.timeout) * 1000,
  keepDir: values.keep === true,
  log: (line: string) => console.log(line),
};
console.log(
  `scale-out benchmark: ${options.clonesets} CloneSets × ${options.podsEach} pods across ${options.namespaces} namespaces ` +
    `(issue size 2000 × 5 across 200), cloneset-controller replicas ${options.replicas.join(', ')}; ` +
    `${availableParallelism()} cores; each on a fresh cluster with the whole system`,
);
const runs: ScaleoutRun[] = [];
for (const r of options.replicas) {
  const run = await runScaleout(r, options);
  options.log(
    run.error === undefined
      ? `${r} replica(s): all converged in ${run.seconds.toFixed(1)} s`
      : `${r} replica(s) failed: ${run.error}`,
  );
  runs.push(run);
}
console.log('');
console.log(renderScaleout(runs, options));
process.exitCode = runs.some((r) => r.error !== undefined) ? 1 : 0;
