// Settings from the environment, named as the other services name them (KRUISE_TS_*).
import { hostname } from 'node:os';

export interface RevisionGcConfig {
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  leaseTtlMs: number;
  memberId: string;
  http: { host: string; port: number };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got '${raw}'`);
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): RevisionGcConfig {
  return {
    kubeconfigPath: env.KRUISE_TS_KUBECONFIG || env.KUBECONFIG || undefined,
    natsUrl: env.KRUISE_TS_NATS_URL || 'nats://127.0.0.1:4222',
    busPrefix: env.KRUISE_TS_BUS_PREFIX || 'kruise',
    partitions: int(env, 'KRUISE_TS_PARTITIONS', 16),
    leaseTtlMs: int(env, 'KRUISE_TS_LEASE_TTL_MS', 15_000),
    memberId: (env.KRUISE_TS_MEMBER_ID || `${env.POD_NAME || hostname()}-${process.pid}`).replace(
      /[^A-Za-z0-9_-]/g,
      '_',
    ),
    http: { host: env.KRUISE_TS_HTTP_HOST || '127.0.0.1', port: int(env, 'KRUISE_TS_HTTP_PORT', 8080) },
  };
}
