// The watcher publishes each kind at the apiVersion the bus contract names (packages/bus PAYLOAD_VERSIONS):
// changing what it watches changes the contract, whose fingerprint then asks for a version bump.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAYLOAD_VERSIONS } from '@kruise-ts/bus';
import { watchedResources } from '../../src/kinds.ts';

test('watched resources are exactly the contract payload versions', () => {
  const watched = watchedResources.map((r) => `${r.kind}.${r.group}/${r.version}`).sort();
  const contract = PAYLOAD_VERSIONS.map((p) => `${p.kind}.${p.group}/${p.version}`).sort();
  assert.deepEqual(watched, contract);
});
