// The controller's settings from the environment.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, configFromEnv } from '../../src/config.ts';

describe('configFromEnv', () => {
  it('defaults', () => {
    const c = configFromEnv({ POD_NAME: 'pod-1' });
    assert.equal(c.natsUrl, 'nats://127.0.0.1:4222');
    assert.equal(c.busPrefix, 'kruise');
    assert.equal(c.partitions, 16);
    assert.equal(c.revisionNamespace, 'kruise-system');
    assert.equal(c.workers, 3);
    assert.match(c.memberId, /^pod-1-\d+$/);
  });
  it('overrides and a member id fit for lease keys', () => {
    const c = configFromEnv({
      KRUISE_TS_MEMBER_ID: 'a.b/c',
      KRUISE_TS_PARTITIONS: '4',
      KRUISE_TS_HTTP_PORT: '0',
      POD_NAMESPACE: 'kruise',
    });
    assert.equal(c.memberId, 'a-b-c');
    assert.equal(c.partitions, 4);
    assert.equal(c.http.port, 0);
    assert.equal(c.revisionNamespace, 'kruise');
  });
  for (const [name, value] of [
    ['KRUISE_TS_PARTITIONS', '0'],
    ['KRUISE_TS_WORKERS', 'many'],
    ['KRUISE_TS_HTTP_PORT', '70000'],
  ] as const) {
    it(`${name}=${value} is refused`, () =>
      assert.throws(() => configFromEnv({ [name]: value }), ConfigError));
  }
});
