import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { connect, createServer } from 'node:tls';
import { integer, oid, oidText, readElements, time } from '../../src/der.ts';
import {
  createCertificateAuthority,
  createSigningKey,
  issueCertificate,
  issueServingCertificate,
  servingProblem,
} from '../../src/index.ts';
import { ipBytes } from '../../src/x509-fields.ts';

const dir = mkdtempSync(join(tmpdir(), 'certs-x509-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const openssl = (...args: string[]): string => execFileSync('openssl', args, { encoding: 'utf8' });
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('DER encodings', () => {
  it('encodes integers with a sign byte only where the top bit is set', () => {
    const cases: [number, string][] = [
      [0, '020100'],
      [2, '020102'],
      [127, '02017f'],
      [128, '02020080'],
      [65_535, '020300ffff'],
    ];
    for (const [value, want] of cases) assert.equal(hex(integer(value)), want, `integer(${value})`);
  });

  it('encodes object identifiers in base 128 and reads them back', () => {
    const cases: [string, string][] = [
      ['2.5.29.19', '0603551d13'],
      ['1.2.840.10045.4.3.2', '06082a8648ce3d040302'],
      ['1.3.6.1.5.5.7.3.1', '06082b06010505070301'],
    ];
    for (const [dotted, want] of cases) {
      assert.equal(hex(oid(dotted)), want, dotted);
      const [element] = readElements(oid(dotted));
      assert.equal(oidText(element?.contents ?? new Uint8Array()), dotted);
    }
  });

  it('writes UTCTime through 2049 and GeneralizedTime from 2050 (RFC 5280 4.1.2.5)', () => {
    assert.equal(
      Buffer.from(time(new Date('2049-12-31T23:59:59.900Z'))).toString('latin1'),
      '\x17\x0d491231235959Z',
    );
    assert.equal(
      Buffer.from(time(new Date('2050-01-01T00:00:00Z'))).toString('latin1'),
      '\x18\x0f20500101000000Z',
    );
  });

  it('reads IPv4 and IPv6 addresses as the bytes of an iPAddress name', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', '7f000001'],
      ['::1', '00000000000000000000000000000001'],
      ['2001:db8::8:800:200c:417a', '20010db8000000000008080020 0c417a'.replace(' ', '')],
      ['::ffff:10.0.0.1', '00000000000000000000ffff0a000001'],
      ['fe80::1', 'fe800000000000000000000000000001'],
    ];
    for (const [address, want] of cases) assert.equal(hex(ipBytes(address)), want, address);
  });
});

