export type { CaOptions, CertificateRequest, KeyPair, ServingOptions } from './generate.ts';
export {
  createCertificateAuthority,
  createSigningKey,
  issueCertificate,
  issueServingCertificate,
} from './generate.ts';
export type { CertificateInfo, ServingCheck } from './inspect.ts';
export { caProblem, certificateInfo, parseCertificate, servingProblem } from './inspect.ts';
export {
  bundleFingerprints,
  fingerprintSha256,
  joinCertificates,
  sameBundle,
  splitCertificates,
} from './pem.ts';
export {
  decodeSecretData,
  encodeSecretData,
  externalSecretKeys,
  secretKeys,
  servingPairOf,
} from './secret-layout.ts';
export type { ExtendedUsage } from './x509-fields.ts';
