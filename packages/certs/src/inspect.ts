// Validity checks on stored certificates, with Node's own X.509 parser: each returns what is wrong in words
// (for logs and rotation reasons), or undefined when the material is usable.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';

export interface CertificateInfo {
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER, lower-case hex. */
  fingerprintSha256: string;
  dnsNames: string[];
  ipAddresses: string[];
  isCA: boolean;
}

export function parseCertificate(certPem: string): X509Certificate {
  try {
    return new X509Certificate(certPem);
  } catch (err) {
    throw new Error('not a PEM X.509 certificate', { cause: err });
  }
}

export function certificateInfo(certPem: string): CertificateInfo {
  const cert = parseCertificate(certPem);
  const sans = (cert.subjectAltName ?? '').split(/,\s*/).filter((s) => s !== '');
  return {
    serialNumber: cert.serialNumber,
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
    fingerprintSha256: cert.fingerprint256.replaceAll(':', '').toLowerCase(),
    dnsNames: sans.filter((s) => s.startsWith('DNS:')).map((s) => s.slice(4)),
    ipAddresses: sans.filter((s) => s.startsWith('IP Address:')).map((s) => s.slice(11)),
    isCA: cert.ca,
  };
}

function keyMatches(cert: X509Certificate, keyPem: string): boolean {
  try {
    return cert.checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** Why a CA cannot sign serving certificates until `until`, or undefined if it can. */
export function caProblem(ca: { certPem?: string; keyPem?: string }, until: Date): string | undefined {
  if (!ca.certPem || !ca.keyPem) return 'the CA certificate or key is missing';
  let cert: X509Certificate;
  try {
    cert = parseCertificate(ca.certPem);
  } catch {
    return 'the CA certificate cannot be parsed';
  }
  if (!cert.ca) return 'the CA certificate is not a CA';
  if (!keyMatches(cert, ca.keyPem)) return 'the CA key does not match the CA certificate';
  if (new Date(cert.validTo) <= until) return `the CA expires at ${new Date(cert.validTo).toISOString()}`;
  return undefined;
}

export interface ServingCheck {
  certPem?: string;
  keyPem?: string;
  caCertPem: string;
  /** Every host must be covered (DNS SAN or IP SAN). */
  hosts: readonly string[];
  /** The certificate must still be valid then (now + renewBefore). */
  until: Date;
}

/** Why a serving certificate needs re-issuing, or undefined if it is good until `until`. */
export function servingProblem(check: ServingCheck): string | undefined {
  if (!check.certPem || !check.keyPem) return 'the serving certificate or key is missing';
  let cert: X509Certificate;
  let ca: X509Certificate;
  try {
    cert = parseCertificate(check.certPem);
    ca = parseCertificate(check.caCertPem);
  } catch {
    return 'the serving certificate cannot be parsed';
  }
  if (!keyMatches(cert, check.keyPem)) return 'the serving key does not match the certificate';
  if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey))
    return 'the serving certificate is not signed by the CA';
  for (const host of check.hosts) {
    const covered = isIP(host) ? cert.checkIP(host) !== undefined : cert.checkHost(host) !== undefined;
    if (!covered) return `the serving certificate does not cover ${host}`;
  }
  if (new Date(cert.validTo) <= check.until) {
    return `the serving certificate expires at ${new Date(cert.validTo).toISOString()}`;
  }
  if (new Date(cert.validFrom) > check.until) return 'the serving certificate is not valid yet';
  return undefined;
}
