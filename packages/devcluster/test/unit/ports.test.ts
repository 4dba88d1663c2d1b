import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort, freePorts } from '../../src/ports.ts';

test('ports picked concurrently are never handed out twice by one process', async () => {
  const batches = await Promise.all([
    freePorts(40),
    freePorts(40),
    freePorts(40),
    freePort().then((p) => [p]),
  ]);
  const all = batches.flat();
  assert.equal(new Set(all).size, all.length);
  for (const port of all) assert.ok(port > 0 && port < 65_536);
});
