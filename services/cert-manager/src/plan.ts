// What to do with the stored certificates now: a pure function of the state, the clock and the settings, so
// every branch of the rotation is a table test. Generating keys and writing happen in materialize.ts/manager.ts.
//
// A CA rotation has three steps so that no admission request ever meets a certificate its caller does not trust:
//   1. trusting: the next CA joins the bundle (old + next) everywhere; the old CA still signs what is served.
//   2. overlap:  after trustDelay the serving certificate is re-issued by the new CA; the bundle is new + old, so
//                webhook servers that have not reloaded yet (old certificate) are still trusted.
//   3. stable:   after overlap the old CA leaves the bundle.
import {
  bundleFingerprints,
  caProblem,
  certificateInfo,
  fingerprintSha256,
  servingProblem,
} from '@kruise-ts/certs';
import type { CertState } from './state.ts';

export type RotationReason = 'CREATED' | 'EXPIRING' | 'RESET' | 'FORCED';

export type Step =
  /** No usable CA: new CA and serving certificate at once (nothing trusted is left to overlap with). */
  | { action: 'create'; reason: 'CREATED' | 'RESET'; why: string }
  /** Generate the next CA and trust it alongside the current one. */
  | { action: 'start-ca-rotation'; reason: 'EXPIRING' | 'FORCED'; why: string }
  /** Re-issue the serving certificate from the next CA, which becomes the signing CA. */
  | { action: 'promote-next-ca'; why: string }
  /** Drop the old CA from the bundle. */
  | { action: 'end-overlap'; why: string }
  /** Re-issue the serving certificate from the current CA (the CA is fine). */
  | { action: 'reissue-serving'; reason: 'EXPIRING' | 'RESET'; why: string }
  /** The bundle lacks the signing CA (or was reset): rewrite it. */
  | { action: 'repair-bundle'; why: string }
  | { action: 'none'; nextCheckAt: Date | undefined };

export interface PlanSettings {
  hosts: readonly string[];
  renewBeforeMs: number;
  caRenewBeforeMs: number;
}

function safeFingerprint(pem: string | undefined): string | undefined {
  if (pem === undefined) return undefined;
  try {
    return fingerprintSha256(pem);
  } catch {
    return undefined;
  }
}

function notAfter(pem: string | undefined): number | undefined {
  if (pem === undefined) return undefined;
  try {
    return certificateInfo(pem).notAfter.getTime();
  } catch {
    return undefined;
  }
}

export function planStep(state: CertState, now: Date, settings: PlanSettings, secretExists: boolean): Step {
  const caIssue = caProblem(state.ca, now);
  if (caIssue !== undefined) {
    return secretExists
      ? { action: 'create', reason: 'RESET', why: caIssue }
      : { action: 'create', reason: 'CREATED', why: 'no certificate Secret' };
  }
  const caPem = state.ca.certPem!;
  const due = (until: Date | undefined) => until === undefined || until.getTime() <= now.getTime();

  if (state.phase === 'trusting') {
    if (state.nextCa === undefined || caProblem(state.nextCa, now) !== undefined) {
      return {
        action: 'start-ca-rotation',
        reason: 'FORCED',
        why: 'the next CA of a rotation in progress is unusable',
      };
    }
    if (due(state.phaseUntil))
      return { action: 'promote-next-ca', why: 'the next CA has been trusted long enough' };
    return { action: 'none', nextCheckAt: state.phaseUntil };
  }
  if (state.phase === 'overlap') {
    if (due(state.phaseUntil)) return { action: 'end-overlap', why: 'the overlap window is over' };
  }

  if (state.phase === 'stable') {
    if (state.forceRotation !== undefined && state.forceRotation !== state.forceRotationHandled) {
      return {
        action: 'start-ca-rotation',
        reason: 'FORCED',
        why: `rotation requested (${state.forceRotation})`,
      };
    }
    const caUntil = new Date(now.getTime() + settings.caRenewBeforeMs);
    const caExpiring = caProblem(state.ca, caUntil);
    if (caExpiring !== undefined) return { action: 'start-ca-rotation', reason: 'EXPIRING', why: caExpiring };
  }

  const servingIssue = servingProblem({
    certPem: state.serving.certPem,
    keyPem: state.serving.keyPem,
    caCertPem: caPem,
    hosts: settings.hosts,
    until: new Date(now.getTime() + settings.renewBeforeMs),
  });
  if (servingIssue !== undefined) {
    return {
      action: 'reissue-serving',
      reason: servingIssue.includes('expires at') ? 'EXPIRING' : 'RESET',
      why: servingIssue,
    };
  }

  const trusted = bundleFingerprints(state.bundlePem);
  const caId = safeFingerprint(caPem);
  if (caId === undefined || !trusted.includes(caId)) {
    return { action: 'repair-bundle', why: 'the CA bundle does not contain the signing CA' };
  }
  if (state.phase === 'stable' && trusted.length !== 1) {
    return { action: 'repair-bundle', why: 'the CA bundle holds CAs no rotation needs' };
  }

  const checks: number[] = [];
  if (state.phase === 'overlap' && state.phaseUntil !== undefined) checks.push(state.phaseUntil.getTime());
  const servingEnd = notAfter(state.serving.certPem);
  if (servingEnd !== undefined) checks.push(servingEnd - settings.renewBeforeMs);
  const caEnd = notAfter(caPem);
  if (caEnd !== undefined) checks.push(caEnd - settings.caRenewBeforeMs);
  const next = checks.length > 0 ? new Date(Math.min(...checks)) : undefined;
  return { action: 'none', nextCheckAt: next };
}
