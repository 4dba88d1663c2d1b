import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuration, parseKruiseRenewBefore } from '../../src/duration.ts';
import { settingsFromEnv } from '../../src/settings.ts';

describe('settings', () => {
  it('defaults to Kruise names and covers the service DNS names and loopback', () => {
    const s = settingsFromEnv({});
    assert.equal(s.namespace, 'kruise-system');
    assert.equal(s.secretName, 'kruise-webhook-certs');
    assert.equal(s.mutatingConfigName, 'kruise-mutating-webhook-configuration');
    assert.equal(s.validatingConfigName, 'kruise-validating-webhook-configuration');
    assert.deepEqual(s.hosts, [
      'kruise-webhook-service.kruise-system.svc',
      'kruise-webhook-service.kruise-system.svc.cluster.local',
      'localhost',
      '127.0.0.1',
    ]);
    assert.equal(s.mode, 'self-signed');
    assert.equal(s.nats, undefined);
  });

  it('reads Kruise-style CERTS_RENEW_BEFORE (m = months) and ordinary durations elsewhere', () => {
    assert.equal(parseKruiseRenewBefore('30d'), 30 * 86_400_000);
    assert.equal(parseKruiseRenewBefore('6m'), 180 * 86_400_000);
    assert.equal(parseKruiseRenewBefore('1y'), 365 * 86_400_000);
    assert.equal(parseKruiseRenewBefore('0d'), undefined);
    assert.equal(parseDuration('5m'), 300_000);
    assert.equal(parseDuration('250ms'), 250);
    assert.throws(() => parseDuration('5 parsecs'), /not a duration/);
    const s = settingsFromEnv({ CERTS_RENEW_BEFORE: '6m', CA_OVERLAP: '3s', CERT_MODE: 'external' });
    assert.equal(s.renewBeforeMs, 180 * 86_400_000);
    assert.equal(s.overlapMs, 3000);
    assert.equal(s.mode, 'external');
    assert.throws(() => settingsFromEnv({ CERT_MODE: 'vault' }), /CERT_MODE/);
  });
});
