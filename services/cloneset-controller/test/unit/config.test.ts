// Settings from the environment: defaults, bounds, Kruise's --feature-gates syntax.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, configFromEnv, parseFeatureGates } from '../../src/config.ts';

describe('configFromEnv', () => {
  it("defaults: loopback, 16 partitions, the bus's lease TTL, Kruise 5 min expectation timeout, gates off", () => {
    const c = configFromEnv({ KRUISE_TS_MEMBER_ID: 'a.b/c' });
    assert.equal(c.http.host, '127.0.0.1');
    assert.equal(c.http.port, 8080);
    assert.equal(c.partitions, 16);
    assert.equal(c.leaseTtlMs, undefined, 'unset: adopted from the bus (60 s on a new one)');
    assert.equal(c.expectationTimeoutMs, 300_000);
    assert.equal(c.memberId, 'a-b-c', 'lease keys take [A-Za-z0-9_-] only');
    assert.deepEqual(c.gates, {});
    assert.equal(c.busPrefix, 'kruise');
  });

  it('reads the shared KRUISE_TS_* names and rejects values out of range', () => {
    const c = configFromEnv({
      KRUISE_TS_KUBECONFIG: '/k',
      KRUISE_TS_NATS_URL: 'nats://x:1',
      KRUISE_TS_BUS_PREFIX: 'p',
      KRUISE_TS_PARTITIONS: '4',
      KRUISE_TS_LEASE_TTL_MS: '3000',
      KRUISE_TS_HTTP_PORT: '0',
      KRUISE_TS_WORKERS: '8',
    });
    assert.deepEqual(
      [c.kubeconfigPath, c.natsUrl, c.busPrefix, c.partitions, c.leaseTtlMs, c.http.port, c.workers],
      ['/k', 'nats://x:1', 'p', 4, 3000, 0, 8],
    );
    assert.throws(() => configFromEnv({ KRUISE_TS_PARTITIONS: '0' }), ConfigError);
    assert.throws(() => configFromEnv({ KRUISE_TS_HTTP_PORT: '70000' }), ConfigError);
    assert.throws(() => configFromEnv({ KRUISE_TS_WORKERS: 'many' }), ConfigError);
  });
});

describe('parseFeatureGates', () => {
  it("Kruise's Name=bool list, unknown names and values rejected", () => {
    assert.deepEqual(parseFeatureGates('CloneSetShortHash=true, CloneSetPartitionRollback=false'), {
      cloneSetShortHash: true,
      partitionRollback: false,
    });
    assert.deepEqual(parseFeatureGates(undefined), {});
    assert.throws(() => parseFeatureGates('NoSuchGate=true'), /unknown feature gate 'NoSuchGate'/);
    assert.throws(() => parseFeatureGates('CloneSetShortHash=yes'), /must be true or false/);
  });
});
