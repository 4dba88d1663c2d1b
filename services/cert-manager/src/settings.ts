// cert-manager's settings, from the environment (names follow Kruise's where Kruise has one).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { parseDuration, parseKruiseRenewBefore } from './duration.ts';

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
  nats: { url: string; prefix: string; partitions: number } | undefined;
  kubeconfigPath: string | undefined;
}

type Env = Record<string, string | undefined>;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

function duration(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  return raw === undefined || raw === '' ? fallback : parseDuration(raw, name);
}

const dayMs = 86_400_000;

export function settingsFromEnv(env: Env = process.env): CertManagerSettings {
  const namespace = env.POD_NAMESPACE || 'kruise-system';
  const serviceName = env.SERVICE_NAME || 'kruise-webhook-service';
  const serviceHosts = [`${serviceName}.${namespace}.svc`, `${serviceName}.${namespace}.svc.cluster.local`];
  const hosts = list(env.WEBHOOK_HOSTS) ?? [
    ...(env.WEBHOOK_HOST ? [env.WEBHOOK_HOST] : []),
    ...serviceHosts,
    'localhost',
    '127.0.0.1',
  ];
  const renewBefore = env.CERTS_RENEW_BEFORE ? parseKruiseRenewBefore(env.CERTS_RENEW_BEFORE) : undefined;
  const mode = env.CERT_MODE || (env.EXTERNAL_CERTS === 'true' ? 'external' : 'self-signed');
  if (mode !== 'self-signed' && mode !== 'external') {
    throw new Error(`CERT_MODE must be self-signed or external, got '${mode}'`);
  }
  const natsUrl = env.NATS_URL || env.KRUISE_TS_NATS_URL;
  return {
    namespace,
    secretName: env.SECRET_NAME || 'kruise-webhook-certs',
    serviceName,
    hosts: [...new Set(hosts)],
    mutatingConfigName: env.MUTATING_WEBHOOK_CONFIGURATION || 'kruise-mutating-webhook-configuration',
    validatingConfigName: env.VALIDATING_WEBHOOK_CONFIGURATION || 'kruise-validating-webhook-configuration',
    crdGroup: env.CRD_GROUP || 'apps.kruise.io',
    crdNames: list(env.CRD_NAMES),
    mode,
    caValidityMs: duration(env, 'CA_VALIDITY', 3650 * dayMs),
    servingValidityMs: duration(env, 'CERT_VALIDITY', 365 * dayMs),
    renewBeforeMs: renewBefore ?? 90 * dayMs,
    caRenewBeforeMs: duration(env, 'CA_RENEW_BEFORE', 365 * dayMs),
    trustDelayMs: duration(env, 'CA_TRUST_DELAY', 30_000),
    overlapMs: duration(env, 'CA_OVERLAP', 10 * 60_000),
    resyncMs: duration(env, 'RESYNC_PERIOD', 60_000),
    lease: {
      name: env.LEASE_NAME || 'kruise-ts-cert-manager',
      // Unique per instance even when two run in one process (tests) or a pod restarts with the same name.
      identity: `${env.POD_NAME || hostname()}_${randomBytes(4).toString('hex')}`,
      durationMs: duration(env, 'LEASE_DURATION', 15_000),
      renewDeadlineMs: duration(env, 'LEASE_RENEW_DEADLINE', 10_000),
      retryPeriodMs: duration(env, 'LEASE_RETRY_PERIOD', 2_000),
    },
    health: { host: env.HEALTH_HOST || '127.0.0.1', port: int(env, 'HEALTH_PORT', 8000) },
    nats: natsUrl
      ? { url: natsUrl, prefix: env.BUS_PREFIX || 'kruise', partitions: int(env, 'BUS_PARTITIONS', 16) }
      : undefined,
    kubeconfigPath: env.KUBECONFIG || undefined,
  };
}
