// Certificates for the local control plane (ECDSA P-256: fast to generate, accepted by every component).
// @peculiar/x509 resolves its ASN.1 schemas through tsyringe, which needs the Reflect metadata polyfill first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(globalThis.crypto);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export interface KeyPairPem {
  certPem: string;
  keyPem: string;
}

export interface IssuedCert extends KeyPairPem {
  cert: x509.X509Certificate;
  privateKey: CryptoKey;
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${b64.trimEnd()}\n-----END ${label}-----\n`;
}

async function generateKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
}

function serial(): string {
  // Positive 16-byte serial (the leading nibble kept below 8 so DER does not read it as negative).
  return `1${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex')}`;
}

function validity(days: number): { notBefore: Date; notAfter: Date } {
  const notBefore = new Date(Date.now() - 60_000); // tolerate small clock skew between processes
  return { notBefore, notAfter: new Date(notBefore.getTime() + days * 86_400_000) };
}

async function toIssued(cert: x509.X509Certificate, keys: CryptoKeyPair): Promise<IssuedCert> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    cert,
    privateKey: keys.privateKey,
    certPem: cert.toString('pem'),
    keyPem: pem('PRIVATE KEY', pkcs8),
  };
}

export async function createCA(commonName: string, days = 3650): Promise<IssuedCert> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${commonName}`,
    ...validity(days),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return toIssued(cert, keys);
}

export interface CertRequest {
  commonName: string;
  organizations?: string[];
  dnsNames?: string[];
  ipAddresses?: string[];
  usage: 'server' | 'client' | 'server+client';
  days?: number;
}

export async function issueCert(ca: IssuedCert, req: CertRequest): Promise<IssuedCert> {
  const keys = await generateKeys();
  const orgs = (req.organizations ?? []).map((o) => `, O=${o}`).join('');
  const eku: string[] = [];
  if (req.usage.includes('server')) eku.push(x509.ExtendedKeyUsage.serverAuth);
  if (req.usage.includes('client')) eku.push(x509.ExtendedKeyUsage.clientAuth);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
      true,
    ),
    new x509.ExtendedKeyUsageExtension(eku),
    await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
  ];
  const names = [
    ...(req.dnsNames ?? []).map((value) => ({ type: 'dns' as const, value })),
    ...(req.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${req.commonName}${orgs}`,
    issuer: ca.cert.subject,
    ...validity(req.days ?? 3650),
    signingAlgorithm: algorithm,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    extensions,
  });
  return toIssued(cert, keys);
}

/** A bare key pair (the service-account token signer). */
export async function createSigningKey(): Promise<{ keyPem: string; publicKeyPem: string }> {
  const keys = await generateKeys();
  return {
    keyPem: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    publicKeyPem: pem('PUBLIC KEY', await webcrypto.subtle.exportKey('spki', keys.publicKey)),
  };
}
