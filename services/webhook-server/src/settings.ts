// webhook-server's settings, from the environment (Kruise's names where it has one).
import { hostname } from 'node:os';

export type CertSourceSettings =
  | { kind: 'secret'; namespace: string; name: string }
  | { kind: 'dir'; dir: string };

export interface WebhookServerSettings {
  /** HTTPS listener (Kruise: WEBHOOK_PORT, default 9876; 0 picks a free port). */
  host: string;
  port: number;
  /** Plain-HTTP /healthz, /readyz, /metrics. */
  health: { host: string; port: number };
  certs: CertSourceSettings;
  /** Re-read the certificate this often even without notifications. */
  certPollMs: number;
  namespace: string;
  /** Register the webhook configurations in URL mode at start (`https://<WEBHOOK_HOST>:<port>`). */
  register: { baseHost: string; mutatingName: string; validatingName: string } | undefined;
  nats: { url: string; prefix: string; partitions: number } | undefined;
  kubeconfigPath: string | undefined;
  instance: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port or count, got '${raw}'`);
  return value;
}

export function settingsFromEnv(env: Env = process.env): WebhookServerSettings {
  const namespace = env.POD_NAMESPACE || 'kruise-system';
  const natsUrl = env.NATS_URL || env.KRUISE_TS_NATS_URL;
  return {
    host: env.WEBHOOK_BIND_HOST || '127.0.0.1',
    port: int(env, 'WEBHOOK_PORT', 9876),
    health: { host: env.HEALTH_HOST || '127.0.0.1', port: int(env, 'HEALTH_PORT', 8001) },
    certs: env.WEBHOOK_CERT_DIR
      ? { kind: 'dir', dir: env.WEBHOOK_CERT_DIR }
      : { kind: 'secret', namespace, name: env.SECRET_NAME || 'kruise-webhook-certs' },
    certPollMs: int(env, 'CERT_POLL_SECONDS', 30) * 1000,
    namespace,
    register:
      env.WEBHOOK_REGISTER === 'true'
        ? {
            baseHost: env.WEBHOOK_HOST || '127.0.0.1',
            mutatingName: env.MUTATING_WEBHOOK_CONFIGURATION || 'kruise-mutating-webhook-configuration',
            validatingName: env.VALIDATING_WEBHOOK_CONFIGURATION || 'kruise-validating-webhook-configuration',
          }
        : undefined,
    nats: natsUrl
      ? { url: natsUrl, prefix: env.BUS_PREFIX || 'kruise', partitions: int(env, 'BUS_PARTITIONS', 16) }
      : undefined,
    kubeconfigPath: env.KUBECONFIG || undefined,
    instance: env.POD_NAME || `${hostname()}-${process.pid}`,
  };
}
