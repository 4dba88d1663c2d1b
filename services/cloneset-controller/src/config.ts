// The controller's settings, from the environment (names shared with the other services: KRUISE_TS_*).
import { hostname } from 'node:os';
import { DEFAULT_EXPECTATION_TIMEOUT_MS } from '@kruise-ts/core';
import type { FeatureGates } from './types.ts';

export interface ControllerConfig {
  /** undefined: client-node's default loading rules (in-cluster, then ~/.kube/config). */
  kubeconfigPath: string | undefined;
  natsUrl: string;
  busPrefix: string;
  partitions: number;
  leaseTtlMs: number;
  /** Lease member and publisher id; unique per process so a restarted replica never inherits a dead one's leases. */
  memberId: string;
  http: { host: string; port: number };
  workers: number;
  kubeQps: number;
  kubeBurst: number;
  expectationTimeoutMs: number;
  gates: FeatureGates;
  shutdownDeadlineMs: number;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
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

const GATE_NAMES: Record<string, keyof FeatureGates> = {
  CloneSetPartitionRollback: 'partitionRollback',
  PreparingUpdateAsUpdate: 'preparingUpdateAsUpdate',
  CloneSetShortHash: 'cloneSetShortHash',
  RecreatePodWhenChangeVCTInCloneSetGate: 'recreatePodWhenChangeVCT',
};

/** Kruise's `--feature-gates` syntax: `Name=true,Other=false`. Unknown names are an error, as in Kruise. */
export function parseFeatureGates(raw: string | undefined): FeatureGates {
  const gates: FeatureGates = {};
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const [name = '', value = ''] = item.split('=').map((s) => s.trim());
    const key = GATE_NAMES[name];
    if (key === undefined) {
      throw new ConfigError(`unknown feature gate '${name}'; known: ${Object.keys(GATE_NAMES).join(', ')}`);
    }
    if (value !== 'true' && value !== 'false') {
      throw new ConfigError(`feature gate ${name} must be true or false, got '${value}'`);
    }
    gates[key] = value === 'true';
  }
  return gates;
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
    workers: int(env, 'KRUISE_TS_CLONESET_WORKERS', 4, 1, 256),
    kubeQps: int(env, 'KRUISE_TS_KUBE_QPS', 50, 1),
    kubeBurst: int(env, 'KRUISE_TS_KUBE_BURST', 100, 1),
    expectationTimeoutMs: int(env, 'KRUISE_TS_EXPECTATION_TIMEOUT_MS', DEFAULT_EXPECTATION_TIMEOUT_MS, 1),
    gates: parseFeatureGates(env.KRUISE_TS_FEATURE_GATES),
    shutdownDeadlineMs: int(env, 'KRUISE_TS_SHUTDOWN_DEADLINE_MS', 30_000, 0),
  };
}
