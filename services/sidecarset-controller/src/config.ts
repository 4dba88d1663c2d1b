// The controller's settings, from the environment (KRUISE_TS_* names shared with the other services; the kruise
// namespace, where SidecarSet ControllerRevisions live, is POD_NAMESPACE as in Kruise).
import { hostname } from 'node:os';

export interface ControllerConfig {
  /** undefined: client-node's default loading rules (in-cluster, then ~/.kube/config). */
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  leaseTtlMs: number;
  /** Lease member id; unique per process so a restarted replica never inherits a dead one's lease. */
  memberId: string;
  http: { host: string; port: number };
  /** Namespace of the SidecarSet ControllerRevisions (Kruise: the kruise-manager's namespace). */
  revisionNamespace: string;
  workers: number;
  kubeQps: number;
  kubeBurst: number;
  expectationTimeoutMs: number;
  shutdownDeadlineMs: number;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function int(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer in [${min}, ${max}], got '${raw}'`);
  }
  return value;
}

export function configFromEnv(env: Env = process.env): ControllerConfig {
  // Lease keys are KV tokens: keep the id to [A-Za-z0-9_-].
  const member = (env.KRUISE_TS_MEMBER_ID || `${env.POD_NAME || hostname()}-${process.pid}`).replace(
    /[^A-Za-z0-9_-]/g,
    '-',
  );
  return {
    kubeconfigPath: env.KRUISE_TS_KUBECONFIG || env.KUBECONFIG || undefined,
    natsUrl: env.KRUISE_TS_NATS_URL || 'nats://127.0.0.1:4222',
    busPrefix: env.KRUISE_TS_BUS_PREFIX || 'kruise',
    partitions: int(env, 'KRUISE_TS_PARTITIONS', 16, 1, 4096),
    leaseTtlMs: int(env, 'KRUISE_TS_LEASE_TTL_MS', 15_000, 300),
    memberId: member,
    http: {
      host: env.KRUISE_TS_HTTP_HOST || '127.0.0.1',
      port: int(env, 'KRUISE_TS_HTTP_PORT', 8080, 0, 65_535),
    },
    revisionNamespace: env.POD_NAMESPACE || 'kruise-system',
    // Kruise runs the SidecarSet controller with 3 workers.
    workers: int(env, 'KRUISE_TS_WORKERS', 3, 1, 256),
    kubeQps: int(env, 'KRUISE_TS_KUBE_QPS', 50, 1),
    kubeBurst: int(env, 'KRUISE_TS_KUBE_BURST', 100, 1),
    expectationTimeoutMs: int(env, 'KRUISE_TS_EXPECTATION_TIMEOUT_MS', 300_000, 1_000),
    shutdownDeadlineMs: int(env, 'KRUISE_TS_SHUTDOWN_DEADLINE_MS', 30_000, 1_000),
  };
}
