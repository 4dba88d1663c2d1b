// `npm run faults`: every fault scenario N times (default 20; KRUISE_TS_FAULT_RUNS or --runs N; --only 1,8),
// then the table. Bounded: each run has a timeout, and the suite stops its cluster and processes at the end.
import { parseArgs } from 'node:util';
import { formatTable, runFaultSuite } from './suite.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, only: { type: 'string' } },
});
const runs = Number(values.runs ?? process.env.KRUISE_TS_FAULT_RUNS ?? 20);
if (!Number.isSafeInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`);
const only = values.only?.split(',').map((s) => s.trim());
const summaries = await runFaultSuite({
  runs,
  ...(only === undefined ? {} : { only }),
  log: (m) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${m}`),
});
console.log(`\n${formatTable(summaries)}`);
process.exitCode = summaries.some((s) => s.violations.length > 0) ? 1 : 0;