describe('certificates as other X.509 implementations read them', () => {
  const hosts = ['kruise-webhook-service.kruise-system.svc', 'localhost', '127.0.0.1', '::1'];

  it('a serving certificate verifies for TLS server use against its CA with OpenSSL', async () => {
    const ca = await createCertificateAuthority();
    const serving = await issueServingCertificate(ca, { hosts });
    const caFile = file('ca.pem', ca.certPem);
    const certFile = file('serving.pem', serving.certPem);
    assert.match(
      openssl('verify', '-x509_strict', '-purpose', 'sslserver', '-CAfile', caFile, certFile),
      /: OK/,
    );

    const caText = openssl('x509', '-in', caFile, '-noout', '-text');
    assert.match(caText, /CA:TRUE, pathlen:0/);
    assert.match(caText, /Digital Signature, Key Encipherment, Certificate Sign/);
    assert.match(caText, /Subject: CN\s?=\s?webhook-cert-ca/);
    const text = openssl('x509', '-in', certFile, '-noout', '-text');
    assert.match(text, /Version: 3/);
    assert.match(text, /Signature Algorithm: ecdsa-with-SHA256/);
    assert.match(text, /CA:FALSE/);
    assert.match(text, /TLS Web Server Authentication/);
    assert.match(
      text,
      /DNS:kruise-webhook-service\.kruise-system\.svc, DNS:localhost, IP Address:127\.0\.0\.1, IP Address:0:0:0:0:0:0:0:1/,
    );
    const ski = /Subject Key Identifier:\s*\n\s*([0-9A-F:]+)/.exec(caText)?.[1];
    assert.ok(ski, 'the CA has a subject key identifier');
    assert.match(text, new RegExp(`Authority Key Identifier:\\s*\\n\\s*(keyid:)?${ski}`));
  });

  it('serves TLS to a client that trusts only the CA', async () => {
    const ca = await createCertificateAuthority();
    const serving = await issueServingCertificate(ca, { hosts });
    const server = createServer({ cert: serving.certPem, key: serving.keyPem }, (socket) => socket.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      assert.ok(address !== null && typeof address === 'object');
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect({
          host: '127.0.0.1',
          port: address.port,
          servername: 'localhost',
          ca: ca.certPem,
        });
        let data = '';
        socket.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      assert.equal(reply, 'ok');
    } finally {
      server.close();
    }
  });

  it('issues under a CA the user made with OpenSSL, RSA key and a multi-part subject included', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const keyFile = file('user-ca.key', keyPem);
    const caFile = join(dir, 'user-ca.pem');
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      keyFile,
      '-out',
      caFile,
      '-days',
      '30',
      '-subj',
      '/O=Example Corp/CN=Example CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    );
    const ca = { certPem: openssl('x509', '-in', caFile), keyPem };
    const serving = await issueServingCertificate(ca, { hosts: ['webhook.example.svc'] });
    const until = new Date(Date.now() + 86_400_000);
    assert.equal(
      servingProblem({ ...serving, caCertPem: ca.certPem, hosts: ['webhook.example.svc'], until }),
      undefined,
    );
    assert.match(
      openssl('verify', '-x509_strict', '-CAfile', caFile, file('user-serving.pem', serving.certPem)),
      /: OK/,
    );
    assert.match(
      openssl('x509', '-in', join(dir, 'user-serving.pem'), '-noout', '-text'),
      /sha256WithRSAEncryption/,
    );
  });

  it('issues a client certificate whose organizations Kubernetes reads as groups', async () => {
    const ca = await createCertificateAuthority({ commonName: 'cluster-ca' });
    const admin = await issueCertificate(ca, {
      commonName: 'kruise-ts-admin',
      organizations: ['system:masters'],
      usages: ['clientAuth'],
    });
    const certFile = file('admin.pem', admin.certPem);
    assert.match(
      openssl(
        'verify',
        '-x509_strict',
        '-purpose',
        'sslclient',
        '-CAfile',
        file('cluster-ca.pem', ca.certPem),
        certFile,
      ),
      /: OK/,
    );
    const text = openssl('x509', '-in', certFile, '-noout', '-text');
    assert.match(text, /Subject: CN\s?=\s?kruise-ts-admin, O\s?=\s?system:masters/);
    assert.match(text, /TLS Web Client Authentication/);
    assert.doesNotMatch(text, /Subject Alternative Name/);
    const signer = await createSigningKey();
    assert.match(signer.publicKeyPem, /^-----BEGIN PUBLIC KEY-----/);
    assert.match(signer.keyPem, /^-----BEGIN PRIVATE KEY-----/);
  });

  it('refuses a CA key it cannot sign with, saying why', async () => {
    const ca = await createCertificateAuthority();
    await assert.rejects(
      issueServingCertificate({ ...ca, keyPem: 'not a key' }, { hosts }),
      /CA key cannot be read/,
    );
    const { privateKey } = generateKeyPairSync('ed448');
    const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await assert.rejects(issueServingCertificate({ ...ca, keyPem }, { hosts }), /must be ECDSA or RSA/);
    await assert.rejects(
      issueServingCertificate({ ...ca, certPem: 'garbage' }, { hosts }),
      /CA certificate cannot be parsed/,
    );
  });
});
