// cert-manager's settings, from the environment (the settings table: Kruise's names where Kruise has one,
// KRUISE_TS_* for the bus and the health server as in every service).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type BusSettings, type Env, SettingsReader } from '@kruise-ts/runtime';
import { parseKruiseRenewBefore } from './duration.ts';

export interface CertManagerSettings {
  /** Namespace of the Secret and the Lease (Kruise: POD_NAMESPACE, default kruise-system). */
  namespace: string;
  secretName: string;
  /** Kruise's SERVICE_NAME: the webhook Service whose DNS names the serving certificate covers. */
  serviceName: string;
  /** Every DNS name / IP the serving certificate covers. */
  hosts: string[];
  mutatingConfigName: string;
  validatingConfigName: string;
  /** CRDs of this group that use Webhook conversion get the caBundle. */
  crdGroup: string;
  /** Only these CRDs (names like `clonesets.apps.kruise.io`); all of the group when undefined. */
  crdNames: string[] | undefined;
  /** external: the Secret (ca.crt, tls.crt, tls.key) is managed by someone else and never written. */
  mode: 'self-signed' | 'external';
  caValidityMs: number;
  servingValidityMs: number;
  /** Re-issue the serving certificate when it expires within this (Kruise's CERTS_RENEW_BEFORE). */
  renewBeforeMs: number;
  /** Start a CA rotation when the CA expires within this (Kruise reuses a CA valid for at least a year). */
  caRenewBeforeMs: number;
  /** How long the new CA is trusted (in every caBundle) before anything is signed by it. */
  trustDelayMs: number;
  /** How long the old CA stays trusted after the serving certificate moved to the new CA. */
  overlapMs: number;
  /** Periodic full sync, the backstop for missed watch events (Kruise: 1 minute). */
  resyncMs: number;
  lease: {
    name: string;
    identity: string;
    durationMs: number;
    renewDeadlineMs: number;
    retryPeriodMs: number;
  };
  /** Plain-HTTP /healthz, /readyz, /metrics. */
  health: { host: string; port: number };
  nats: BusSettings | undefined;
  kubeconfigPath: string | undefined;
  shutdownDeadlineMs: number;
  /** Deprecated setting names in use; logged once at start. */
  deprecations: readonly string[];
}

const dayMs = 86_400_000;

export function settingsFromEnv(env: Env = process.env): CertManagerSettings {
  const s = new SettingsReader(env, 'cert-manager');
  const namespace = s.string('POD_NAMESPACE') ?? 'kruise-system';
  const serviceName = s.string('SERVICE_NAME') ?? 'kruise-webhook-service';
  const serviceHosts = [`${serviceName}.${namespace}.svc`, `${serviceName}.${namespace}.svc.cluster.local`];
  const extraHost = s.string('WEBHOOK_HOST');
  const hosts = s.list('WEBHOOK_HOSTS') ?? [
    ...(extraHost ? [extraHost] : []),
    ...serviceHosts,
    'localhost',
    '127.0.0.1',
  ];
  const renewBefore = parseKruiseRenewBefore(s.string('CERTS_RENEW_BEFORE') ?? '90d');
  const mode =
    s.raw('CERT_MODE') !== undefined || !s.bool('EXTERNAL_CERTS')
      ? s.choice<'self-signed' | 'external'>('CERT_MODE')
      : 'external';
  const settings: CertManagerSettings = {
    namespace,
    secretName: s.string('SECRET_NAME') ?? '',
    serviceName,
    hosts: [...new Set(hosts)],
    mutatingConfigName: s.string('MUTATING_WEBHOOK_CONFIGURATION') ?? '',
    validatingConfigName: s.string('VALIDATING_WEBHOOK_CONFIGURATION') ?? '',
    crdGroup: s.string('CRD_GROUP') ?? '',
    crdNames: s.list('CRD_NAMES'),
    mode,
    caValidityMs: s.duration('CA_VALIDITY'),
    servingValidityMs: s.duration('CERT_VALIDITY'),
    renewBeforeMs: renewBefore ?? 90 * dayMs,
    caRenewBeforeMs: s.duration('CA_RENEW_BEFORE'),
    trustDelayMs: s.duration('CA_TRUST_DELAY'),
    overlapMs: s.duration('CA_OVERLAP'),
    resyncMs: s.duration('RESYNC_PERIOD'),
    lease: {
      name: s.string('LEASE_NAME') ?? '',
      // Unique per instance even when two run in one process (tests) or a pod restarts with the same name.
      identity: `${s.string('POD_NAME') ?? hostname()}_${randomBytes(4).toString('hex')}`,
      durationMs: s.duration('LEASE_DURATION'),
      renewDeadlineMs: s.duration('LEASE_RENEW_DEADLINE'),
      retryPeriodMs: s.duration('LEASE_RETRY_PERIOD'),
    },
    health: s.httpServer(),
    nats: s.optionalBus(),
    kubeconfigPath: s.kubeconfigPath(),
    shutdownDeadlineMs: s.int('KRUISE_TS_SHUTDOWN_DEADLINE_MS'),
    deprecations: [],
  };
  return { ...settings, deprecations: s.deprecations };
}
