// The rotation state machine, step by step (docs/behaviour/webhook-certificates.md#certificates: regenerate when missing, corrupted,
// not covering the DNS names or expiring within renewBefore; kruise-ts adds the CA overlap).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bundleFingerprints,
  createCertificateAuthority,
  fingerprintSha256,
  issueServingCertificate,
  joinCertificates,
} from '@kruise-ts/certs';
import { applyStep, type MaterializeSettings } from '../../src/materialize.ts';
import { planStep, type Step } from '../../src/plan.ts';
import { type CertState, emptyState, secretContent, stateFromSecret } from '../../src/state.ts';

const dayMs = 86_400_000;
const settings: MaterializeSettings = {
  hosts: ['svc.ns.svc', 'localhost', '127.0.0.1'],
  renewBeforeMs: 30 * dayMs,
  caRenewBeforeMs: 365 * dayMs,
  caValidityMs: 3650 * dayMs,
  servingValidityMs: 365 * dayMs,
  trustDelayMs: 5_000,
  overlapMs: 60_000,
};
const now = new Date();
const later = (ms: number) => new Date(now.getTime() + ms);

async function stableState(): Promise<CertState> {
  const ca = await createCertificateAuthority();
  const serving = await issueServingCertificate(ca, { hosts: settings.hosts });
  return { ...emptyState, ca, serving, bundlePem: ca.certPem };
}

async function step(state: CertState, at = now, exists = true): Promise<{ step: Step; next?: CertState }> {
  const planned = planStep(state, at, settings, exists);
  if (planned.action === 'none') return { step: planned };
  return { step: planned, next: (await applyStep(planned, state, at, settings)).state };
}

