// The certificate state kept in the Secret: Kruise's keys, plus the CA bundle and rotation phase kruise-ts adds
// so that a rotation survives a restart or a change of leader half-way.
import { decodeSecretData, encodeSecretData, type KeyPair, secretKeys } from '@kruise-ts/certs';

export type RotationPhase = 'stable' | 'trusting' | 'overlap';

export const annotations = {
  /** stable | trusting (next CA trusted, not used yet) | overlap (new CA used, old one still trusted). */
  phase: 'certs.kruise-ts.io/rotation-phase',
  /** When the current phase may end (RFC 3339). */
  phaseUntil: 'certs.kruise-ts.io/phase-until',
  /** Set to any new value to force a CA rotation (tests, or an operator after a key leak). */
  forceRotation: 'certs.kruise-ts.io/force-rotation',
  /** The force-rotation value already acted on. */
  forceRotationHandled: 'certs.kruise-ts.io/force-rotation-handled',
} as const;

export interface CertState {
  ca: Partial<KeyPair>;
  serving: Partial<KeyPair>;
  /** PEM of every CA clients must trust; '' when absent. */
  bundlePem: string;
  nextCa: KeyPair | undefined;
  phase: RotationPhase;
  phaseUntil: Date | undefined;
  forceRotation: string | undefined;
  forceRotationHandled: string | undefined;
}

export interface SecretLike {
  metadata?: { annotations?: Record<string, string> };
  data?: Record<string, string>;
}

function phaseOf(value: string | undefined): RotationPhase {
  return value === 'trusting' || value === 'overlap' ? value : 'stable';
}

function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function optional(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export function stateFromSecret(secret: SecretLike): CertState {
  const data = decodeSecretData(secret.data);
  const notes = secret.metadata?.annotations ?? {};
  const nextCert = data[secretKeys.nextCaCert];
  const nextKey = data[secretKeys.nextCaKey];
  return {
    ca: { certPem: optional(data[secretKeys.caCert]), keyPem: optional(data[secretKeys.caKey]) },
    serving: { certPem: optional(data[secretKeys.cert]), keyPem: optional(data[secretKeys.key]) },
    bundlePem: data[secretKeys.caBundle] ?? '',
    nextCa: nextCert && nextKey ? { certPem: nextCert, keyPem: nextKey } : undefined,
    phase: phaseOf(notes[annotations.phase]),
    phaseUntil: dateOf(notes[annotations.phaseUntil]),
    forceRotation: optional(notes[annotations.forceRotation]),
    forceRotationHandled: optional(notes[annotations.forceRotationHandled]),
  };
}

/** Secret `data` and the annotations cert-manager owns, for a state. */
export function secretContent(state: CertState): {
  data: Record<string, string>;
  annotations: Record<string, string>;
} {
  const text: Record<string, string> = {};
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') text[key] = value;
  };
  put(secretKeys.caCert, state.ca.certPem);
  put(secretKeys.caKey, state.ca.keyPem);
  put(secretKeys.cert, state.serving.certPem);
  put(secretKeys.key, state.serving.keyPem);
  // Kruise writes the serving pair twice; its webhook server reads tls.*.
  put(secretKeys.tlsCert, state.serving.certPem);
  put(secretKeys.tlsKey, state.serving.keyPem);
  put(secretKeys.caBundle, state.bundlePem);
  put(secretKeys.nextCaCert, state.nextCa?.certPem);
  put(secretKeys.nextCaKey, state.nextCa?.keyPem);
  const notes: Record<string, string> = { [annotations.phase]: state.phase };
  if (state.phaseUntil !== undefined) notes[annotations.phaseUntil] = state.phaseUntil.toISOString();
  if (state.forceRotationHandled !== undefined)
    notes[annotations.forceRotationHandled] = state.forceRotationHandled;
  return { data: encodeSecretData(text), annotations: notes };
}

export const emptyState: CertState = {
  ca: {},
  serving: {},
  bundlePem: '',
  nextCa: undefined,
  phase: 'stable',
  phaseUntil: undefined,
  forceRotation: undefined,
  forceRotationHandled: undefined,
};
