// Tells webhook servers over the bus that the serving certificate changed (domain event CertificateRotated), so
// they reload at once instead of waiting for their own watch of the Secret.
import { type Bus, CertificateRotationReason, publishDomainEvent, toTimestamp } from '@kruise-ts/bus';
import { certificateInfo, fingerprintSha256 } from '@kruise-ts/certs';
import type { RotationReason } from './plan.ts';

export interface RotationNotice {
  namespace: string;
  secretName: string;
  secretUid: string;
  resourceVersion: string;
  reason: RotationReason;
  servingCertPem: string;
  caCertPem: string;
}

export interface RotationNotifier {
  certificateRotated(notice: RotationNotice): Promise<void>;
}

// The contract has no "forced" reason: a forced CA rotation is a planned early renewal, reported as EXPIRING.
const reasons: Record<RotationReason, CertificateRotationReason> = {
  CREATED: CertificateRotationReason.CERTIFICATE_ROTATION_REASON_CREATED,
  EXPIRING: CertificateRotationReason.CERTIFICATE_ROTATION_REASON_EXPIRING,
  FORCED: CertificateRotationReason.CERTIFICATE_ROTATION_REASON_EXPIRING,
  RESET: CertificateRotationReason.CERTIFICATE_ROTATION_REASON_RESET,
};

export function busNotifier(bus: Bus): RotationNotifier {
  return {
    async certificateRotated(notice) {
      const info = certificateInfo(notice.servingCertPem);
      await publishDomainEvent(bus, 'CertificateRotated', {
        // One event per written Secret version: a retried publish is de-duplicated by the stream.
        meta: { eventId: `cert:${notice.secretUid}:${notice.resourceVersion}` },
        secret: {
          kind: { group: '', version: 'v1', kind: 'Secret' },
          namespace: notice.namespace,
          name: notice.secretName,
          uid: notice.secretUid,
        },
        reason: reasons[notice.reason],
        serialNumber: info.serialNumber,
        notBefore: toTimestamp(info.notBefore),
        notAfter: toTimestamp(info.notAfter),
        dnsNames: [...info.dnsNames, ...info.ipAddresses],
        caFingerprintSha256: fingerprintSha256(notice.caCertPem),
      });
    },
  };
}