describe('planStep', () => {
  it('creates everything when there is no Secret, then has nothing to do', async () => {
    const first = await step(emptyState, now, false);
    assert.equal(first.step.action, 'create');
    assert.equal((first.step as { reason: string }).reason, 'CREATED');
    const second = await step(first.next!);
    assert.equal(second.step.action, 'none');
    assert.equal(first.next!.phase, 'stable');
    assert.equal(bundleFingerprints(first.next!.bundlePem).length, 1);
  });

  it('regenerates a corrupted Secret (reason RESET)', async () => {
    const state = await stableState();
    const planned = planStep(
      { ...state, ca: { certPem: 'junk', keyPem: state.ca.keyPem } },
      now,
      settings,
      true,
    );
    assert.deepEqual([planned.action, (planned as { reason?: string }).reason], ['create', 'RESET']);
  });

  it('re-issues only the serving certificate when it expires within renewBefore, keeping the CA', async () => {
    const state = await stableState();
    const short = await issueServingCertificate(state.ca as { certPem: string; keyPem: string }, {
      hosts: settings.hosts,
      validityMs: 10 * dayMs,
    });
    const { step: planned, next } = await step({ ...state, serving: short });
    assert.deepEqual(
      [planned.action, (planned as { reason?: string }).reason],
      ['reissue-serving', 'EXPIRING'],
    );
    assert.equal(next!.ca.certPem, state.ca.certPem);
    assert.notEqual(next!.serving.certPem, short.certPem);
  });

  it('re-issues the serving certificate when a host is not covered (DNS name changed)', async () => {
    const state = await stableState();
    const planned = planStep(state, now, { ...settings, hosts: [...settings.hosts, 'new.ns.svc'] }, true);
    assert.deepEqual([planned.action, (planned as { reason?: string }).reason], ['reissue-serving', 'RESET']);
  });

  it('repairs a bundle that lost the signing CA', async () => {
    const state = await stableState();
    const { step: planned, next } = await step({ ...state, bundlePem: '' });
    assert.equal(planned.action, 'repair-bundle');
    assert.deepEqual(bundleFingerprints(next!.bundlePem), [fingerprintSha256(state.ca.certPem!)]);
  });

  it('rotates the CA in three steps with old and new CA trusted throughout', async () => {
    const s0 = { ...(await stableState()), forceRotation: 'r1' };
    const oldCa = fingerprintSha256(s0.ca.certPem!);

    const a = await step(s0);
    assert.deepEqual(
      [a.step.action, (a.step as { reason?: string }).reason],
      ['start-ca-rotation', 'FORCED'],
    );
    const s1 = a.next!;
    assert.equal(s1.phase, 'trusting');
    assert.equal(s1.forceRotationHandled, 'r1');
    assert.equal(s1.serving.certPem, s0.serving.certPem, 'still serving the old certificate');
    const newCa = fingerprintSha256(s1.nextCa!.certPem);
    assert.deepEqual(bundleFingerprints(s1.bundlePem), [oldCa, newCa]);

    assert.equal((await step(s1, later(1_000))).step.action, 'none', 'waits out the trust delay');
    const b = await step(s1, later(settings.trustDelayMs));
    assert.equal(b.step.action, 'promote-next-ca');
    const s2 = b.next!;
    assert.equal(s2.phase, 'overlap');
    assert.equal(fingerprintSha256(s2.ca.certPem!), newCa);
    assert.notEqual(s2.serving.certPem, s0.serving.certPem);
    assert.deepEqual(bundleFingerprints(s2.bundlePem), [newCa, oldCa]);

    const mid = planStep(s2, later(settings.trustDelayMs + 1_000), settings, true);
    assert.equal(mid.action, 'none');
    const c = await step(s2, later(settings.trustDelayMs + settings.overlapMs));
    assert.equal(c.step.action, 'end-overlap');
    assert.deepEqual(bundleFingerprints(c.next!.bundlePem), [newCa]);
    assert.equal(c.next!.phase, 'stable');
    assert.equal(
      (await step(c.next!, later(settings.trustDelayMs + settings.overlapMs))).step.action,
      'none',
      'the handled force-rotation value does not rotate again',
    );
  });

  it('starts a CA rotation when the CA expires within caRenewBefore', async () => {
    const ca = await createCertificateAuthority({ validityMs: 200 * dayMs });
    const serving = await issueServingCertificate(ca, { hosts: settings.hosts, validityMs: 100 * dayMs });
    const planned = planStep({ ...emptyState, ca, serving, bundlePem: ca.certPem }, now, settings, true);
    assert.deepEqual(
      [planned.action, (planned as { reason?: string }).reason],
      ['start-ca-rotation', 'EXPIRING'],
    );
  });

  it('after a reset keeps the previously trusted CAs for the overlap window', async () => {
    const before = await stableState();
    const planned = planStep(emptyState, now, settings, true);
    assert.equal(planned.action, 'create');
    const applied = await applyStep(planned, emptyState, now, settings, before.bundlePem);
    assert.equal(applied.state.phase, 'overlap');
    assert.equal(bundleFingerprints(applied.state.bundlePem).length, 2);
    assert.equal(applied.servingChanged, 'RESET');
  });

  it('schedules the next check at the earliest due time', async () => {
    const state = await stableState();
    const planned = planStep(
      {
        ...state,
        phase: 'overlap',
        phaseUntil: later(5_000),
        bundlePem: joinCertificates([state.ca.certPem!]),
      },
      now,
      settings,
      true,
    );
    assert.equal(planned.action, 'none');
    assert.equal((planned as { nextCheckAt: Date }).nextCheckAt.getTime(), later(5_000).getTime());
  });
});

describe('Secret round trip', () => {
  it('stores and reads back the whole state with Kruise keys', async () => {
    const state: CertState = {
      ...(await stableState()),
      phase: 'overlap',
      phaseUntil: later(1000),
      forceRotationHandled: 'x',
    };
    const content = secretContent(state);
    for (const key of [
      'ca-cert.pem',
      'ca-key.pem',
      'cert.pem',
      'key.pem',
      'tls.crt',
      'tls.key',
      'ca-bundle.pem',
    ]) {
      assert.ok(content.data[key], key);
    }
    const back = stateFromSecret({ data: content.data, metadata: { annotations: content.annotations } });
    assert.deepEqual(back, { ...state, forceRotation: undefined });
  });
});
