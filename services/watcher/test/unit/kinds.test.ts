// What the watcher mirrors is readable by every bus identity: never a Secret (the webhook Secret holds the CA key).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { watchedResources } from '../../src/kinds.ts';

describe('watchedResources', () => {
  test('no Secret is mirrored onto the bus', () => {
    assert.deepEqual(
      watchedResources.filter((r) => r.group === '' && r.plural === 'secrets'),
      [],
    );
  });
});
