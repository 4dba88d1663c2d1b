// The webhook certificate Secret as both services read it. Keys are Kruise's (pkg/webhook/util/writer/secret.go),
// so a Secret written by Kruise is read as is; the `ca-bundle.pem` and `next-ca-*` keys are kruise-ts's own,
// for CA rotation with an overlap window (Kruise never rotates a CA while it is valid).

export const secretKeys = {
  caCert: 'ca-cert.pem',
  caKey: 'ca-key.pem',
  cert: 'cert.pem',
  key: 'key.pem',
  tlsCert: 'tls.crt',
  tlsKey: 'tls.key',
  /** Every CA webhook clients must trust now: the signing CA, plus the previous or next one during a rotation. */
  caBundle: 'ca-bundle.pem',
  /** The CA being introduced: trusted (in the bundle) before anything is signed by it. */
  nextCaCert: 'next-ca-cert.pem',
  nextCaKey: 'next-ca-key.pem',
} as const;

/** An externally managed Secret (Kruise's EnableExternalCerts): cert-manager only reads it. */
export const externalSecretKeys = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  tlsCert: 'tls.crt',
  tlsKey: 'tls.key',
} as const;

/** Secret `data` (base64 values) as text; values that are not valid base64 text decode to what Buffer makes of them. */
export function decodeSecretData(data: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data ?? {}))
    out[key] = Buffer.from(value, 'base64').toString('utf8');
  return out;
}

export function encodeSecretData(data: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) out[key] = Buffer.from(value, 'utf8').toString('base64');
  return out;
}

/** The pair a webhook server serves: `tls.crt`/`tls.key` (written by both layouts), else Kruise's `cert.pem`/`key.pem`. */
export function servingPairOf(
  decoded: Record<string, string>,
): { certPem: string; keyPem: string } | undefined {
  const certPem = decoded[secretKeys.tlsCert] || decoded[secretKeys.cert];
  const keyPem = decoded[secretKeys.tlsKey] || decoded[secretKeys.key];
  if (!certPem || !keyPem) return undefined;
  return { certPem, keyPem };
}
