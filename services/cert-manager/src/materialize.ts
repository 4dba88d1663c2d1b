// Carries out a planned step: generates what it needs and returns the next state (to be written to the Secret).
import {
  certificateInfo,
  createCertificateAuthority,
  issueServingCertificate,
  joinCertificates,
  type KeyPair,
  splitCertificates,
} from '@kruise-ts/certs';
import type { PlanSettings, RotationReason, Step } from './plan.ts';
import type { CertState } from './state.ts';

export interface MaterializeSettings extends PlanSettings {
  caValidityMs: number;
  servingValidityMs: number;
  trustDelayMs: number;
  overlapMs: number;
}

export interface Applied {
  state: CertState;
  /** Set when the serving certificate changed: webhook servers must reload. */
  servingChanged: RotationReason | undefined;
}

/** CAs from a bundle that are still worth trusting during an overlap: parseable, CA, not expired. */
function stillTrusted(bundlePem: string, now: Date): string[] {
  return splitCertificates(bundlePem).filter((pem) => {
    try {
      const info = certificateInfo(pem);
      return info.isCA && info.notAfter.getTime() > now.getTime();
    } catch {
      return false;
    }
  });
}

/**
 * @param previousBundle what clients trusted last (the bundle last injected): after a reset its CAs stay
 * trusted for the overlap window, so webhook servers still serving the old certificate are not cut off.
 */
export async function applyStep(
  step: Exclude<Step, { action: 'none' }>,
  state: CertState,
  now: Date,
  settings: MaterializeSettings,
  previousBundle = '',
): Promise<Applied> {
  const issue = (ca: KeyPair) =>
    issueServingCertificate(ca, { hosts: settings.hosts, validityMs: settings.servingValidityMs, now });
  const at = (ms: number) => new Date(now.getTime() + ms);
  const handled = { forceRotationHandled: state.forceRotation ?? state.forceRotationHandled };

  switch (step.action) {
    case 'create': {
      const ca = await createCertificateAuthority({ validityMs: settings.caValidityMs, now });
      const serving = await issue(ca);
      const old = stillTrusted(previousBundle || state.bundlePem, now);
      const overlap = old.length > 0;
      return {
        state: {
          ...state,
          ...handled,
          ca,
          serving,
          bundlePem: joinCertificates([ca.certPem, ...old]),
          nextCa: undefined,
          phase: overlap ? 'overlap' : 'stable',
          phaseUntil: overlap ? at(settings.overlapMs) : undefined,
        },
        servingChanged: step.reason,
      };
    }
    case 'start-ca-rotation': {
      const next = await createCertificateAuthority({ validityMs: settings.caValidityMs, now });
      return {
        state: {
          ...state,
          ...handled,
          nextCa: next,
          bundlePem: joinCertificates([state.ca.certPem!, next.certPem]),
          phase: 'trusting',
          phaseUntil: at(settings.trustDelayMs),
        },
        servingChanged: undefined,
      };
    }
    case 'promote-next-ca': {
      const next = state.nextCa!;
      const serving = await issue(next);
      return {
        state: {
          ...state,
          ca: next,
          serving,
          nextCa: undefined,
          bundlePem: joinCertificates([next.certPem, ...stillTrusted(state.ca.certPem!, now)]),
          phase: 'overlap',
          phaseUntil: at(settings.overlapMs),
        },
        servingChanged: 'FORCED',
      };
    }
    case 'end-overlap':
      return {
        state: {
          ...state,
          bundlePem: joinCertificates([state.ca.certPem!]),
          phase: 'stable',
          phaseUntil: undefined,
        },
        servingChanged: undefined,
      };
    case 'reissue-serving':
      return {
        state: { ...state, serving: await issue(state.ca as KeyPair) },
        servingChanged: step.reason,
      };
    case 'repair-bundle': {
      const keep = state.phase === 'stable' ? [] : stillTrusted(state.bundlePem, now);
      const next = state.phase === 'trusting' && state.nextCa !== undefined ? [state.nextCa.certPem] : [];
      return {
        state: { ...state, bundlePem: joinCertificates([state.ca.certPem!, ...next, ...keep]) },
        servingChanged: undefined,
      };
    }
  }
}
