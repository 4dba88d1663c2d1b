import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configFromEnv } from '../../src/config.ts';
import { watchedResources } from '../../src/kinds.ts';

describe('configFromEnv', () => {
  test('defaults: 16 partitions, prefix kruise, every watched resource, 3 min stall window, 100 ms linger, 30 quiet ms', () => {
    const c = configFromEnv({});
    assert.equal(c.partitions, 16);
    assert.equal(c.busPrefix, 'kruise');
    assert.equal(c.natsUrl, 'nats://127.0.0.1:4222');
    assert.equal(c.kubeconfigPath, undefined);
    assert.equal(c.resources, watchedResources);
    assert.equal(c.stallTimeoutMs, 180_000);
    assert.equal(c.publishLingerMs, 100);
    assert.equal(c.publishQuietMs, 30);
    assert.deepEqual(c.http, { host: '127.0.0.1', port: 8080 });
    assert.match(c.publisherId, /^watcher\//);
  });

  test('KRUISE_TS_KUBECONFIG wins over KUBECONFIG', () => {
    assert.equal(configFromEnv({ KUBECONFIG: '/b', KRUISE_TS_KUBECONFIG: '/a' }).kubeconfigPath, '/a');
    assert.equal(configFromEnv({ KUBECONFIG: '/b' }).kubeconfigPath, '/b');
  });

  test('reads every setting', () => {
    const c = configFromEnv({
      KRUISE_TS_NATS_URL: 'nats://x:1',
      KRUISE_TS_PARTITIONS: '4',
      KRUISE_TS_BUS_PREFIX: 'test1',
      KRUISE_TS_HTTP_PORT: '0',
      KRUISE_TS_HTTP_HOST: '127.0.0.1',
      KRUISE_TS_WATCHER_RESOURCES: 'pods.core, namespaces.core',
      KRUISE_TS_WATCHER_STALL_TIMEOUT_MS: '500',
      KRUISE_TS_WATCHER_PUBLISH_LINGER_MS: '0',
      KRUISE_TS_WATCHER_PUBLISH_QUIET_MS: '0',
      POD_NAME: 'watcher-abc',
    });
    assert.equal(c.natsUrl, 'nats://x:1');
    assert.equal(c.partitions, 4);
    assert.equal(c.busPrefix, 'test1');
    assert.deepEqual(c.http, { host: '127.0.0.1', port: 0 });
    assert.deepEqual(
      c.resources.map((r) => r.plural),
      ['pods', 'namespaces'],
    );
    assert.equal(c.stallTimeoutMs, 500);
    assert.equal(c.publishLingerMs, 0);
    assert.equal(c.publishQuietMs, 0);
    assert.equal(c.publisherId, 'watcher/watcher-abc');
  });

  test('rejects nonsense with the variable named', () => {
    assert.throws(() => configFromEnv({ KRUISE_TS_PARTITIONS: '0' }), /KRUISE_TS_PARTITIONS/);
    assert.throws(() => configFromEnv({ KRUISE_TS_PARTITIONS: 'x' }), /KRUISE_TS_PARTITIONS/);
    assert.throws(() => configFromEnv({ KRUISE_TS_HTTP_PORT: '70000' }), /KRUISE_TS_HTTP_PORT/);
    assert.throws(
      () => configFromEnv({ KRUISE_TS_WATCHER_PUBLISH_LINGER_MS: '-1' }),
      /KRUISE_TS_WATCHER_PUBLISH_LINGER_MS/,
    );
    assert.throws(
      () => configFromEnv({ KRUISE_TS_WATCHER_RESOURCES: 'pods.core,deployments.apps' }),
      /deployments\.apps/,
    );
  });
});
