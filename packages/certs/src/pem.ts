// PEM text handling for CA bundles: a bundle is several CERTIFICATE blocks in one string, as the apiserver
// expects in `caBundle` (base64 of the PEM) and as Node's TLS accepts in `ca`.
import { createHash, X509Certificate } from 'node:crypto';

const certificateBlock = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** The CERTIFICATE blocks of a PEM text, each normalised to end with one newline. */
export function splitCertificates(pem: string): string[] {
  return [...pem.matchAll(certificateBlock)].map((m) => `${m[0].trim()}\n`);
}

/** Joins certificates into a bundle, dropping duplicates (by DER fingerprint) and keeping first-seen order. */
export function joinCertificates(certs: readonly string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const cert of certs.flatMap(splitCertificates)) {
    const id = fingerprintSha256(cert);
    if (seen.has(id)) continue;
    seen.add(id);
    kept.push(cert);
  }
  return kept.join('');
}

/** SHA-256 of the DER form of the (first) certificate, lower-case hex without separators. */
export function fingerprintSha256(certPem: string): string {
  const der = new X509Certificate(certPem).raw;
  return createHash('sha256').update(der).digest('hex');
}

/** Fingerprints of every certificate in a bundle; unparsable blocks are skipped. */
export function bundleFingerprints(bundlePem: string): string[] {
  const out: string[] = [];
  for (const cert of splitCertificates(bundlePem)) {
    try {
      out.push(fingerprintSha256(cert));
    } catch {
      // A corrupt block is not a CA anyone can rely on; leaving it out makes the bundle look different, so it is rewritten.
    }
  }
  return out;
}

/** The same set of certificates (order and whitespace do not matter to a TLS client); never true for an empty one. */
export function sameBundle(a: string, b: string): boolean {
  const fa = new Set(bundleFingerprints(a));
  const fb = new Set(bundleFingerprints(b));
  return fa.size > 0 && fa.size === fb.size && [...fa].every((f) => fb.has(f));
}
