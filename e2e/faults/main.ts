// `npm run faults`: every fault scenario N times (default 20; KRUISE_TS_FAULT_RUNS or --runs N; --only 1,8;
// --nats-outage-ms N for scenario 5, default 60000; --keep-dir keeps the cluster directory with every service's log), then the table. Bounded: each run has a timeout, and the suite stops its cluster and processes at the end.
import { parseArgs } from 'node:util';
import { formatTable, runFaultSuite } from './suite.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    only: { type: 'string' },
    'nats-outage-ms': { type: 'string' },
    'keep-dir': { type: 'boolean' },
  },
});
const runs = Number(values.runs ?? process.env.KRUISE_TS_FAULT_RUNS ?? 20);
if (!Number.isSafeInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`);
const only = values.only?.split(',').map((s) => s.trim());
const natsOutageMs = Number(values['nats-outage-ms'] ?? 60_000);
if (!Number.isSafeInteger(natsOutageMs) || natsOutageMs < 0)
  throw new Error(`--nats-outage-ms must be a non-negative integer, got ${values['nats-outage-ms']}`);
const summaries = await runFaultSuite({
  runs,
  natsOutageMs,
  keepDir: values['keep-dir'] === true,
  ...(only === undefined ? {} : { only }),
  log: (m) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${m}`),
});
console.log(`\n${formatTable(summaries)}`);
process.exitCode = summaries.some((s) => s.violations.length > 0) ? 1 : 0;
