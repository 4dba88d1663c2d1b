// One pass of every fault scenario (`npm run faults` runs each 20 times): zero invariant violations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatTable, runFaultSuite } from '../../faults/suite.ts';

test('fault scenarios, once each: no invariant violated', async () => {
  const summaries = await runFaultSuite({ runs: 1, log: (m) => console.log(m) });
  console.log(formatTable(summaries));
  for (const s of summaries) assert.deepEqual(s.violations, [], `${s.id}: ${JSON.stringify(s.violations)}`);
});
