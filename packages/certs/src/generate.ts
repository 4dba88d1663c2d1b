// Self-signed CA and CA-signed serving certificates for webhook servers. ECDSA P-256 rather than Kruise's
// RSA 2048: generation takes milliseconds instead of a second, which matters when a rotation is forced in tests,
// and the apiserver accepts it as a webhook server certificate.
// @peculiar/x509 resolves its ASN.1 schemas through tsyringe, which needs the Reflect metadata polyfill first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(globalThis.crypto);

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const dayMs = 86_400_000;
/** Certificates start a minute in the past so a peer whose clock runs slightly behind still accepts them. */
const backdateMs = 60_000;

/** A certificate and its private key, both PEM. */
export interface KeyPair {
  certPem: string;
  keyPem: string;
}

export interface CaOptions {
  commonName?: string;
  validityMs?: number;
  now?: Date;
}

export interface ServingOptions {
  /** DNS names and IP addresses the certificate is valid for; the first one is also the CN. */
  hosts: readonly string[];
  validityMs?: number;
  now?: Date;
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${b64.trimEnd()}\n-----END ${label}-----\n`;
}

function serial(): string {
  // Positive 16-byte serial: the leading byte kept below 0x80 so DER does not read it as negative.
  return `1${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex')}`;
}

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

async function exportKey(key: webcrypto.CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', key));
}

async function importKey(keyPem: string): Promise<webcrypto.CryptoKey> {
  const der = Buffer.from(keyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  try {
    return await webcrypto.subtle.importKey('pkcs8', der, algorithm, true, ['sign']);
  } catch (err) {
    throw new Error('the CA key is not a PKCS#8 ECDSA P-256 key', { cause: err });
  }
}

function validity(options: { validityMs?: number; now?: Date }, defaultMs: number) {
  const now = options.now ?? new Date();
  return {
    notBefore: new Date(now.getTime() - backdateMs),
    notAfter: new Date(now.getTime() + (options.validityMs ?? defaultMs)),
  };
}

/** A new self-signed CA (default 10 years, as Kruise's). */
export async function createCertificateAuthority(options: CaOptions = {}): Promise<KeyPair> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${options.commonName ?? 'webhook-cert-ca'}`,
    ...validity(options, 3650 * dayMs),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign |
          x509.KeyUsageFlags.digitalSignature |
          x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}

/** A serving certificate (ExtKeyUsage serverAuth) for `hosts`, signed by `ca` (default 1 year). */
export async function issueServingCertificate(ca: KeyPair, options: ServingOptions): Promise<KeyPair> {
  const [first] = options.hosts;
  if (first === undefined) throw new Error('a serving certificate needs at least one host');
  let caCert: x509.X509Certificate;
  try {
    caCert = new x509.X509Certificate(ca.certPem);
  } catch (err) {
    throw new Error('the CA certificate cannot be parsed', { cause: err });
  }
  const signingKey = await importKey(ca.keyPem);
  const keys = await generateKeys();
  const names = options.hosts.map((value) => ({
    type: isIP(value) ? ('ip' as const) : ('dns' as const),
    value,
  }));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${first}`,
    issuer: caCert.subject,
    ...validity(options, 365 * dayMs),
    signingAlgorithm: algorithm,
    publicKey: keys.publicKey,
    signingKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
      new x509.SubjectAlternativeNameExtension(names),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await exportKey(keys.privateKey) };
}
