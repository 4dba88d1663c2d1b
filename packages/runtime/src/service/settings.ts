// The settings every controller process reads from the environment, under the names all services share
// (KRUISE_TS_*). A service adds its own (workers, feature gates, …) on top.
import { hostname } from 'node:os';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** An integer setting in [min, max]; `fallback` when unset or blank; a ConfigError naming the variable else. */
export function envInt(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer in [${min}, ${max}], got '${raw}'`);
  }
  return value;
}

export interface ControllerSettings {
  /** undefined: client-node's default loading rules (in-cluster, then ~/.kube/config). */
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  leaseTtlMs: number;
  /** Lease member and publisher id; unique per process so a restarted replica never inherits a dead one's leases. */
  memberId: string;
  http: { host: string; port: number };
  kubeQps: number;
  kubeBurst: number;
  expectationTimeoutMs: number;
  shutdownDeadlineMs: number;
}

export interface SettingDefaults {
  expectationTimeoutMs?: number;
}

export function controllerSettingsFromEnv(env: Env, defaults: SettingDefaults = {}): ControllerSettings {
  // Lease keys are KV tokens: keep the id to [A-Za-z0-9_-].
  const memberId = (env.KRUISE_TS_MEMBER_ID || `${env.POD_NAME || hostname()}-${process.pid}`).replace(
    /[^A-Za-z0-9_-]/g,
    '-',
  );
  return {
    kubeconfigPath: env.KRUISE_TS_KUBECONFIG || env.KUBECONFIG || undefined,
    natsUrl: env.KRUISE_TS_NATS_URL || 'nats://127.0.0.1:4222',
    busPrefix: env.KRUISE_TS_BUS_PREFIX || 'kruise',
    partitions: envInt(env, 'KRUISE_TS_PARTITIONS', 16, 1, 4096),
    leaseTtlMs: envInt(env, 'KRUISE_TS_LEASE_TTL_MS', 15_000, 300),
    memberId,
    http: {
      host: env.KRUISE_TS_HTTP_HOST || '127.0.0.1',
      port: envInt(env, 'KRUISE_TS_HTTP_PORT', 8080, 0, 65_535),
    },
    kubeQps: envInt(env, 'KRUISE_TS_KUBE_QPS', 50, 1),
    kubeBurst: envInt(env, 'KRUISE_TS_KUBE_BURST', 100, 1),
    expectationTimeoutMs: envInt(
      env,
      'KRUISE_TS_EXPECTATION_TIMEOUT_MS',
      defaults.expectationTimeoutMs ?? 300_000,
      1,
    ),
    shutdownDeadlineMs: envInt(env, 'KRUISE_TS_SHUTDOWN_DEADLINE_MS', 30_000, 0),
  };
}
