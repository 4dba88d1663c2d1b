// Self-signed CA and CA-signed serving certificates for webhook servers, built with node:crypto and the DER
// pieces in x509-fields.ts. ECDSA P-256 rather than Kruise's RSA 2048: generation takes milliseconds instead of a
// second, which matters when a rotation is forced in tests, and the apiserver accepts it as a webhook server
// certificate. A CA supplied by the user may also hold an RSA key.
import {
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Der } from './der.ts';
import {
  authorityKeyIdentifier,
  basicConstraints,
  distinguishedName,
  type ExtendedUsage,
  extendedKeyUsage,
  issuerFields,
  KeyUsageBit,
  keyIdentifier,
  keyUsage,
  signatureAlgorithm,
  signedCertificate,
  subjectAltName,
  subjectKeyIdentifier,
  tbsCertificate,
} from './x509-fields.ts';

const generateEcKeyPair = promisify(generateKeyPair);
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

export interface CertificateRequest {
  commonName: string;
  /** Subject organizations: for a Kubernetes client certificate, its groups. */
  organizations?: readonly string[];
  /** DNS names and IP addresses (subjectAltName); none for a pure client certificate. */
  hosts?: readonly string[];
  usages: readonly ExtendedUsage[];
  validityMs?: number;
  now?: Date;
}

export interface ServingOptions {
  /** DNS names and IP addresses the certificate is valid for; the first one is also the CN. */
  hosts: readonly string[];
  validityMs?: number;
  now?: Date;
}

function certificatePem(der: Der): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${b64.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

function serial(): Uint8Array {
  // 16 random bytes, the first kept in 0x40–0x7f: positive, and always 16 bytes long in DER.
  const bytes = randomBytes(16);
  bytes[0] = 0x40 | ((bytes[0] ?? 0) & 0x3f);
  return bytes;
}

async function generateKeys(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return await generateEcKeyPair('ec', { namedCurve: 'P-256' });
}

function privateKeyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

interface Signed {
  issuer: Der;
  subject: Der;
  publicKey: KeyObject;
  signingKey: KeyObject;
  validity: { notBefore: Date; notAfter: Date };
  extensions: readonly Der[];
}

function signCertificate(c: Signed): string {
  const algorithm = signatureAlgorithm(c.signingKey);
  const tbs = tbsCertificate({
    serial: serial(),
    signature: algorithm,
    issuer: c.issuer,
    ...c.validity,
    subject: c.subject,
    publicKey: c.publicKey,
    extensions: c.extensions,
  });
  return certificatePem(signedCertificate(tbs, algorithm, sign('sha256', tbs, c.signingKey)));
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
  const name = distinguishedName(options.commonName ?? 'webhook-cert-ca');
  const certPem = signCertificate({
    issuer: name,
    subject: name,
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
    validity: validity(options, 3650 * dayMs),
    extensions: [
      basicConstraints(true),
      keyUsage([KeyUsageBit.digitalSignature, KeyUsageBit.keyEncipherment, KeyUsageBit.keyCertSign]),
      subjectKeyIdentifier(keyIdentifier(keys.publicKey)),
    ],
  });
  return { certPem, keyPem: privateKeyPem(keys.privateKey) };
}

/** A serving certificate (ExtKeyUsage serverAuth) for `hosts`, signed by `ca` (default 1 year). */
export async function issueServingCertificate(ca: KeyPair, options: ServingOptions): Promise<KeyPair> {
  const [first] = options.hosts;
  if (first === undefined) throw new Error('a serving certificate needs at least one host');
  return await issueCertificate(ca, { ...options, commonName: first, usages: ['serverAuth'] });
}

/** A certificate for a server, a client or both, signed by `ca` (default 1 year). */
export async function issueCertificate(ca: KeyPair, request: CertificateRequest): Promise<KeyPair> {
  let issuer: ReturnType<typeof issuerFields>;
  try {
    issuer = issuerFields(new X509Certificate(ca.certPem));
  } catch (err) {
    throw new Error('the CA certificate cannot be parsed', { cause: err });
  }
  let signingKey: KeyObject;
  try {
    signingKey = createPrivateKey(ca.keyPem);
  } catch (err) {
    throw new Error('the CA key cannot be read (PEM, PKCS#8 or PKCS#1/SEC 1)', { cause: err });
  }
  const keys = await generateKeys();
  const hosts = request.hosts ?? [];
  const certPem = signCertificate({
    issuer: issuer.subject,
    subject: distinguishedName(request.commonName, request.organizations),
    publicKey: keys.publicKey,
    signingKey,
    validity: validity(request, 365 * dayMs),
    extensions: [
      basicConstraints(false),
      keyUsage([KeyUsageBit.digitalSignature, KeyUsageBit.keyEncipherment]),
      extendedKeyUsage(request.usages),
      authorityKeyIdentifier(issuer.keyId),
      ...(hosts.length === 0 ? [] : [subjectAltName(hosts)]),
    ],
  });
  return { certPem, keyPem: privateKeyPem(keys.privateKey) };
}

/** A bare key pair, PEM (e.g. a service-account token signer). */
export async function createSigningKey(): Promise<{ keyPem: string; publicKeyPem: string }> {
  const keys = await generateKeys();
  return {
    keyPem: privateKeyPem(keys.privateKey),
    publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
