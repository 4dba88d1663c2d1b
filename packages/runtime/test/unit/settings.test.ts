// The settings every controller process shares: defaults, overrides, and a clear error per bad variable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, controllerSettingsFromEnv, envInt } from '../../src/service/settings.ts';

describe('controllerSettingsFromEnv', () => {
  it('defaults to a local bus and cluster, 16 partitions, the bus lease TTL and a per-process member id', () => {
    const s = controllerSettingsFromEnv({ POD_NAME: 'pod-1' }, 'revision-gc');
    assert.equal(s.natsUrl, 'nats://127.0.0.1:4222');
    assert.equal(s.busPrefix, 'kruise');
    assert.equal(s.partitions, 16);
    assert.equal(s.leaseTtlMs, undefined, 'unset: adopted from the bus (60 s on a new one)');
    assert.deepEqual(s.http, { host: '127.0.0.1', port: 8080 });
    assert.equal(s.kubeconfigPath, undefined);
    assert.equal(s.expectationTimeoutMs, 300_000);
    assert.match(s.memberId, /^pod-1-\d+$/);
  });

  it('takes overrides, prefers KRUISE_TS_KUBECONFIG over KUBECONFIG and keeps member ids to lease-key tokens', () => {
    const s = controllerSettingsFromEnv(
      {
        KRUISE_TS_KUBECONFIG: '/a',
        KUBECONFIG: '/b',
        KRUISE_TS_MEMBER_ID: 'ctrl.0/x',
        KRUISE_TS_PARTITIONS: '4',
        KRUISE_TS_HTTP_PORT: '0',
      },
      'revision-gc',
      { expectationTimeoutMs: 5 },
    );
    assert.equal(s.kubeconfigPath, '/a');
    assert.equal(s.memberId, 'ctrl-0-x');
    assert.equal(s.partitions, 4);
    assert.equal(s.http.port, 0);
    assert.equal(s.expectationTimeoutMs, 5, "the service's default");
  });

  for (const [name, value] of [
    ['KRUISE_TS_PARTITIONS', '0'],
    ['KRUISE_TS_PARTITIONS', '4097'],
    ['KRUISE_TS_LEASE_TTL_MS', '10'],
    ['KRUISE_TS_HTTP_PORT', '70000'],
    ['KRUISE_TS_KUBE_QPS', '1.5'],
  ] as const) {
    it(`refuses ${name}=${value}, naming the variable`, () =>
      assert.throws(
        () => controllerSettingsFromEnv({ [name]: value }, 'revision-gc'),
        (err: Error) => err instanceof ConfigError && err.message.includes(name),
      ));
  }
});

describe('envInt', () => {
  it('falls back when unset or blank', () => {
    assert.equal(envInt({}, 'X', 7, 0), 7);
    assert.equal(envInt({ X: '  ' }, 'X', 7, 0), 7);
    assert.equal(envInt({ X: '9' }, 'X', 7, 0, 10), 9);
  });
});
