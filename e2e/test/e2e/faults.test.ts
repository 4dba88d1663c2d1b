// One pass of every fault scenario (`npm run faults` runs each 20 times): zero invariant violations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatTable, runFaultSuite } from '../../faults/suite.ts';

test('fault scenarios, once each: no invariant violated', async () => {
  // A 20 s NATS outage here; `npm run faults` keeps it down 60 s.
  const summaries = await runFaultSuite({ runs: 1, natsOutageMs: 20_000, log: (m) => console.log(m) });
  console.log(formatTable(summaries));
  for (const s of summaries) assert.deepEqual(s.violations, [], `${s.id}: ${JSON.stringify(s.violations)}`);
});
