import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  caProblem,
  certificateInfo,
  createCertificateAuthority,
  decodeSecretData,
  encodeSecretData,
  fingerprintSha256,
  issueServingCertificate,
  joinCertificates,
  sameBundle,
  servingPairOf,
  servingProblem,
  splitCertificates,
} from '../../src/index.ts';

const hosts = ['kruise-webhook-service.kruise-system.svc', 'localhost', '127.0.0.1'];
const now = new Date();
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('certificate generation and checks', () => {
  it('issues a serving certificate for DNS names and IPs that chains to the CA', async () => {
    const ca = await createCertificateAuthority();
    const serving = await issueServingCertificate(ca, { hosts });
    assert.equal(servingProblem({ ...serving, caCertPem: ca.certPem, hosts, until: inDays(30) }), undefined);
    const info = certificateInfo(serving.certPem);
    assert.deepEqual(info.dnsNames, ['kruise-webhook-service.kruise-system.svc', 'localhost']);
    assert.deepEqual(info.ipAddresses, ['127.0.0.1']);
    assert.equal(info.isCA, false);
    assert.equal(certificateInfo(ca.certPem).isCA, true);
    assert.equal(caProblem(ca, inDays(365)), undefined);
  });

  it('reports why a serving certificate is unusable', async () => {
    const ca = await createCertificateAuthority();
    const other = await createCertificateAuthority();
    const serving = await issueServingCertificate(ca, { hosts, validityMs: 10 * 86_400_000 });
    const check = { caCertPem: ca.certPem, hosts, until: inDays(1) };
    assert.match(servingProblem({ ...check, ...serving, until: inDays(30) }) ?? '', /expires at/);
    assert.match(
      servingProblem({ ...check, ...serving, caCertPem: other.certPem }) ?? '',
      /not signed by the CA/,
    );
    assert.match(
      servingProblem({ ...check, ...serving, hosts: ['other.svc'] }) ?? '',
      /does not cover other.svc/,
    );
    assert.match(
      servingProblem({ ...check, certPem: serving.certPem, keyPem: ca.keyPem }) ?? '',
      /does not match/,
    );
    assert.match(
      servingProblem({ ...check, certPem: 'garbage', keyPem: serving.keyPem }) ?? '',
      /cannot be parsed/,
    );
    assert.match(servingProblem({ ...check }) ?? '', /missing/);
  });

  it('reports why a CA is unusable', async () => {
    const ca = await createCertificateAuthority({ validityMs: 100 * 86_400_000 });
    const serving = await issueServingCertificate(ca, { hosts });
    assert.match(caProblem(ca, inDays(365)) ?? '', /CA expires at/);
    assert.match(caProblem(serving, inDays(1)) ?? '', /not a CA/);
    assert.match(caProblem({ certPem: ca.certPem }, inDays(1)) ?? '', /missing/);
    assert.match(
      caProblem({ certPem: ca.certPem, keyPem: serving.keyPem }, inDays(1)) ?? '',
      /does not match/,
    );
  });
});

describe('CA bundles', () => {
  it('joins without duplicates, keeps order, and compares as a set of certificates', async () => {
    const a = await createCertificateAuthority();
    const b = await createCertificateAuthority();
    const bundle = joinCertificates([a.certPem, b.certPem, a.certPem]);
    assert.equal(splitCertificates(bundle).length, 2);
    assert.ok(sameBundle(bundle, `${a.certPem.trim()}\n\n${b.certPem}`));
    assert.ok(sameBundle(bundle, joinCertificates([b.certPem, a.certPem])));
    assert.ok(!sameBundle(bundle, a.certPem));
    assert.equal(fingerprintSha256(splitCertificates(bundle)[0]!), fingerprintSha256(a.certPem));
    assert.ok(!sameBundle('', ''), 'an empty bundle is never "the same": it must be written');
  });
});

describe('Secret layout', () => {
  it('round-trips data and prefers tls.crt/tls.key for serving', () => {
    const data = encodeSecretData({ 'cert.pem': 'C', 'key.pem': 'K' });
    assert.deepEqual(servingPairOf(decodeSecretData(data)), { certPem: 'C', keyPem: 'K' });
    assert.deepEqual(servingPairOf({ 'tls.crt': 'T', 'tls.key': 'U', 'cert.pem': 'C', 'key.pem': 'K' }), {
      certPem: 'T',
      keyPem: 'U',
    });
    assert.equal(servingPairOf({ 'tls.crt': 'T' }), undefined);
  });
});
